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
/// announces each operation, performs it and prints an acknowledgement; the test kills it with
/// SIGKILL at an arbitrary moment, reopens the folders, and checks every acknowledged operation.
/// The one operation announced and not acknowledged may have taken effect in part or in full (its
/// rename without its new content, say) but never at the cost of its item's identifier.
@Suite("Crash safety")
struct CrashSafetyTests {
    /// How many times a writer is started over the same folders and killed.
    static let runs = 6

    /// An item's name and content.
    struct Expected: Equatable {
        var filename: String
        var content: String
    }

    @Test("every acknowledged operation survives SIGKILL, over repeated kills of the same folders")
    func acknowledgedOperationsSurviveKill() async throws {
        let writer = try #require(
            ChildProcess.builtExecutable(named: "crash-writer"),
            "the crash-writer executable was not built"
        )
        let folders = try TemporaryFolders()
        defer { folders.remove() }
        var acknowledged: [ItemIdentifier: Expected] = [:]
        for run in 0..<Self.runs {
            let lines = try await Self.runAndKill(
                writer,
                folders: folders,
                run: run,
                afterAcknowledgements: 8 + run * 7
            )
            var acknowledgements = 0
            var inFlight: (identifier: ItemIdentifier, intended: Expected)?
            for line in lines {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard fields.count == 4 else { continue }
                let identifier = ItemIdentifier(fields[1])
                switch fields[0] {
                case "BEGIN":
                    inFlight = fields[1] == "-" ? nil : (identifier, Expected(filename: fields[2], content: fields[3]))
                case "ACK":
                    acknowledgements += 1
                    inFlight = nil
                    acknowledged[identifier] = Expected(filename: fields[2], content: fields[3])
                default:
                    continue
                }
            }
            #expect(acknowledgements >= 8 + run * 7, "run \(run) was killed before its acknowledgements")
            let provider = try LocalFolderProvider(rootDirectory: folders.root, stateDirectory: folders.state)
            for (identifier, expected) in acknowledged {
                let item = try await provider.item(for: identifier, request: Request())
                let fetched = try await provider.fetchContents(for: identifier, version: nil, request: Request())
                let content = try String(contentsOf: fetched.url, encoding: .utf8)
                let found = Expected(filename: item.filename, content: content)
                try? FileManager.default.removeItem(at: fetched.url)
                if let inFlight, inFlight.identifier == identifier {
                    #expect([expected.filename, inFlight.intended.filename].contains(found.filename))
                    #expect([expected.content, inFlight.intended.content].contains(found.content))
                    acknowledged[identifier] = found
                } else {
                    #expect(found == expected, "run \(run): \(identifier) lost its acknowledged state")
                }
            }
            let listed = try await provider.enumerator(for: .rootContainer, request: Request()).allItems()
            #expect(Set(acknowledged.keys).isSubset(of: Set(listed.map(\.itemIdentifier))))
            await provider.invalidate()
        }
    }

    /// Starts the writer, reads its lines until `count` acknowledgements arrived, kills it with
    /// SIGKILL, and returns every line it wrote before dying.
    static func runAndKill(
        _ writer: String,
        folders: TemporaryFolders,
        run: Int,
        afterAcknowledgements count: Int
    ) async throws -> [String] {
        let process = try ChildProcess(
            executable: writer,
            arguments: [folders.root.path, folders.state.path, "\(run)", "100000"],
            standardOutput: .lines
        )
        _ = await process.waitForOutput(timeout: .seconds(120)) { output in
            output.lines.count(where: { $0.hasPrefix("ACK\t") }) >= count || output.ended ? true : nil
        }
        process.send(SIGKILL)
        _ = await process.waitForExit(timeout: .seconds(60))
        // Only whole lines count: one cut short by the kill was never completely acknowledged.
        return await process.waitForOutput(timeout: .seconds(60)) { $0.ended ? $0.lines : nil }
            ?? process.standardOutputLines.lines
    }
}
