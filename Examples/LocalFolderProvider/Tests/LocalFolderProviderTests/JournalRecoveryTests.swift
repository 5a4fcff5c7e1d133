import FileProviderKit
import Foundation
import Testing

@testable import LocalFolderProvider

/// The next start settles a write that a crash cut short between its intent and its disk change:
/// each test leaves what such a crash leaves — the intent as the journal's last line, the disk
/// changed in part or not at all — and reopens the folders.
@Suite("Journal recovery")
struct JournalRecoveryTests {
    let folders: TemporaryFolders

    init() throws {
        folders = try TemporaryFolders()
    }

    func open() throws -> LocalFolderProvider {
        try LocalFolderProvider(rootDirectory: folders.root, stateDirectory: folders.state)
    }

    /// The journal's transactions, in order.
    func journal() throws -> [Transaction] {
        let data = try Data(contentsOf: folders.state.appendingPathComponent("journal"))
        return try StateFolder.lines(of: data).filter { !$0.isEmpty }.map {
            try JSONDecoder().decode(Transaction.self, from: data[$0])
        }
    }

    /// The rank after the journal's last.
    func nextRank() throws -> UInt64 {
        try #require(try journal().last).lastRank + 1
    }

    /// Appends an intent to the journal, with the next rank, as a write journals it.
    func journalIntent(records: [ItemRecord] = [], removals: [Transaction.Removal] = []) throws {
        let last = try #require(try journal().last)
        var line = try JSONEncoder().encode(
            Transaction(
                records: records,
                removals: removals,
                lastRank: last.lastRank + 1,
                nextSerial: last.nextSerial + 1,
                isIntent: true
            )
        )
        line.append(UInt8(ascii: "\n"))
        let handle = try FileHandle(forWritingTo: folders.state.appendingPathComponent("journal"))
        try handle.seekToEnd()
        try handle.write(contentsOf: line)
        try handle.close()
    }

    /// The record the journal holds for `identifier`.
    func record(of identifier: ItemIdentifier) throws -> ItemRecord {
        try #require(try journal().flatMap(\.records).last { $0.identifier == identifier })
    }

    /// `record` as a write that renames it to `name` and gives it new content journals it: in the
    /// staged file's inode, which a crash leaves in the staging folder.
    func staged(_ record: ItemRecord, as name: String) -> ItemRecord {
        var staged = record
        staged.filename = name
        staged.diskName = name
        staged.disk.identity.inode &+= 1_000_000
        return staged
    }

    func namesInRoot() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folders.root.path).sorted()
    }

    @Test("a move with new content cut short after the move is undone: the item is back, as it was")
    func partialMoveUndone() async throws {
        defer { folders.remove() }
        let first = try open()
        let file = try await first.create("old.txt", text: "old")
        await first.invalidate()
        try journalIntent(records: [staged(try record(of: file.itemIdentifier), as: "new.txt")])
        try FileManager.default.moveItem(
            at: folders.root.appendingPathComponent("old.txt"),
            to: folders.root.appendingPathComponent("new.txt")
        )

        for _ in 0..<2 {
            let provider = try open()
            #expect(try namesInRoot() == ["old.txt"])
            #expect(ItemSnapshot(try await provider.item(for: file.itemIdentifier, request: Request())) == file)
            #expect(try await provider.text(of: file.itemIdentifier) == "old")
            #expect(try await provider.workingSet().count == 1)
            await provider.invalidate()
        }
        #expect(try journal().contains { $0.abandonsIntent == true })
    }

    @Test("a creation cut short before its file was placed leaves no item")
    func unplacedCreationAbandoned() async throws {
        defer { folders.remove() }
        let first = try open()
        let file = try await first.create("kept.txt", text: "kept")
        await first.invalidate()
        var ghost = staged(try record(of: file.itemIdentifier), as: "ghost.txt")
        ghost.identifier = ItemIdentifier("ghost")
        try journalIntent(records: [ghost])

        for _ in 0..<2 {
            let provider = try open()
            #expect(try namesInRoot() == ["kept.txt"])
            #expect(try await provider.workingSet() == [file])
            #expect(await errorCode { try await provider.item(for: "ghost", request: Request()) } == .noSuchItem)
            await provider.invalidate()
        }
    }

    @Test("a deletion cut short after its item left the root is kept; one cut short before is abandoned")
    func deletion() async throws {
        defer { folders.remove() }
        let first = try open()
        let gone = try await first.create("gone.txt", text: "gone")
        let kept = try await first.create("kept.txt", text: "kept")
        await first.invalidate()

        // The item left the root for the staging folder; the crash came before its removal.
        try journalIntent(removals: [.init(identifier: gone.itemIdentifier, rank: try nextRank())])
        try FileManager.default.moveItem(
            at: folders.root.appendingPathComponent("gone.txt"),
            to: folders.state.appendingPathComponent("staging/deleted-crash")
        )
        var provider = try open()
        #expect(try namesInRoot() == ["kept.txt"])
        #expect(try await provider.workingSet() == [kept])
        let staging = folders.state.appendingPathComponent("staging")
        #expect(try FileManager.default.contentsOfDirectory(atPath: staging.path).isEmpty)
        await provider.invalidate()

        // The crash came before the item moved.
        try journalIntent(removals: [.init(identifier: kept.itemIdentifier, rank: try nextRank())])
        provider = try open()
        #expect(try namesInRoot() == ["kept.txt"])
        #expect(try await provider.workingSet() == [kept])
        await provider.invalidate()
    }
}
