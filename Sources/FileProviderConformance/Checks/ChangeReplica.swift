import FileProviderKit

/// A replica of the working set built only from a listing and the changes reported since the
/// anchor taken before it, as the system builds its own.
struct ChangeReplica {
    private(set) var items: [ItemIdentifier: ItemDigest]
    private(set) var anchor: SyncAnchor

    /// Takes the working set's anchor, then lists it.
    init(context: CheckContext) async throws {
        anchor = try await context.anchor(.workingSet)
        items = ItemDigest.map(try await context.list(.workingSet))
    }

    /// Applies every change since the replica's anchor.
    mutating func catchUp(context: CheckContext, batchSize: Int = 50) async throws {
        let changes = try await context.changes(.workingSet, since: anchor, batchSize: batchSize)
        for item in changes.updatedItems {
            items[item.itemIdentifier] = ItemDigest(item)
        }
        for identifier in changes.deletedItemIdentifiers {
            items[identifier] = nil
        }
        anchor = changes.anchor
    }

    /// Records a finding when the replica differs from a fresh listing of the working set.
    func expectConverged(context: CheckContext, _ situation: String) async throws {
        let truth = ItemDigest.map(try await context.list(.workingSet))
        let differences = ItemDigest.differences(items, truth)
        context.expect(
            differences.isEmpty,
            "the replica built from changes differs from a fresh listing \(situation)",
            expected: "the fresh listing's \(truth.count) items",
            actual: differences.joined(separator: "; ")
        )
    }
}
