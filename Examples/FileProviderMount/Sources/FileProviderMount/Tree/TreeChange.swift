import FileProviderKit

/// A change the mount applies to its ``Namespace`` after a provider call succeeded.
enum TreeChange: Sendable {
    /// An item was created or changed.
    case upsert(ItemSnapshot)
    /// An item and everything below it are gone.
    case remove(ItemIdentifier)
}

extension Namespace {
    /// Applies `change`.
    mutating func apply(_ change: TreeChange) {
        switch change {
        case .upsert(let item): upsert(item)
        case .remove(let identifier): remove(identifier)
        }
    }
}
