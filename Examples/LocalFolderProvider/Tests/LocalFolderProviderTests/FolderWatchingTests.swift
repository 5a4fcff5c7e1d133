import FileProviderKit
import Foundation
import Testing

@testable import LocalFolderProvider

/// With inotify, a rescan looks only at what the kernel reported; it must still miss nothing:
/// inside folders that are new, after the kernel's queue overflowed, and once no watch can be added.
@Suite("Watching the directory")
struct FolderWatchingTests {
    /// Writes `text` to `path` below `root`, creating the folders on the way.
    static func write(_ text: String, _ path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test("entries inside a new folder are found, then changes made inside it after the rescan")
    func newFolders() async throws {
        let subject = try ProviderUnderTest()
        let root = subject.folders.root
        try Self.write("one", "a/b/one.txt", in: root)
        #expect(try await subject.provider.rescan() == 3)
        #expect(try await subject.provider.rescan() == 0)
        try Self.write("two", "a/b/two.txt", in: root)
        try Self.write("one, edited", "a/b/one.txt", in: root)
        #expect(try await subject.provider.rescan() == 2)
        try FileManager.default.moveItem(at: root.appendingPathComponent("a/b"), to: root.appendingPathComponent("c"))
        try Self.write("three", "c/three.txt", in: root)
        // The new file's event comes from the moved folder's watch: the rescan must look for it
        // where the folder is now, not where its record said.
        #expect(try await subject.provider.rescan() == 2)
        #expect(try await subject.provider.workingSet().contains { $0.filename == "three.txt" })
        let one = try #require(try await subject.provider.workingSet().first { $0.filename == "one.txt" })
        let moved = try await subject.provider.location(of: one.itemIdentifier)
        #expect(moved.path.hasSuffix("/root/c/one.txt"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("c"))
        #expect(try await subject.provider.rescan() == 4)
        #expect(try await subject.provider.rescan() == 0)
    }

    @Test("changes below a folder that just moved are found where it is now, and what moved in keeps its identifier")
    func changesBelowMovedFolder() async throws {
        let subject = try ProviderUnderTest()
        let root = subject.folders.root
        try Self.write("deep", "a/b/d/deep.txt", in: root)
        try Self.write("x", "x.txt", in: root)
        #expect(try await subject.provider.rescan() == 5)
        let x = try #require(try await subject.provider.workingSet().first { $0.filename == "x.txt" })
        let manager = FileManager.default
        try manager.moveItem(at: root.appendingPathComponent("a/b"), to: root.appendingPathComponent("c"))
        try manager.createDirectory(at: root.appendingPathComponent("n"), withIntermediateDirectories: false)
        try manager.moveItem(at: root.appendingPathComponent("c"), to: root.appendingPathComponent("n/c"))
        try Self.write("new", "n/c/d/new.txt", in: root)
        try manager.moveItem(at: root.appendingPathComponent("x.txt"), to: root.appendingPathComponent("n/c/x.txt"))
        // Created: n and new.txt; moved: b (now n/c) and x.txt.
        #expect(try await subject.provider.rescan() == 4)
        #expect(try await subject.provider.rescan() == 0)
        let items = try await subject.provider.workingSet()
        let new = try #require(items.first { $0.filename == "new.txt" })
        #expect(try await subject.provider.location(of: new.itemIdentifier).path.hasSuffix("/root/n/c/d/new.txt"))
        #expect(try await subject.provider.location(of: x.itemIdentifier).path.hasSuffix("/root/n/c/x.txt"))
        #expect(items.map(\.filename).sorted() == ["a", "c", "d", "deep.txt", "n", "new.txt", "x.txt"])
    }

    /// "café" spelled with one code point, and canonically equivalent with two: different entries
    /// on disk, equal Swift strings.
    static let composed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    /// A provider whose root holds the file `composed` with "one", found by a rescan, and its item.
    static func composedFile() async throws -> (ProviderUnderTest, ItemSnapshot) {
        let subject = try ProviderUnderTest()
        try write("one", composed, in: subject.folders.root)
        #expect(try await subject.provider.rescan() == 1)
        return (subject, try #require(try await subject.provider.workingSet().first))
    }

    @Test("an entry whose name the kernel reported after a canonically equivalent one is looked at, not deleted")
    func canonicallyEquivalentNamesReported() async throws {
        let (subject, item) = try await Self.composedFile()
        let root = subject.folders.root
        // The kernel reports the decomposed spelling, then the composed one.
        try Self.write("other", Self.decomposed, in: root)
        try FileManager.default.removeItem(at: root.appendingPathComponent(Self.decomposed))
        try Self.write("one, edited", Self.composed, in: root)
        #expect(try await subject.provider.rescan() == 1)
        let items = try await subject.provider.workingSet()
        #expect(items.map(\.itemIdentifier) == [item.itemIdentifier])
        #expect(try await subject.provider.text(of: item.itemIdentifier) == "one, edited")
        #expect(try await subject.provider.rescan() == 0)
    }

    @Test("another program respelling a name in a canonically equivalent form is a rename the records follow")
    func canonicallyEquivalentRename() async throws {
        let (subject, item) = try await Self.composedFile()
        let root = subject.folders.root
        try FileManager.default.moveItem(
            at: root.appendingPathComponent(Self.composed),
            to: root.appendingPathComponent(Self.decomposed)
        )
        #expect(try await subject.provider.rescan() == 1)
        let renamed = try #require(try await subject.provider.workingSet().first)
        #expect(renamed.itemIdentifier == item.itemIdentifier)
        #expect(Array(renamed.filename.utf8) == Array(Self.decomposed.utf8))
        #expect(try await subject.provider.text(of: item.itemIdentifier) == "one")
        #expect(try await subject.provider.rescan() == 0)
    }

    @Test("after the kernel's event queue overflowed, the rescan walks everything and misses nothing")
    func queueOverflow() async throws {
        let subject = try ProviderUnderTest()
        let limit = try #require(
            Int(
                String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8).trimmingCharacters(
                    in: .whitespacesAndNewlines
                )
            )
        )
        let count = limit + 500
        for index in 0..<count {
            #expect(
                FileManager.default.createFile(
                    atPath: subject.folders.root.appendingPathComponent("f\(index)").path,
                    contents: nil
                )
            )
        }
        #expect(try await subject.provider.rescan() == count)
        #expect(try await subject.provider.rescan() == 0)
    }

    @Test("once no watch can be added, every rescan walks everything and misses nothing")
    func watchLimit() async throws {
        let folders = try TemporaryFolders()
        defer { folders.remove() }
        // The root and the trash take the two watches.
        let provider = try LocalFolderProvider(
            rootDirectory: folders.root,
            stateDirectory: folders.state,
            watchLimit: 2
        )
        try Self.write("x", "a/x.txt", in: folders.root)
        #expect(try await provider.rescan() == 2)
        // "a" has no watch: only a full rescan sees this.
        try Self.write("y", "a/y.txt", in: folders.root)
        #expect(try await provider.rescan() == 1)
        #expect(try await provider.rescan() == 0)
        await provider.invalidate()
    }
}
