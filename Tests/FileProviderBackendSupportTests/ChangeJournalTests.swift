import FileProviderBackendSupport
import FileProviderKit
import Foundation
import Testing

@Suite struct ChangeJournalTests {
    /// A tree of items changed at random; the truth the journal's changes must converge on.
    struct Model {
        var items: [ItemIdentifier: ItemSnapshot] = [:]
        var serial = 0

        var folders: [ItemIdentifier] {
            [.rootContainer] + items.values.filter { $0.contentType.isDirectory }.map(\.itemIdentifier).sorted()
        }

        func descendants(of identifier: ItemIdentifier) -> [ItemIdentifier] {
            let children = items.values.filter { $0.parentItemIdentifier == identifier }.map(\.itemIdentifier)
            return children + children.flatMap(descendants(of:))
        }

        /// One random change, recorded in `journal` as a provider records it.
        mutating func step(_ journal: ChangeJournal, using random: inout SeededGenerator) throws {
            let existing = items.keys.sorted()
            let choice = Int.random(in: 0..<10, using: &random)
            switch existing.isEmpty ? 0 : choice {
            case 0..<4:
                serial += 1
                let parent = folders.randomElement(using: &random)!
                let created = item(
                    ItemIdentifier("i\(serial)"),
                    "n\(serial)",
                    in: parent,
                    folder: Bool.random(using: &random)
                )
                items[created.itemIdentifier] = created
                try journal.record(updated: [created])
            case 4..<6:
                var renamed = items[existing.randomElement(using: &random)!]!
                serial += 1
                renamed.filename = "r\(serial)"
                items[renamed.itemIdentifier] = renamed
                try journal.record(updated: [renamed])
            case 6..<8:
                var moved = items[existing.randomElement(using: &random)!]!
                let forbidden = Set([moved.itemIdentifier] + descendants(of: moved.itemIdentifier))
                let destination = folders.filter { !forbidden.contains($0) }.randomElement(using: &random)!
                moved.parentItemIdentifier = destination
                items[moved.itemIdentifier] = moved
                try journal.record(updated: [moved])
            default:
                let doomed = existing.randomElement(using: &random)!
                let all = [doomed] + descendants(of: doomed)
                for identifier in all { items[identifier] = nil }
                try journal.record(deleted: all.reversed())
            }
        }
    }

    /// What a consumer holds: it applies each batch as the system does — a deleted folder takes
    /// its contents with it — and checks the batch's order.
    struct Replica {
        var items: [ItemIdentifier: ItemSnapshot] = [:]

        mutating func apply(_ batch: ChangeBatch, limit: Int) {
            let updatedItems = batch.updatedItems.map { ItemSnapshot($0) }
            #expect(updatedItems.count + batch.deletedItemIdentifiers.count <= limit)
            #expect(Set(updatedItems.map(\.itemIdentifier)).isDisjoint(with: batch.deletedItemIdentifiers))
            for updated in updatedItems {
                let parent = updated.parentItemIdentifier
                #expect(parent.isReservedContainer || items[parent] != nil, "a child came before its parent \(parent)")
                items[updated.itemIdentifier] = updated
            }
            for deleted in batch.deletedItemIdentifiers { remove(deleted) }
        }

        private mutating func remove(_ identifier: ItemIdentifier) {
            items[identifier] = nil
            for child in items.values where child.parentItemIdentifier == identifier { remove(child.itemIdentifier) }
        }
    }

    /// From anchors taken all along a random history, catching up in small batches from a fresh
    /// instance of the journal ends in exactly the current state, with parents first.
    @Test(arguments: [1, 2, 3, 4] as [UInt64]) func catchUpConverges(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let journal = try ChangeJournal(journalAt: scratch.file("changes"))
        var model = Model()
        var checkpoints: [(SyncAnchor, [ItemIdentifier: ItemSnapshot])] = [(try journal.currentAnchor(), [:])]
        for step in 0..<300 {
            try model.step(journal, using: &random)
            if step % 25 == 0 { checkpoints.append((try journal.currentAnchor(), model.items)) }
        }
        let fresh = try ChangeJournal(journalAt: scratch.file("changes"))
        for (anchor, state) in checkpoints {
            var replica = Replica(items: state)
            var next = anchor
            let limit = Int.random(in: 1...4, using: &random)
            var rounds = 0
            while rounds < 2_000 {
                rounds += 1
                let batch = try fresh.changes(since: next, limit: limit)
                replica.apply(batch, limit: limit)
                if batch.moreComing { #expect(batch.anchor != next) }
                next = batch.anchor
                if !batch.moreComing { break }
            }
            #expect(replica.items == model.items)
        }
        #expect(try fresh.changes(since: try fresh.currentAnchor(), limit: 10).updatedItems.isEmpty)
    }

    @Test func quietAnchorsSettle() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let journal = try ChangeJournal(journalAt: scratch.file("changes"))
        try journal.record(updated: [item("a", "a")])
        let anchor = try journal.currentAnchor()
        #expect(try journal.currentAnchor() == anchor)
        let batch = try journal.changes(since: anchor, limit: 5)
        #expect(
            batch.updatedItems.isEmpty && batch.deletedItemIdentifiers.isEmpty && !batch.moreComing
                && batch.anchor == anchor
        )
    }

    /// A move out of a folder, then the folder's deletion: the item comes first, even in
    /// batches of one.
    @Test func anItemMovedOutComesBeforeItsFoldersDeletion() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let journal = try ChangeJournal(journalAt: scratch.file("changes"))
        try journal.record(updated: [item("f", "f", folder: true), item("x", "x", in: "f")])
        let anchor = try journal.currentAnchor()
        try journal.record(updated: [item("x", "x")])
        try journal.record(deleted: ["f"])
        let first = try journal.changes(since: anchor, limit: 1)
        #expect(first.updatedItems.map(\.itemIdentifier) == ["x"] && first.deletedItemIdentifiers.isEmpty)
        let second = try journal.changes(since: first.anchor, limit: 1)
        #expect(second.deletedItemIdentifiers == ["f"])
    }

    /// A folder moves out of its parent, the parent is deleted, a subfolder moves out of the folder
    /// and the folder is deleted: the folder's move is still reported before its old parent's
    /// deletion, in its last state, so the subfolder and its file survive a consumer that deletes
    /// folders with their contents — in batches of one, two and seven, and from the journal read
    /// back.
    @Test(arguments: [1, 2, 7]) func aFolderDeletedAfterLeavingADeletedFolderLosesNothing(limit: Int) throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let journal = try ChangeJournal(journalAt: scratch.file("changes"))
        let tree = [
            item("p", "p", folder: true), item("f", "f", in: "p", folder: true), item("g", "g", in: "f", folder: true),
            item("c", "c", in: "g"),
        ]
        try journal.record(updated: tree)
        let anchor = try journal.currentAnchor()
        try journal.record(updated: [item("f", "f", folder: true)])
        try journal.record(deleted: ["p"])
        try journal.record(updated: [item("g", "g", folder: true)])
        try journal.record(deleted: ["f"])
        for reader in [journal, try ChangeJournal(journalAt: scratch.file("changes"))] {
            var replica = Replica(items: Dictionary(uniqueKeysWithValues: tree.map { ($0.itemIdentifier, $0) }))
            var next = anchor
            for _ in 0..<20 {
                let batch = try reader.changes(since: next, limit: limit)
                replica.apply(batch, limit: limit)
                next = batch.anchor
                if !batch.moreComing { break }
            }
            #expect(replica.items.keys.sorted() == ["c", "g"])
        }
    }

    @Test func anchorsExpireWithRetentionEpochAndGarbage() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let journal = try ChangeJournal(journalAt: scratch.file("changes"), retention: 3)
        let old = try journal.currentAnchor()
        for index in 0..<5 { try journal.record(updated: [item(ItemIdentifier("i\(index)"), "n\(index)")]) }
        #expect(Self.expiryCode { try journal.changes(since: old, limit: 10) } == .syncAnchorExpired)
        let recent = try journal.currentAnchor()
        #expect(try journal.changes(since: recent, limit: 10).updatedItems.isEmpty)
        #expect(
            Self.expiryCode { try journal.changes(since: SyncAnchor(Data("junk".utf8)), limit: 10) }
                == .syncAnchorExpired
        )
        let epoch = journal.epoch
        try journal.resetEpoch()
        #expect(journal.epoch != epoch)
        #expect(Self.expiryCode { try journal.changes(since: recent, limit: 10) } == .syncAnchorExpired)
        let afterReset = try journal.currentAnchor()
        try journal.record(updated: [item("late", "late")])
        try journal.expireHistory()
        #expect(Self.expiryCode { try journal.changes(since: afterReset, limit: 10) } == .syncAnchorExpired)
        // All of it survives a restart: the epoch, and the expiry.
        let reopened = try ChangeJournal(journalAt: scratch.file("changes"), retention: 3)
        #expect(reopened.epoch == journal.epoch)
        #expect(try reopened.currentAnchor() == journal.currentAnchor())
    }

    /// A crash in the middle of recording a change loses that change only, never an earlier one.
    @Test func aTornRecordLosesOnlyItself() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let journal = try ChangeJournal(journalAt: scratch.file("changes"))
        let anchor = try journal.currentAnchor()
        try journal.record(updated: [item("a", "a")])
        let size = try scratch.size(of: "changes")
        try journal.record(updated: [item("b", "b")])
        try scratch.truncate("changes", to: size + 20)
        let reopened = try ChangeJournal(journalAt: scratch.file("changes"))
        #expect(try reopened.changes(since: anchor, limit: 10).updatedItems.map(\.itemIdentifier) == ["a"])
    }

    static func expiryCode(_ body: () throws -> ChangeBatch) -> FileProviderError.Code? {
        do {
            _ = try body()
            return nil
        } catch let error as FileProviderError {
            return error.code
        } catch {
            return nil
        }
    }
}
