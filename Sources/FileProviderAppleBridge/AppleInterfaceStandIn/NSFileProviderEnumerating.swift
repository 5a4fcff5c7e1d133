#if !canImport(FileProvider)
import Foundation

// Apple's enumeration types (`FileProvider/NSFileProviderEnumerating.h`), as far as the bridge uses
// them: a stand-in compiled only where Apple's framework cannot be imported.

/// Apple's `NSFileProviderPage` (stand-in on Linux).
public struct NSFileProviderPage: RawRepresentable, Hashable, Sendable {
    /// The page's bytes.
    public let rawValue: Data
    /// Creates a page.
    public init(rawValue: Data) { self.rawValue = rawValue }
    /// Creates a page.
    public init(_ rawValue: Data) { self.rawValue = rawValue }
    /// `NSFileProviderInitialPageSortedByDate`; its bytes are the stand-in's own.
    nonisolated(unsafe) public static let initialPageSortedByDate = NSData(
        data: Data("NSFileProviderInitialPageSortedByDate".utf8)
    )
    /// `NSFileProviderInitialPageSortedByName`; its bytes are the stand-in's own.
    nonisolated(unsafe) public static let initialPageSortedByName = NSData(
        data: Data("NSFileProviderInitialPageSortedByName".utf8)
    )
}

/// Apple's `NSFileProviderSyncAnchor` (stand-in on Linux).
public struct NSFileProviderSyncAnchor: RawRepresentable, Hashable, Sendable {
    /// The anchor's bytes.
    public let rawValue: Data
    /// Creates an anchor.
    public init(rawValue: Data) { self.rawValue = rawValue }
    /// Creates an anchor.
    public init(_ rawValue: Data) { self.rawValue = rawValue }
}

/// Apple's `NSFileProviderEnumerationObserver` (stand-in on Linux). Apple's optional
/// `suggestedPageSize` is a requirement here, with a default for observers that do not implement it.
public protocol NSFileProviderEnumerationObserver: NSObjectProtocol {
    /// Reports items of the page.
    /// Objective-C: `didEnumerateItems:`.
    func didEnumerate(_ updatedItems: [any NSFileProviderItemProtocol])
    /// Ends the page; `nil` when the listing is complete.
    /// Objective-C: `finishEnumeratingUpToPage:`.
    func finishEnumerating(upTo nextPage: NSFileProviderPage?)
    /// Ends the page with an error.
    /// Objective-C: `finishEnumeratingWithError:`.
    func finishEnumeratingWithError(_ error: any Error)
    /// The number of items the system wants in a page.
    /// Objective-C: `suggestedPageSize`.
    var suggestedPageSize: Int { get }
}

extension NSFileProviderEnumerationObserver {
    /// Unimplemented: 100.
    public var suggestedPageSize: Int { 100 }
}

/// Apple's `NSFileProviderChangeObserver` (stand-in on Linux). Apple's optional
/// `suggestedBatchSize` is a requirement here, with a default for observers that do not implement it.
public protocol NSFileProviderChangeObserver: NSObjectProtocol {
    /// Reports updated or created items.
    /// Objective-C: `didUpdateItems:`.
    func didUpdate(_ updatedItems: [any NSFileProviderItemProtocol])
    /// Reports deleted items.
    /// Objective-C: `didDeleteItemsWithIdentifiers:`.
    func didDeleteItems(withIdentifiers deletedItemIdentifiers: [NSFileProviderItemIdentifier])
    /// Ends the batch.
    /// Objective-C: `finishEnumeratingChangesUpToSyncAnchor:moreComing:`.
    func finishEnumeratingChanges(upTo anchor: NSFileProviderSyncAnchor, moreComing: Bool)
    /// Ends the batch with an error.
    /// Objective-C: `finishEnumeratingWithError:`.
    func finishEnumeratingWithError(_ error: any Error)
    /// The number of changes the system wants in a batch.
    /// Objective-C: `suggestedBatchSize`.
    var suggestedBatchSize: Int { get }
}

extension NSFileProviderChangeObserver {
    /// Unimplemented: 100.
    public var suggestedBatchSize: Int { 100 }
}

/// Apple's `NSFileProviderEnumerator` (stand-in on Linux). Apple's optional change methods are
/// requirements here; an enumerator without change support reports so through
/// ``supportsChangeEnumeration``, which stands for Objective-C's `respondsToSelector:`.
public protocol NSFileProviderEnumerator: NSObjectProtocol {
    /// The system no longer needs the enumerator.
    /// Objective-C: `invalidate`.
    func invalidate()
    /// Lists one page.
    /// Objective-C: `enumerateItemsForObserver:startingAtPage:`.
    func enumerateItems(for observer: any NSFileProviderEnumerationObserver, startingAt page: NSFileProviderPage)
    /// Reports the changes since an anchor.
    /// Objective-C: `enumerateChangesForObserver:fromSyncAnchor:`.
    func enumerateChanges(for observer: any NSFileProviderChangeObserver, from syncAnchor: NSFileProviderSyncAnchor)
    /// The current anchor.
    /// Objective-C: `currentSyncAnchorWithCompletionHandler:`.
    func currentSyncAnchor(completionHandler: @escaping @Sendable (NSFileProviderSyncAnchor?) -> Void)
    /// Whether the optional change methods are implemented (stand-in only).
    /// Objective-C: none (stand-in only).
    var supportsChangeEnumeration: Bool { get }
}

extension NSFileProviderEnumerator {
    /// Implemented, unless an enumerator says otherwise.
    public var supportsChangeEnumeration: Bool { true }
}

/// Apple's `NSFileProviderEnumerating` (stand-in on Linux).
public protocol NSFileProviderEnumerating: NSObjectProtocol {
    /// An enumerator for a container.
    /// Objective-C: `enumeratorForContainerItemIdentifier:request:error:`.
    func enumerator(
        for containerItemIdentifier: NSFileProviderItemIdentifier,
        request: NSFileProviderRequest
    ) throws -> any NSFileProviderEnumerator
}
#endif
