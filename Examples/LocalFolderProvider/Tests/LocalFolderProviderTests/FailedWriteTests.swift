import FileProviderKit
import Foundation
import LocalFolderProvider
import Testing

/// A write whose N-th disk request fails (``LocalFolderProvider/failRequest(_:)``) changes nothing —
/// in the provider, on disk, and after a restart — and a write whose armed request lies beyond its
/// last is made whole and survives the restart. Each test arms every request of one write in turn,
/// over fresh folders.
@Suite("Failed writes")
struct FailedWriteTests {
    /// A provider over fresh folders, restarted on demand.
    final class Subject {
        let folders: TemporaryFolders
        private(set) var provider: LocalFolderProvider

        init() throws {
            folders = try TemporaryFolders()
            provider = try LocalFolderProvider(rootDirectory: folders.root, stateDirectory: folders.state)
        }

        deinit {
            folders.remove()
        }

        func restart() async throws {
            await provider.invalidate()
            provider = try LocalFolderProvider(rootDirectory: folders.root, stateDirectory: folders.state)
        }

        /// The names in the root folder on disk, sorted.
        func namesOnDisk(_ path: String = "") throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folders.root.appendingPathComponent(path).path).sorted()
        }

        /// Every item of the domain, by identifier.
        func items() async throws -> [ItemIdentifier: ItemSnapshot] {
            Dictionary(uniqueKeysWithValues: try await provider.workingSet().map { ($0.itemIdentifier, $0) })
        }

        /// Runs `check` with every item of the domain, then restarts the provider and runs it
        /// again; `round` names the run in its expectations.
        func checkAcrossRestart(
            _ check: (_ items: [ItemIdentifier: ItemSnapshot], _ round: Comment) async throws -> Void
        ) async throws {
            try await check(try await items(), "before the restart")
            try await restart()
            try await check(try await items(), "after the restart")
            await provider.invalidate()
        }
    }

    /// A file with content, tags, a favorite rank and a date.
    static func fileTemplate(named name: String) -> ItemSnapshot {
        ItemSnapshot(
            itemIdentifier: "template",
            parentItemIdentifier: .rootContainer,
            filename: name,
            contentType: .forFilename(name),
            contentModificationDate: Date(timeIntervalSince1970: 1_000_000_000.25),
            tagData: Data("tags".utf8),
            favoriteRank: 7
        )
    }

    static func contents(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test(
        "a file's creation with its N-th request failing makes nothing; past its 3 requests it is whole",
        arguments: 1...4
    )
    func fileCreation(failing request: Int) async throws {
        let subject = try Subject()
        try await subject.provider.failRequest(request)
        let template = Self.fileTemplate(named: "new.txt")
        let fields: ItemFields = [.filename, .contents, .contentModificationDate, .tagData, .favoriteRank]
        let made: ItemSnapshot?
        do {
            let result = try await subject.provider.createItem(
                basedOn: template,
                fields: fields,
                contents: try Self.contents("hello"),
                options: [],
                request: Request()
            )
            let stored: any FileProviderItem = try #require(result).item
            made = ItemSnapshot(stored)
        } catch {
            made = nil
        }
        try await subject.provider.failRequest(nil)
        #expect((made != nil) == (request > 3))
        try await subject.checkAcrossRestart { items, round async throws in
            if let made {
                #expect(try subject.namesOnDisk() == ["new.txt"], round)
                #expect(items.count == 1, round)
                let item = try #require(items[made.itemIdentifier], round)
                #expect(item == made, round)
                #expect(item.tagData == template.tagData)
                #expect(item.favoriteRank == 7)
                #expect(item.contentModificationDate == template.contentModificationDate)
                #expect(try await subject.provider.text(of: made.itemIdentifier) == "hello")
            } else {
                #expect(try subject.namesOnDisk().isEmpty, round)
                #expect(items.isEmpty, round)
            }
        }
    }

    @Test(
        "a folder's creation with its N-th request failing makes nothing; past its 2 requests it is whole",
        arguments: 1...3
    )
    func folderCreation(failing request: Int) async throws {
        let subject = try Subject()
        try await subject.provider.failRequest(request)
        let made = try? await subject.provider.create("Folder")
        try await subject.provider.failRequest(nil)
        #expect((made != nil) == (request > 2))
        try await subject.checkAcrossRestart { items, round async throws in
            #expect(try subject.namesOnDisk() == (made == nil ? [] : ["Folder"]), round)
            #expect(items.keys.sorted() == (made.map { [$0.itemIdentifier] } ?? []), round)
        }
    }

    @Test(
        "a move with new content whose N-th request fails leaves the item as it was; past its 4 requests it is whole",
        arguments: 1...5
    )
    func moveWithContent(failing request: Int) async throws {
        let subject = try Subject()
        let source = try await subject.provider.create("A")
        let target = try await subject.provider.create("B")
        let file = try await subject.provider.create("old.txt", in: source.itemIdentifier, text: "old")
        var moved = file
        moved.filename = "new.txt"
        moved.parentItemIdentifier = target.itemIdentifier
        try await subject.provider.failRequest(request)
        let result = try? await subject.provider.modifyItem(
            moved,
            baseVersion: file.itemVersion,
            changedFields: [.filename, .parentItemIdentifier, .contents],
            contents: try Self.contents("new"),
            options: [],
            request: Request()
        )
        try await subject.provider.failRequest(nil)
        let written = result.map { result -> ItemSnapshot in
            let stored: any FileProviderItem = result.item
            return ItemSnapshot(stored)
        }
        #expect((written != nil) == (request > 4))
        try await subject.checkAcrossRestart { items, round async throws in
            #expect(items.count == 3, round)
            let item = try #require(items[file.itemIdentifier], round)
            if let written {
                #expect(item == written, round)
                #expect(item.parentItemIdentifier == target.itemIdentifier && item.filename == "new.txt")
                #expect(try subject.namesOnDisk("A").isEmpty && subject.namesOnDisk("B") == ["new.txt"])
                #expect(try await subject.provider.text(of: file.itemIdentifier) == "new")
            } else {
                #expect(item == file, round)
                #expect(try subject.namesOnDisk("A") == ["old.txt"] && subject.namesOnDisk("B").isEmpty)
                #expect(try await subject.provider.text(of: file.itemIdentifier) == "old")
            }
        }
    }

    @Test(
        "a deletion whose N-th request fails leaves the item as it was; past its 2 requests it is gone",
        arguments: 1...3
    )
    func deletion(failing request: Int) async throws {
        let subject = try Subject()
        let created = try await subject.provider.create("Folder")
        let file = try await subject.provider.create("inside.txt", in: created.itemIdentifier, text: "kept")
        let folder = ItemSnapshot(try await subject.provider.item(for: created.itemIdentifier, request: Request()))
        try await subject.provider.failRequest(request)
        let deleted =
            (try? await subject.provider.deleteItem(
                identifier: folder.itemIdentifier,
                baseVersion: folder.itemVersion,
                options: .recursive,
                request: Request()
            )) != nil
        try await subject.provider.failRequest(nil)
        #expect(deleted == (request > 2))
        try await subject.checkAcrossRestart { items, round async throws in
            if deleted {
                #expect(items.isEmpty, round)
                #expect(try subject.namesOnDisk().isEmpty, round)
            } else {
                #expect(items == [folder.itemIdentifier: folder, file.itemIdentifier: file], round)
                #expect(try subject.namesOnDisk("Folder") == ["inside.txt"], round)
            }
        }
    }
}
