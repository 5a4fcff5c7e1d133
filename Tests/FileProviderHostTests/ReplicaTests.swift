import FileProviderHost
import FileProviderKit
import Testing

@Suite("Replica")
struct ReplicaTests {
    private func file(
        _ identifier: ItemIdentifier,
        in parent: ItemIdentifier,
        named name: String? = nil
    ) -> ItemSnapshot {
        ItemSnapshot(
            itemIdentifier: identifier,
            parentItemIdentifier: parent,
            filename: name ?? identifier.rawValue,
            contentType: .data
        )
    }

    private func folder(_ identifier: ItemIdentifier, in parent: ItemIdentifier) -> ItemSnapshot {
        ItemSnapshot(
            itemIdentifier: identifier,
            parentItemIdentifier: parent,
            filename: identifier.rawValue,
            contentType: .folder
        )
    }

    @Test("an update with a new parent moves the item in the children index")
    func moveUpdatesChildrenIndex() {
        var replica = Replica()
        replica.upsert(folder("d1", in: .rootContainer))
        replica.upsert(folder("d2", in: .rootContainer))
        replica.upsert(file("f", in: "d1"))
        let previous = replica.upsert(file("f", in: "d2", named: "renamed"))
        #expect(previous?.parentItemIdentifier == "d1")
        #expect(replica.childIdentifiers(of: "d1").isEmpty)
        #expect(replica.children(of: "d2").map(\.filename) == ["renamed"])
        #expect(replica.count == 3)
    }

    @Test("removing a folder removes every descendant the replica holds, and only those")
    func removeRemovesDescendants() {
        var replica = Replica()
        replica.upsert(folder("d1", in: .rootContainer))
        replica.upsert(folder("d2", in: "d1"))
        replica.upsert(file("f1", in: "d1"))
        replica.upsert(file("f2", in: "d2"))
        replica.upsert(file("other", in: .rootContainer))
        let removed = replica.remove("d1")
        #expect(removed.first == "d1")
        #expect(Set(removed) == ["d1", "d2", "f1", "f2"])
        #expect(replica.allItems.map(\.itemIdentifier) == ["other"])
        #expect(replica.childIdentifiers(of: "d2").isEmpty)
    }

    @Test("an item held before its parent is found once the parent arrives; removing an unknown parent removes it")
    func orphansAreIndexedUnderTheirParent() {
        var replica = Replica()
        replica.upsert(file("child", in: "parent"))
        #expect(replica.childIdentifiers(of: "parent") == ["child"])
        replica.upsert(folder("parent", in: .rootContainer))
        #expect(replica.descendants(of: .rootContainer).map(\.itemIdentifier) == ["parent", "child"])
        var withoutParent = Replica()
        withoutParent.upsert(file("child", in: "parent"))
        #expect(withoutParent.remove("parent") == ["child"])
        #expect(withoutParent.isEmpty)
    }

    @Test("the difference from a listing names missing, unexpected and mismatched items")
    func differenceFromListing() {
        var replica = Replica()
        replica.upsert(file("same", in: .rootContainer))
        replica.upsert(file("stale", in: .rootContainer))
        replica.upsert(file("gone", in: .rootContainer))
        let listing = [
            file("same", in: .rootContainer), file("stale", in: .rootContainer, named: "fresh"),
            file("new", in: .rootContainer),
        ]
        let difference = replica.difference(from: listing)
        #expect(difference.missing.map(\.itemIdentifier) == ["new"])
        #expect(difference.unexpected == ["gone"])
        #expect(difference.mismatched.map(\.listed.filename) == ["fresh"])
        #expect(!difference.isEmpty)
        var converged = replica
        converged.remove("gone")
        for item in listing { converged.upsert(item) }
        #expect(converged.difference(from: listing).isEmpty)
    }
}
