import FileProviderKit
import Foundation
import ObjectStoreProvider
import Testing

/// A folder move is many requests (a copy and a deletion per object). The backend fails after
/// N of them, for every N: the move either completes, or fails with every key where it was — and
/// when the backend also refused the rollback, the next start settles it one way or the other.
/// Never half moved.
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
        // 5 objects: 5 copies and 5 deletions. From 10 requests on, the move completes.
        #expect(failed == (budget < 10))

        // The next start settles whatever the failure left open.
        let reopened = try await instance.restart()
        let keys = try await instance.provider.client.listObjects(prefix: "").objects.map(\.key).sorted()
        let moved = keys == Self.after
        #expect(moved || keys == Self.before, "half moved: \(keys)")
        #expect(moved == (budget >= 5))
        let parent = moved ? b.itemIdentifier : .rootContainer
        #expect(try await reopened.item(for: a.itemIdentifier, request: Request()).parentItemIdentifier == parent)
        #expect(try await reopened.names(in: a.itemIdentifier) == ["1.txt", "2.txt", "sub"])
        #expect(try await reopened.text(of: three.itemIdentifier) == "three")
        #expect(try await reopened.text(of: one.itemIdentifier) == "one")
        #expect(try await reopened.key(of: three.itemIdentifier) == (moved ? "b/a/sub/3.txt" : "a/sub/3.txt"))
    }
}
