import FileProviderKit

/// A change observer that counts updates and deletions and keeps where the batch ended; used by
/// one task at a time.
public final class CountingChangeObserver: ChangeObserver, @unchecked Sendable {
    /// The batch size the observer suggests.
    public let suggestedBatchSize: Int
    /// The number of updated items and deleted identifiers reported so far.
    public private(set) var count = 0
    /// The anchor the last batch finished at.
    public private(set) var anchor: SyncAnchor?
    /// Whether the last batch said more changes are coming.
    public private(set) var moreComing = false

    /// Creates an observer suggesting `batchSize`.
    public init(batchSize: Int) {
        suggestedBatchSize = batchSize
    }

    /// Counts the items.
    public func didUpdate(_ updatedItems: [any FileProviderItem]) {
        count += updatedItems.count
    }

    /// Counts the identifiers.
    public func didDeleteItems(withIdentifiers deletedItemIdentifiers: [ItemIdentifier]) {
        count += deletedItemIdentifiers.count
    }

    /// Keeps the anchor and whether more are coming.
    public func finishEnumeratingChanges(upTo anchor: SyncAnchor, moreComing: Bool) {
        self.anchor = anchor
        self.moreComing = moreComing
    }

    /// Stops the benchmark: its enumeration must not fail.
    public func finishEnumeratingWithError(_ error: any Error) {
        fatalError("Change enumeration failed: \(error)")
    }
}
