#if !canImport(FileProvider)
import Foundation

// Apple's extension protocols (`FileProvider/NSFileProviderReplicatedExtension.h`), as far as the
// bridge uses them: a stand-in compiled only where Apple's framework cannot be imported. Apple's
// optional methods are requirements here with a default that does what an unimplemented method
// means to the system. Completion handlers are imported as Swift imports Apple's headers: plain
// `@escaping` for the methods that return a `Progress`, `@Sendable` for those Swift also imports
// as `async` (their completion handlers are implicitly `@Sendable`).

/// Apple's `NSFileProviderCreateItemOptions` (stand-in on Linux).
public struct NSFileProviderCreateItemOptions: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt
    /// Creates a set from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// `1 << 0`.
    public static let mayAlreadyExist = NSFileProviderCreateItemOptions(rawValue: 1 << 0)
    /// `1 << 1`.
    public static let deletionConflicted = NSFileProviderCreateItemOptions(rawValue: 1 << 1)
}

/// Apple's `NSFileProviderModifyItemOptions` (stand-in on Linux).
public struct NSFileProviderModifyItemOptions: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt
    /// Creates a set from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// `1 << 0`.
    public static let mayAlreadyExist = NSFileProviderModifyItemOptions(rawValue: 1 << 0)
    /// `1 << 1`.
    public static let failOnConflict = NSFileProviderModifyItemOptions(rawValue: 1 << 1)
    /// `1 << 2`.
    public static let isImmediateUploadRequestByPresentingApplication = NSFileProviderModifyItemOptions(
        rawValue: 1 << 2
    )
}

/// Apple's `NSFileProviderDeleteItemOptions` (stand-in on Linux).
public struct NSFileProviderDeleteItemOptions: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt
    /// Creates a set from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// `1 << 0`.
    public static let recursive = NSFileProviderDeleteItemOptions(rawValue: 1 << 0)
}

/// Apple's `NSFileProviderFetchContentsOptions` (stand-in on Linux).
public struct NSFileProviderFetchContentsOptions: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt
    /// Creates a set from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// `1 << 0`.
    public static let strictVersioning = NSFileProviderFetchContentsOptions(rawValue: 1 << 0)
}

/// Apple's `NSFileProviderMaterializationFlags` (stand-in on Linux).
public struct NSFileProviderMaterializationFlags: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt
    /// Creates a set from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// `1 << 0`.
    public static let knownSparseRanges = NSFileProviderMaterializationFlags(rawValue: 1 << 0)
}

/// Apple's `NSFileProviderExtensionActionIdentifier` (stand-in on Linux).
public struct NSFileProviderExtensionActionIdentifier: RawRepresentable, Hashable, Sendable {
    /// The identifier's string.
    public let rawValue: String
    /// Creates an identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates an identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// Apple's `NSFileProviderReplicatedExtension` (stand-in on Linux).
public protocol NSFileProviderReplicatedExtension: NSFileProviderEnumerating {
    /// Creates the extension for a domain.
    /// Objective-C: `initWithDomain:`.
    init(domain: NSFileProviderDomain)
    /// The extension is being torn down.
    /// Objective-C: `invalidate`.
    func invalidate()
    /// The current state of an item.
    /// Objective-C: `itemForIdentifier:request:completionHandler:`.
    func item(
        for identifier: NSFileProviderItemIdentifier,
        request: NSFileProviderRequest,
        completionHandler: @escaping (NSFileProviderItem?, (any Error)?) -> Void
    ) -> Progress
    /// Fetches an item's content.
    /// Objective-C: `fetchContentsForItemWithIdentifier:version:request:completionHandler:`.
    func fetchContents(
        for itemIdentifier: NSFileProviderItemIdentifier,
        version requestedVersion: NSFileProviderItemVersion?,
        request: NSFileProviderRequest,
        completionHandler: @escaping (URL?, NSFileProviderItem?, (any Error)?) -> Void
    ) -> Progress
    /// Creates an item.
    /// Objective-C: `createItemBasedOnTemplate:fields:contents:options:request:completionHandler:`.
    func createItem(
        basedOn itemTemplate: NSFileProviderItem,
        fields: NSFileProviderItemFields,
        contents url: URL?,
        options: NSFileProviderCreateItemOptions,
        request: NSFileProviderRequest,
        completionHandler:
            @escaping (NSFileProviderItem?, NSFileProviderItemFields, Bool, (any Error)?) ->
            Void
    ) -> Progress
    /// Modifies an item.
    /// Objective-C: `modifyItem:baseVersion:changedFields:contents:options:request:completionHandler:`.
    func modifyItem(
        _ item: NSFileProviderItem,
        baseVersion version: NSFileProviderItemVersion,
        changedFields: NSFileProviderItemFields,
        contents newContents: URL?,
        options: NSFileProviderModifyItemOptions,
        request: NSFileProviderRequest,
        completionHandler:
            @escaping (NSFileProviderItem?, NSFileProviderItemFields, Bool, (any Error)?) ->
            Void
    ) -> Progress
    /// Deletes an item.
    /// Objective-C: `deleteItemWithIdentifier:baseVersion:options:request:completionHandler:`.
    func deleteItem(
        identifier: NSFileProviderItemIdentifier,
        baseVersion version: NSFileProviderItemVersion,
        options: NSFileProviderDeleteItemOptions,
        request: NSFileProviderRequest,
        completionHandler: @escaping ((any Error)?) -> Void
    ) -> Progress
    /// An import finished (optional in Apple's protocol).
    /// Objective-C: `importDidFinishWithCompletionHandler:`.
    func importDidFinish(completionHandler: @escaping @Sendable () -> Void)
    /// The set of materialized items changed (optional in Apple's protocol).
    /// Objective-C: `materializedItemsDidChangeWithCompletionHandler:`.
    func materializedItemsDidChange(completionHandler: @escaping @Sendable () -> Void)
    /// The set of pending items changed (optional in Apple's protocol).
    /// Objective-C: `pendingItemsDidChangeWithCompletionHandler:`.
    func pendingItemsDidChange(completionHandler: @escaping @Sendable () -> Void)
}

extension NSFileProviderReplicatedExtension {
    /// Unimplemented: calls the completion handler.
    public func importDidFinish(completionHandler: @escaping @Sendable () -> Void) { completionHandler() }
    /// Unimplemented: calls the completion handler.
    public func materializedItemsDidChange(completionHandler: @escaping @Sendable () -> Void) { completionHandler() }
    /// Unimplemented: calls the completion handler.
    public func pendingItemsDidChange(completionHandler: @escaping @Sendable () -> Void) { completionHandler() }
}

/// Apple's `NSFileProviderPartialContentFetching` (stand-in on Linux).
public protocol NSFileProviderPartialContentFetching: NSObjectProtocol {
    /// Fetches at least a range of an item's content, written at its own offset in the file.
    /// Objective-C: `fetchPartialContentsForItemWithIdentifier:version:request:minimalRange:aligningTo:options:completionHandler:`.
    func fetchPartialContents(
        for itemIdentifier: NSFileProviderItemIdentifier,
        version requestedVersion: NSFileProviderItemVersion,
        request: NSFileProviderRequest,
        minimalRange requestedRange: NSRange,
        aligningTo alignment: Int,
        options: NSFileProviderFetchContentsOptions,
        completionHandler:
            @escaping (
                URL?, NSFileProviderItem?, NSRange, NSFileProviderMaterializationFlags, (any Error)?
            ) -> Void
    ) -> Progress
}

/// Apple's `NSFileProviderThumbnailing` (stand-in on Linux).
public protocol NSFileProviderThumbnailing: NSObjectProtocol {
    /// Makes thumbnails.
    /// Objective-C: `fetchThumbnailsForItemIdentifiers:requestedSize:perThumbnailCompletionHandler:completionHandler:`.
    func fetchThumbnails(
        for itemIdentifiers: [NSFileProviderItemIdentifier],
        requestedSize size: CGSize,
        perThumbnailCompletionHandler: @escaping (NSFileProviderItemIdentifier, Data?, (any Error)?) -> Void,
        completionHandler: @escaping ((any Error)?) -> Void
    ) -> Progress
}

/// Apple's `NSFileProviderCustomAction` (stand-in on Linux).
public protocol NSFileProviderCustomAction: NSObjectProtocol {
    /// Performs a custom action.
    /// Objective-C: `performActionWithIdentifier:onItemsWithIdentifiers:completionHandler:`.
    func performAction(
        identifier actionIdentifier: NSFileProviderExtensionActionIdentifier,
        onItemsWithIdentifiers itemIdentifiers: [NSFileProviderItemIdentifier],
        completionHandler: @escaping ((any Error)?) -> Void
    ) -> Progress
}
#endif
