import ChildProcess
import FileProviderKit
import Foundation
import LocalFolderProvider
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An acknowledged operation is not lost when the process is killed right after: `crash-writer`
/// performs operations and prints an acknowledgement after each; the test kills it with SIGKILL
/// at an arbitrary moment, reopens the folders, and checks every acknowledged operation.
@Suite("Crash safety")
struct CrashSafetyTests {
    /// How many times a writer is started over the same folders and killed.
    static let runs = 6

    @Test("every acknowledged operation survives SIGKILL, over repeated kills of the same folders")
    func acknowledgedOperationsSurviveKill() async throws {
        let writer = try #require(Self.crashWriter(), "the crash-writer executable was not built")
        let folders = try TemporaryFolders()
        defer { folders.remove() }
        var acknowledged: [ItemIdentifier: (filename: String, content: String)] = [:]
        for run in 0..<Self.runs {
            let lines = try await Self.runAndKill(
                writer,
                folders: folders,
                run: run,
                afterAcknowledgements: 8 + run * 7
            )
            #expect(lines.count >= 8 + run * 7, "run \(run) was killed before its acknowledgements")
            for line in lines {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard fields.count == 4, fields[0] == "ACK" else { continue }
                acknowledged[ItemIdentifier(fields[1])] = (fields[2], fields[3])
            }
            let provider = try LocalFolderProvider(rootDirectory: folders.root, stateDirectory: folders.state)
            for (identifier, expected) in acknowledged {
                let item = try await provider.item(for: identifier, request: Request())
                #expect(item.filename == expected.filename, "run \(run): \(identifier) lost its acknowledged name")
                let fetched = try await provider.fetchContents(for: identifier, version: nil, request: Request())
                #expect(try String(contentsOf: fetched.url, encoding: .utf8) == expected.content)
                try? FileManager.default.removeItem(at: fetched.url)
            }
            let listed = try await provider.enumerator(for: .rootContainer, request: Request()).allItems()
            #expect(Set(acknowledged.keys).isSubset(of: Set(listed.map(\.itemIdentifier))))
            await provider.invalidate()
        }
    }

    /// Starts the writer, reads its acknowledgements until `count` arrived, kills it with SIGKILL,
    /// and returns every line it wrote before dying.
    static func runAndKill(
        _ writer: URL,
        folders: TemporaryFolders,
        run: Int,
        afterAcknowledgements count: Int
    ) async throws -> [String] {
        let process = try ChildProcess(
            executable: writer.path,
            arguments: [folders.root.path, folders.state.path, "\(run)", "100000"],
            standardOutput: .lines
        )
        _ = await process.waitForOutput(timeout: .seconds(120)) { $0.lines.count >= count || $0.ended ? true : nil }
        process.send(SIGKILL)
        _ = await process.waitForExit(timeout: .seconds(60))
        // Only whole lines count: one cut short by the kill was never completely acknowledged.
        return await process.waitForOutput(timeout: .seconds(60)) { $0.ended ? $0.lines : nil }
            ?? process.standardOutputLines.lines
    }

    /// The `crash-writer` built beside the test bundle.
    static func crashWriter() -> URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        return candidates.map { $0.appendingPathComponent("crash-writer") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
