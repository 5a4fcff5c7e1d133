import FileProviderKit
import Foundation

#if canImport(FileProvider)
import FileProvider
#endif

/// A contract observer that hands a provider's changes to Apple's observer.
final class ChangeObserverForwarder: ChangeObserver, @unchecked Sendable {
    // Apple's system observers accept calls from any queue.
    private let observer: any NSFileProviderChangeObserver

    init(_ observer: any NSFileProviderChangeObserver) {
        self.observer = observer
    }

    var suggestedBatchSize: Int {
        let suggested: Int? = observer.suggestedBatchSize
        return max(1, suggested ?? AppleDefaults.pageSize)
    }

    func didUpdate(_ updatedItems: [any FileProviderItem]) {
        observer.didUpdate(updatedItems.map { BridgedItem($0) })
    }

    func didDeleteItems(withIdentifiers deletedItemIdentifiers: [ItemIdentifier]) {
        observer.didDeleteItems(withIdentifiers: deletedItemIdentifiers.map(\.apple))
    }

    func finishEnumeratingChanges(upTo anchor: SyncAnchor, moreComing: Bool) {
        observer.finishEnumeratingChanges(upTo: anchor.apple, moreComing: moreComing)
    }

    func finishEnumeratingWithError(_ error: any Error) {
        observer.finishEnumeratingWithError(AppleErrorBridge.appleError(for: error))
    }
}
