import FileProviderHost
import FileProviderKit
import Testing

@testable import FileProviderMount

/// The mount's mirror of the replica: paths resolve by name, moves re-index, removals take the
/// subtree, and items outside the root's tree are left out.
@Suite("Namespace")
struct NamespaceTests {
    static func item(
        _ identifier: String,
        in parent: ItemIdentifier,
        named name: String,
        folder: Bool = false
    )
        -> ItemSnapshot
    {
        ItemSnapshot(
            itemIdentifier: ItemIdentifier(identifier),
            parentItemIdentifier: parent,
            filename: name,
            contentType: folder ? .folder : .plainText
        )
    }

    @Test("a replica's tree resolves by path; the trash and orphans are left out")
    func buildsFromReplica() {
        var replica = Replica()
        replica.upsert(Self.item("d", in: .rootContainer, named: "docs", folder: true))
        replica.upsert(Self.item("f", in: "d", named: "a.txt"))
        replica.upsert(Self.item("t", in: .trashContainer, named: "old.txt"))
        replica.upsert(Self.item("o", in: "missing", named: "orphan.txt"))
        let namespace = Namespace(replica: replica)
        #expect(namespace.identifier(at: "/") == .rootContainer)
        #expect(namespace.identifier(at: "/docs/a.txt") == "f")
        #expect(namespace.identifier(at: "/docs/b.txt") == nil)
        #expect(namespace.items.keys.sorted() == ["d", "f"])
        #expect(namespace.children(of: "d").map(\.filename) == ["a.txt"])
    }

    @Test("a move re-indexes the item under its new name; a removal takes its subtree")
    func movesAndRemovals() {
        var namespace = Namespace()
        namespace.upsert(Self.item("d", in: .rootContainer, named: "docs", folder: true))
        namespace.upsert(Self.item("s", in: "d", named: "sub", folder: true))
        namespace.upsert(Self.item("f", in: "s", named: "a.txt"))
        namespace.upsert(Self.item("s", in: .rootContainer, named: "moved", folder: true))
        #expect(namespace.identifier(at: "/docs/sub") == nil)
        #expect(namespace.identifier(at: "/moved/a.txt") == "f")
        #expect(!namespace.hasChildren("d"))
        namespace.remove("s")
        #expect(namespace.items.keys.sorted() == ["d"])
        #expect(namespace.identifier(at: "/moved") == nil)
        namespace.upsert(Self.item("d", in: .trashContainer, named: "docs", folder: true))
        #expect(namespace.items.isEmpty)
    }

    @Test("changed paths: an edit, a move and a removal at their old and new paths, with their folders")
    func changedPaths() {
        var old = Namespace()
        old.upsert(Self.item("d", in: .rootContainer, named: "docs", folder: true))
        old.upsert(Self.item("e", in: "d", named: "edited.txt"))
        old.upsert(Self.item("m", in: "d", named: "moved.txt"))
        old.upsert(Self.item("r", in: .rootContainer, named: "removed.txt"))
        old.upsert(Self.item("u", in: "d", named: "untouched.txt"))
        var new = old
        #expect(Namespace.changedPaths(from: old, to: new).isEmpty)
        var edited = Self.item("e", in: "d", named: "edited.txt")
        edited.documentSize = 42
        new.upsert(edited)
        new.upsert(Self.item("m", in: .rootContainer, named: "renamed.txt"))
        new.remove("r")
        #expect(
            Namespace.changedPaths(from: old, to: new)
                == ["/", "/docs", "/docs/edited.txt", "/docs/moved.txt", "/renamed.txt", "/removed.txt"]
        )
        #expect(new.path(of: "m") == "/renamed.txt")
        #expect(new.path(of: .rootContainer) == "/")
        #expect(new.path(of: "r") == nil)
    }

    @Test("updating the items a catch-up reported gives the tree a rebuild gives, and the same changed paths")
    func updateMatchesRebuild() {
        var replica = Replica()
        replica.upsert(Self.item("d", in: .rootContainer, named: "docs", folder: true))
        replica.upsert(Self.item("e", in: "d", named: "edited.txt"))
        replica.upsert(Self.item("m", in: "d", named: "moved.txt"))
        replica.upsert(Self.item("r", in: .rootContainer, named: "gone", folder: true))
        replica.upsert(Self.item("rc", in: "r", named: "inside.txt"))
        replica.upsert(Self.item("t", in: .rootContainer, named: "to-trash", folder: true))
        replica.upsert(Self.item("tc", in: "t", named: "kept.txt"))
        replica.upsert(Self.item("b", in: .trashContainer, named: "back", folder: true))
        replica.upsert(Self.item("bs", in: "b", named: "sub", folder: true))
        replica.upsert(Self.item("bf", in: "bs", named: "deep.txt"))
        let old = Namespace(replica: replica)
        var edited = Self.item("e", in: "d", named: "edited.txt")
        edited.documentSize = 42
        replica.upsert(edited)
        replica.upsert(Self.item("m", in: .rootContainer, named: "renamed.txt"))
        replica.remove("r")
        replica.upsert(Self.item("t", in: .trashContainer, named: "to-trash", folder: true))
        replica.upsert(Self.item("b", in: "d", named: "back", folder: true))
        replica.upsert(Self.item("n", in: "b", named: "new.txt"))
        let rebuilt = Namespace(replica: replica)
        var updated = old
        // As a catch-up reports them: the new file before its folder, an item twice, a deletion
        // of an item whose folder is already deleted.
        let paths = updated.update(["n", "e", "m", "t", "b", "e", "r", "rc"], from: replica)
        #expect(updated.items == rebuilt.items)
        #expect(updated.identifier(at: "/docs/back/sub/deep.txt") == "bf")
        #expect(updated.identifier(at: "/renamed.txt") == "m")
        #expect(updated.identifier(at: "/to-trash/kept.txt") == nil)
        #expect(updated.children(of: "b").map(\.filename) == ["new.txt", "sub"])
        #expect(paths == Namespace.changedPaths(from: old, to: rebuilt))
        #expect(updated.update(["e", "unknown"], from: replica) == ["/docs", "/docs/edited.txt"])
        #expect(updated.items == rebuilt.items)
    }
}
