import FileProviderKit
import Foundation
import Testing

@testable import LocalFolderProvider

#if canImport(Glibc)
import Glibc
#endif

/// The pieces of the state that starts and lookups lean on: the journal's lines, and the folders
/// above an item.
@Suite("State structure")
struct StateStructureTests {
    /// A record for `name` in `parent`, on an inode numbered after `inode`.
    static func record(_ name: String, in parent: ItemIdentifier, inode: Int, folder: Bool = true) -> ItemRecord {
        var status = stat()
        status.st_dev = 1
        status.st_ino = UInt(inode)
        status.st_nlink = 1
        status.st_mode = (folder ? S_IFDIR : S_IFREG) | 0o755
        return ItemRecord(
            identifier: ItemIdentifier(name),
            parent: parent,
            filename: name,
            diskName: name,
            isFolder: folder,
            disk: DiskFingerprint(status),
            contentRevision: 1,
            metadataRevision: 1
        )
    }

    @Test("the journal's lines are the bytes between newlines, the last one possibly cut short")
    func journalLines() {
        let journal = Data("{\"a\":1}\n\n{\"b\":2}\n{\"c\"".utf8)
        let lines = StateFolder.lines(of: journal).map { String(decoding: journal[$0], as: UTF8.self) }
        #expect(lines == ["{\"a\":1}", "", "{\"b\":2}", "{\"c\""])
        #expect(StateFolder.lines(of: Data("x\n".utf8)).map(\.count) == [1, 0])
        #expect(StateFolder.lines(of: Data()).map(\.count) == [0])
        // A slice that does not start at index 0 keeps its own indices.
        let slice = Data("skip\nab\ncd".utf8).dropFirst(5)
        #expect(StateFolder.lines(of: slice).map { String(decoding: slice[$0], as: UTF8.self) } == ["ab", "cd"])
    }

    @Test("an item's ancestry lists its folders up to the root or the trash, and is nil when one is missing")
    func ancestry() {
        var state = FolderState(epoch: 1)
        let a = Self.record("a", in: .rootContainer, inode: 1)
        let b = Self.record("b", in: a.identifier, inode: 2)
        let file = Self.record("f", in: b.identifier, inode: 3, folder: false)
        let trashed = Self.record("t", in: .trashContainer, inode: 4, folder: false)
        let orphan = Self.record("o", in: ItemIdentifier("missing"), inode: 5, folder: false)
        state.apply(Transaction(records: [a, b, file, trashed, orphan], lastRank: 1, nextSerial: 1))
        let chain = state.ancestry(of: file)
        #expect(chain?.folders.map(\.identifier) == [b.identifier, a.identifier])
        #expect(chain?.top == .rootContainer)
        #expect(state.ancestry(of: a)?.folders.isEmpty == true)
        #expect(state.ancestry(of: trashed)?.top == .trashContainer)
        #expect(state.ancestry(of: orphan) == nil)
        // Parents that loop end the walk instead of running on.
        let loopX = Self.record("x", in: ItemIdentifier("y"), inode: 6)
        let loopY = Self.record("y", in: ItemIdentifier("x"), inode: 7)
        state.apply(Transaction(records: [loopX, loopY], lastRank: 2, nextSerial: 1))
        #expect(state.ancestry(of: Self.record("z", in: loopX.identifier, inode: 8, folder: false)) == nil)
    }

    @Test("the items changed after a rank come in the order of their changes, whichever way they are found")
    func changedAfter() {
        var state = FolderState(epoch: 1)
        var records = (1...6).map { Self.record("i\($0)", in: .rootContainer, inode: $0, folder: false) }
        for position in records.indices { records[position].metadataRevision = UInt64(position + 1) }
        state.apply(Transaction(records: records, lastRank: 6, nextSerial: 1))
        // i2 changes again at 7 and at 9; i5 is deleted at 8; i1 and i3 change together at 10.
        records[1].metadataRevision = 7
        state.apply(Transaction(records: [records[1]], lastRank: 7, nextSerial: 1))
        state.apply(
            Transaction(removals: [.init(identifier: records[4].identifier, rank: 8)], lastRank: 8, nextSerial: 1)
        )
        records[1].metadataRevision = 9
        records[0].metadataRevision = 10
        records[2].metadataRevision = 10
        state.apply(Transaction(records: [records[1], records[0], records[2]], lastRank: 10, nextSerial: 1))
        // From rank 6 on, the ranks since are fewer than the 5 items and are walked; before, every item is.
        for rank in UInt64(0)...11 {
            let found = state.records(changedAfter: rank)
            let expected = state.children(of: .rootContainer).filter { $0.metadataRevision > rank }
            #expect(found.map(\.metadataRevision) == expected.map(\.metadataRevision).sorted(), "after \(rank)")
            #expect(Set(found.map(\.identifier)) == Set(expected.map(\.identifier)), "after \(rank)")
        }
        #expect(
            state.records(changedAfter: 6).map(\.identifier) == ["i2", "i1", "i3"]
                || state.records(changedAfter: 6).map(\.identifier) == ["i2", "i3", "i1"]
        )
    }
}
