/// An error from a provider or the system, with the code that tells the caller how to react.
///
/// Every failing provider call throws a `FileProviderError` (or `CancellationError` when its task
/// was cancelled). Besides its ``code``, the error carries the context the caller needs: the item
/// it concerns, the colliding item of a ``Code/filenameCollision``, the current version of an item
/// whose deletion was rejected, a human-readable message and the underlying error.
public struct FileProviderError: Error, Sendable, CustomStringConvertible {
    /// The domain of Apple's file-provider error codes.
    public static let errorDomain = "NSFileProviderErrorDomain"

    /// What went wrong.
    public var code: Code

    /// The identifier of the item the error concerns, if any (Apple's
    /// `NSFileProviderErrorItemKey` / `NSFileProviderErrorNonExistentItemIdentifierKey`).
    public var itemIdentifier: ItemIdentifier?

    /// The existing item for a ``Code/filenameCollision``, or the item's current state for a
    /// ``Code/deletionRejected``.
    public var item: ItemSnapshot?

    /// A human-readable explanation with the context of the failure.
    public var message: String?

    /// The error that caused this one, if any.
    public var underlyingError: (any Error)?

    /// Creates an error.
    public init(
        _ code: Code,
        itemIdentifier: ItemIdentifier? = nil,
        item: ItemSnapshot? = nil,
        message: String? = nil,
        underlyingError: (any Error)? = nil
    ) {
        self.code = code
        self.itemIdentifier = itemIdentifier
        self.item = item
        self.message = message
        self.underlyingError = underlyingError
    }

    /// A ``Code/filenameCollision`` carrying the item that already has the name.
    public static func collision(with existingItem: some FileProviderItem) -> FileProviderError {
        let snapshot = ItemSnapshot(existingItem)
        return FileProviderError(
            .filenameCollision,
            itemIdentifier: snapshot.itemIdentifier,
            item: snapshot,
            message: "An item named \"\(snapshot.filename)\" already exists in the folder."
        )
    }

    /// A ``Code/noSuchItem`` naming the identifier that does not exist.
    public static func nonExistentItem(withIdentifier identifier: ItemIdentifier) -> FileProviderError {
        FileProviderError(.noSuchItem, itemIdentifier: identifier, message: "No item has the identifier \(identifier).")
    }

    /// A ``Code/deletionRejected`` carrying the item's current state.
    public static func rejectedDeletion(of updatedVersion: some FileProviderItem) -> FileProviderError {
        let snapshot = ItemSnapshot(updatedVersion)
        return FileProviderError(
            .deletionRejected,
            itemIdentifier: snapshot.itemIdentifier,
            item: snapshot,
            message: "The deletion of \(snapshot.itemIdentifier) was based on an out-of-date version."
        )
    }

    /// Whether the system throttles operations that failed with this error until it is resolved;
    /// see ``Code/isResolvable``.
    public var isResolvable: Bool { code.isResolvable }

    /// The code, the item it concerns, the message and the underlying error (unless it reads as the
    /// message).
    public var description: String {
        var text = "FileProviderError.\(code) (\(code.rawValue))"
        if let itemIdentifier { text += " [item: \(itemIdentifier)]" }
        if let message { text += ": \(message)" }
        if let underlyingError, "\(underlyingError)" != message { text += " (underlying: \(underlyingError))" }
        return text
    }
}
