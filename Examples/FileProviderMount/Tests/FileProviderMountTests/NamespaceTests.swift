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
}
