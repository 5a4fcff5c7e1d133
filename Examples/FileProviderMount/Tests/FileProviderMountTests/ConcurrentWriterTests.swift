import Foundation
import Testing

extension KernelMountTests {
    /// Several processes writing at once lose nothing and mix no lines.
    @Suite("Concurrent writers")
    struct ConcurrentWriterTests {
        static let writers = 8
        static let lines = 150

        @Test("8 processes appending to one shared file and to their own files, at once")
        func concurrentAppends() throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let mount = try MountProcess(referenceExportingIn: folder)
            defer { mount.cleanUp() }
            let script = """
                cd '\(mount.mountPoint.path)'
                for writer in $(seq 1 \(Self.writers)); do
                    (for line in $(seq 1 \(Self.lines)); do
                        echo "writer $writer line $line" >> shared.log
                        echo "line $line" >> "own-$writer.txt"
                    done) &
                done
                wait
                """
            let outcome = try Shell.bash(script, seconds: 300)
            #expect(outcome.status == 0, "\(outcome.errors)")

            let shared = try String(contentsOf: mount.mountPoint.appendingPathComponent("shared.log"), encoding: .utf8)
            var expected: Set<String> = []
            for writer in 1...Self.writers {
                for line in 1...Self.lines { expected.insert("writer \(writer) line \(line)") }
            }
            let sharedLines = shared.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
                String.init
            )
            #expect(sharedLines.count == Self.writers * Self.lines)
            #expect(expected.subtracting(sharedLines).sorted() == [], "lines lost")
            #expect(Set(sharedLines).subtracting(expected).sorted() == [], "lines mixed up")
            let own = (1...Self.lines).map { "line \($0)\n" }.joined()
            for writer in 1...Self.writers {
                let url = mount.mountPoint.appendingPathComponent("own-\(writer).txt")
                let content = try String(contentsOf: url, encoding: .utf8)
                #expect(content == own, "own-\(writer).txt has \(content.split(separator: "\n").count) lines")
            }

            #expect(try mount.unmount() == 0)
            let exported = try String(
                contentsOf: folder("export").appendingPathComponent("shared.log"),
                encoding: .utf8
            )
            #expect(exported == shared, "the provider holds another shared.log than the mount showed")
        }
    }
}
