import FileProviderKit

/// What one synchronization did.
public struct SyncSummary: Sendable, Hashable {
    /// How many full listings of the working set it made: 1 for an initial synchronization,
    /// one more per expired anchor.
    public var listingCount = 0
    /// How many times a listing restarted after an expired page.
    public var listingRestartCount = 0
    /// How many items the listings reported.
    public var listedItemCount = 0
    /// How many change batches it applied.
    public var batchCount = 0
    /// How many updated items the batches reported.
    public var updatedItemCount = 0
    /// How many deleted identifiers the batches reported.
    public var deletedItemCount = 0
    /// The identifiers of the updated items the batches reported, in the order reported (an
    /// item reported in two batches is here twice); empty for what a listing replaced. With
    /// ``deletedItemIdentifiers``, what a mirror of the replica that applied every change
    /// before this synchronization must look at again, when ``listingCount`` is 0.
    public var updatedItemIdentifiers: [ItemIdentifier] = []
    /// The deleted identifiers the batches reported, in the order reported.
    public var deletedItemIdentifiers: [ItemIdentifier] = []

    /// Creates an empty summary.
    public init() {}
}
