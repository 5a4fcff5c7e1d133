import FileProviderKit
import Foundation
import ObjectStoreProvider
import Testing

/// A folder move is many requests (a copy and a deletion per object). The backend fails after
/// N of them, for every N: the move either fails with every item where it was, or — once every
/// object is copied — returns with every item moved, the sources the backend refused to delete
/// left for later. The next change to the bucket, or the next start, settles what is left (the
/// copies of a refused rollback, the leftover sources). Never half moved.
@Suite struct FolderMoveFaultTests {
    /// The layout moved: `a/` with two files and a subfolder with one; `b/`, the destination.
    static let before = ["a/", "a/1.txt", "a/2.txt", "a/sub/", "a/sub/3.txt", "b/"]
    static let after = ["b/", "b/a/", "b/a/1.txt", "b/a/2.txt", "b/a/sub/", "b/a/sub/3.txt"]

    @Test(arguments: 0...11) func aMoveFailingAfterNRequestsIsNeverHalfDone(budget: Int) async throws {
        let instance = try await OpenProvider(maxKeys: 1_000)
        defer { instance.remove() }
        let provider = instance.provider
        let a = try await provider.create("a")
        let b = try await provider.create("b")
        let one = try await provider.create("1.txt", in: a.itemIdentifier, text: "one")
        _ = try await provider.create("2.txt", in: a.itemIdentifier, text: "two")
        let sub = try await provider.create("sub", in: a.itemIdentifier)
        let three = try await provider.create("3.txt", in: sub.itemIdentifier, text: "three")

        instance.faults.failAfter(budget)
        var failed = false
        do {
            try await provider.move(a, to: b.itemIdentifier)
        } catch let error as FileProviderError {
            #expect(error.code == .serverUnreachable)
            failed = true
        }
        instance.faults.clear()
        // 5 objects: 5 copies, then 5 deletions. From 5 requests on, the move is done.
        #expect(failed == (budget < 5))
        let parentNow = try await provider.item(for: a.itemIdentifier, request: Request()).parentItemIdentifier
        #expect(parentNow == (failed ? .rootContainer : b.itemIdentifier))

        // The next change settles whatever the failure left open before it writes.
        _ = try await provider.create("c")
        let settled = try await provider.client.listObjects(prefix: "").objects.map(\.key).sorted()
        #expect(settled == ((failed ? Self.before : Self.after) + ["c/"]).sorted(), "unsettled: \(settled)")

        // So does the next start, and the items are where the bucket says.
        let reopened = try await instance.restart()
        let keys = try await instance.provider.client.listObjects(prefix: "").objects.map(\.key).sorted()
        let moved = keys == (Self.after + ["c/"]).sorted()
        #expect(moved || keys == (Self.before + ["c/"]).sorted(), "half moved: \(keys)")
        #expect(moved == (budget >= 5))
        let parent = moved ? b.itemIdentifier : .rootContainer
        #expect(try await reopened.item(for: a.itemIdentifier, request: Request()).parentItemIdentifier == parent)
        #expect(try await reopened.names(in: a.itemIdentifier) == ["1.txt", "2.txt", "sub"])
        #expect(try await reopened.text(of: three.itemIdentifier) == "three")
        #expect(try await reopened.text(of: one.itemIdentifier) == "one")
        #expect(try await reopened.key(of: three.itemIdentifier) == (moved ? "b/a/sub/3.txt" : "a/sub/3.txt"))
    }
}
