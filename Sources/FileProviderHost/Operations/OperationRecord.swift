import FileProviderKit
import Foundation

/// Everything a host knows about one operation: what was asked, where it stands, and what came
/// of it.
public struct OperationRecord: Sendable {
    /// The operation's identifier.
    public let id: OperationID
    /// The operation as it was submitted.
    public let submitted: HostOperation
    /// The call the next attempt sends. It starts as ``submitted``; after a result that leaves
    /// fields pending, it becomes a modification of the resulting item with those fields.
    public internal(set) var nextCall: HostOperation
    /// Where the operation stands.
    public internal(set) var state: OperationState
    /// How many times the provider was called for it, resends of pending fields included.
    public internal(set) var attempts = 0
    /// How many attempts in a row failed with a transient error; reset by a success, a resend
    /// and a resolution.
    public internal(set) var consecutiveFailures = 0
    /// How many times fields the provider left pending were sent again.
    public internal(set) var resendCount = 0
    /// The error of the last failed attempt, if the last attempt failed.
    public internal(set) var lastError: (any Error)?
    /// The item the provider returned: the created or modified item, the fetched content's
    /// item, or the current item a rejected deletion or a collision carried.
    public internal(set) var resultItem: ItemSnapshot?
    /// Fields the provider returned as pending from a call that sent exactly them: unsupported
    /// for this item, so never sent again.
    public internal(set) var unsupportedFields: ItemFields = []
    /// Whether the provider asked the system to fetch the content again (for example after a
    /// conflict); the host dropped the cached content of the item.
    public internal(set) var shouldFetchContent = false
    /// Whether a modification returned no item: the item no longer exists on the backend or left
    /// the domain. The host removed the replica's copy — a folder's once its children have left
    /// too — and sends nothing more for the operation.
    public internal(set) var itemLeftDomain = false
    /// For a content fetch that succeeded: the file in the host's content cache. The cache may
    /// evict it later; ``ProviderHost/cachedContents(of:)`` tells whether it still holds it.
    public internal(set) var contentsURL: URL?

    /// The code of ``lastError`` when it is a `FileProviderError`.
    public var lastErrorCode: FileProviderError.Code? {
        (lastError as? FileProviderError)?.code
    }

    init(id: OperationID, operation: HostOperation) {
        self.id = id
        self.submitted = operation
        self.nextCall = operation
        self.state = .pending
    }
}
