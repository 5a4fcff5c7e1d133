extension FileProviderError {
    /// The error codes of the contract.
    ///
    /// The negative codes are Apple's `NSFileProviderError.Code`, with Apple's raw values. The
    /// positive ones are the few Cocoa (`NSCocoaErrorDomain`) and POSIX codes that Apple's contract
    /// uses beside them, with their Cocoa and POSIX raw values; ``errorDomain`` tells which is which.
    ///
    /// ``pageExpired`` is not a case: like Apple's, it is an alias of ``syncAnchorExpired``.
    public enum Code: Int, Hashable, Codable, Sendable, CaseIterable {
        /// The user's credentials cannot be verified. Resolvable: the system backs off until
        /// `signalErrorResolved`.
        case notAuthenticated = -1000
        /// An item with the same name already exists in the parent folder; the error carries it.
        case filenameCollision = -1001
        /// The sync anchor (or page) is no longer valid; the consumer drops it and lists again.
        case syncAnchorExpired = -1002
        /// The operation would exceed the user's quota. Resolvable.
        case insufficientQuota = -1003
        /// The server cannot be reached. Resolvable.
        case serverUnreachable = -1004
        /// The item (or the parent of a new item) does not exist.
        case noSuchItem = -1005
        /// The provider refuses to delete the item, typically because the base version is stale;
        /// the error carries the item's current version.
        case deletionRejected = -1006
        /// A folder could not be deleted because it has children and the deletion is not recursive.
        case directoryNotEmpty = -1007
        /// No provider was found (returned by the system, not by providers).
        case providerNotFound = -2001
        /// The provider's application is translocated (returned by the system).
        case providerTranslocated = -2002
        /// An older version of the provider is running (returned by the system).
        case olderExtensionVersionRunning = -2003
        /// A newer version of the provider was found (returned by the system).
        case newerExtensionVersionFound = -2004
        /// The item cannot be synchronized, definitively: the system does not retry the operation
        /// until the item changes on disk or the provider is updated (or the provider resolves it
        /// with `signalErrorResolved`). Resolvable. Throw it only when retrying the same request
        /// cannot succeed; an error you cannot classify is ``unclassified``, which is retried.
        case cannotSynchronize = -2005
        /// Eviction stopped at a child that cannot be evicted (returned by the system).
        case nonEvictableChildren = -2006
        /// The item has edits that are not yet synchronized (returned by the system).
        case unsyncedEdits = -2007
        /// The item cannot be evicted (returned by the system).
        case nonEvictable = -2008
        /// The requested version of the item is no longer available.
        case versionNoLongerAvailable = -2009
        /// The provider does not want to synchronize this item. Resolvable.
        case excludedFromSync = -2010
        /// The user disabled the domain (returned by the system).
        case domainDisabled = -2011
        /// The domain is temporarily unavailable (returned by the system).
        case providerDomainTemporarilyUnavailable = -2012
        /// No domain has the given identifier (returned by the domain manager).
        case providerDomainNotFound = -2013
        /// The application has no provider extension (returned by the system).
        case applicationExtensionNotFound = -2014
        /// A modification with ``ModifyItemOptions/failOnConflict`` had a base version older than
        /// the server's.
        case localVersionConflictingWithServer = -2015

        /// POSIX `EINVAL`: the request is malformed, for example moving a folder into its own
        /// descendant or changing an item between folder and file.
        case invalidArgument = 22
        /// Cocoa `NSFileReadUnknownError`: a file handed to the provider could not be read.
        case fileReadUnknown = 256
        /// Cocoa `NSFileReadNoPermissionError`: reading is not permitted.
        case fileReadNoPermission = 257
        /// Cocoa `NSFileReadNoSuchFileError`: a file handed to the provider does not exist.
        case fileReadNoSuchFile = 260
        /// Cocoa `NSFileWriteNoPermissionError`: the change is not permitted, for example on a
        /// read-only provider or on the root, working set or trash container themselves.
        case fileWriteNoPermission = 513
        /// Cocoa `NSFileWriteInvalidFileNameError`: the filename breaks the ``Filename`` rule.
        case invalidFilename = 514
        /// Cocoa `NSFeatureUnsupportedError`: the provider does not support the feature, for
        /// example enumerating the trash of a domain without trash.
        case featureUnsupported = 3328
        /// Cocoa `NSXPCConnectionReplyInvalid` (4101): an error outside the contract's codes, carried
        /// as the underlying error. Transient: the system retries the operation with back-off, as
        /// it does every error that is neither resolvable nor a specific outcome.
        ///
        /// Apple's system accepts errors of `NSCocoaErrorDomain` and `NSFileProviderErrorDomain`
        /// only, and wraps any other error an extension returns in this code with the original as
        /// `NSUnderlyingErrorKey`; ``FileProviderError/mapped(_:itemIdentifier:)`` does the same for
        /// an error it cannot classify. It is not resolvable: nothing signals it resolved, so
        /// parking on it would hold the operation for ever.
        case unclassified = 4101

        /// Alias of ``syncAnchorExpired`` (-1002), used when an item-enumeration page expires.
        public static var pageExpired: Code { .syncAnchorExpired }

        /// The error domain the raw value belongs to: `NSFileProviderErrorDomain`,
        /// `NSCocoaErrorDomain` or `NSPOSIXErrorDomain`.
        public var errorDomain: String {
            switch self {
            case .invalidArgument: "NSPOSIXErrorDomain"
            case .fileReadUnknown, .fileReadNoPermission, .fileReadNoSuchFile, .fileWriteNoPermission,
                .invalidFilename, .featureUnsupported, .unclassified:
                "NSCocoaErrorDomain"
            default: FileProviderError.errorDomain
            }
        }

        /// Whether the system throttles operations that failed with this code until the provider
        /// calls `signalErrorResolved` for it: ``notAuthenticated``, ``serverUnreachable``,
        /// ``insufficientQuota``, ``cannotSynchronize`` and ``excludedFromSync``.
        public var isResolvable: Bool {
            switch self {
            case .notAuthenticated, .serverUnreachable, .insufficientQuota, .cannotSynchronize, .excludedFromSync:
                true
            default: false
            }
        }
    }
}
