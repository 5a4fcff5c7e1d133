import FileProviderKit
import Foundation
import LocalFolderProvider
import Testing

/// Identifiers, versions, anchors and pages survive a restart of the provider.
@Suite("Persistence")
final class PersistenceTests {
    let folders: TemporaryFolders

    init() throws {
        folders = try TemporaryFolders()
    }

    deinit {
        folders.remove()
    }

    func open() throws -> LocalFolderProvider {
        try LocalFolderProvider(rootDirectory: folders.root, stateDirectory: folders.state)
    }

    @Test("a new instance keeps identifiers and versions, and continues from the old anchor")
    func restartContinues() async throws {
        let first = try open()
        let folder = try await first.create("Docs")
        let file = try await first.create("a.txt", in: folder.itemIdentifier, text: "a")
        let anchor = try await first.anchor()
        await first.invalidate()

        let second = try open()
        let reopened = try await second.item(for: file.itemIdentifier, request: Request())
        #expect(ItemSnapshot(reopened) == file)
        #expect(try await second.changes(since: anchor).isEmpty)
        let renamed = try await second.rename(file, to: "b.txt")
        let changes = try await second.changes(since: anchor)
        #expect(changes.updatedItems.map(\.itemIdentifier) == [file.itemIdentifier])
        #expect(changes.updatedItems.first?.filename == "b.txt")
        #expect(renamed.itemVersion.contentVersion == file.itemVersion.contentVersion)
        await second.invalidate()
    }

    @Test("changes made while no instance was open are reported from the old anchor")
    func changesWhileClosed() async throws {
        let first = try open()
        let kept = try await first.create("kept.txt", text: "kept")
        let doomed = try await first.create("doomed.txt", text: "doomed")
        let anchor = try await first.anchor()
        await first.invalidate()

        let manager = FileManager.default
        try manager.moveItem(
            at: folders.root.appendingPathComponent("kept.txt"),
            to: folders.root.appendingPathComponent("renamed.txt")
        )
        try manager.removeItem(at: folders.root.appendingPathComponent("doomed.txt"))
        try Data("new".utf8).write(to: folders.root.appendingPathComponent("new.txt"))

        let second = try open()
        let changes = try await second.changes(since: anchor)
        let updated = Dictionary(uniqueKeysWithValues: changes.updatedItems.map { ($0.filename, $0.itemIdentifier) })
        #expect(updated["renamed.txt"] == kept.itemIdentifier)
        #expect(updated["new.txt"] != nil)
        #expect(changes.deletedItemIdentifiers == [doomed.itemIdentifier])
        await second.invalidate()
    }

    @Test("a page handed out by one instance resumes the listing on the next")
    func pageAcrossRestart() async throws {
        let first = try open()
        for index in 0..<5 { _ = try await first.create("file-\(index).txt", text: "\(index)") }
        var pages = try await first.enumerator(for: .rootContainer, request: Request()).pages(suggestedPageSize: 2)
            .makeAsyncIterator()
        let page = try #require(try await pages.next())
        await first.invalidate()

        let second = try open()
        let rest = try await second.enumerator(for: .rootContainer, request: Request())
            .allItems(startingAt: try #require(page.nextPage))
        #expect((page.items + rest).map(\.filename) == (0..<5).map { "file-\($0).txt" })
        await second.invalidate()
    }

    @Test("only one instance may have the state folder open")
    func exclusiveStateFolder() async throws {
        let first = try open()
        #expect(await errorCode { try self.open() } == .cannotSynchronize)
        await first.invalidate()
        let second = try open()
        await second.invalidate()
    }

    @Test("a journal line cut short by a crash is dropped; the acknowledged ones are kept")
    func tornJournalLine() async throws {
        let first = try open()
        let file = try await first.create("kept.txt", text: "kept")
        await first.invalidate()
        let journal = try FileHandle(forWritingTo: folders.state.appendingPathComponent("journal"))
        try journal.seekToEnd()
        try journal.write(contentsOf: Data(#"{"records":[{"identifier":"#.utf8))
        try journal.close()

        let second = try open()
        #expect(try await second.item(for: file.itemIdentifier, request: Request()).filename == "kept.txt")
        await second.invalidate()
    }

    @Test("identifiers are never reused, across restarts and deletions")
    func identifiersNeverReused() async throws {
        var seen: Set<ItemIdentifier> = []
        for round in 0..<3 {
            let provider = try open()
            for _ in 0..<3 {
                let file = try await provider.create("same.txt", text: "\(round)")
                #expect(seen.insert(file.itemIdentifier).inserted)
                try await provider.deleteItem(
                    identifier: file.itemIdentifier,
                    baseVersion: file.itemVersion,
                    options: [],
                    request: Request()
                )
            }
            await provider.invalidate()
        }
    }
}
