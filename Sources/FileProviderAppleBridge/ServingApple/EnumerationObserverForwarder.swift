import FileProviderKit
import Foundation

#if canImport(FileProvider)
import FileProvider
#endif

/// A contract observer that hands a provider's page to Apple's observer, items as ``BridgedItem``s.
final class EnumerationObserverForwarder: EnumerationObserver, @unchecked Sendable {
    // Apple's system observers accept calls from any queue.
    private let observer: any NSFileProviderEnumerationObserver

    init(_ observer: any NSFileProviderEnumerationObserver) {
        self.observer = observer
    }

    var suggestedPageSize: Int {
        let suggested: Int? = observer.suggestedPageSize
        return max(1, suggested ?? AppleDefaults.pageSize)
    }

    func didEnumerate(_ items: [any FileProviderItem]) {
        observer.didEnumerate(items.map { BridgedItem($0) })
    }

    func finishEnumerating(upTo nextPage: Page?) {
        observer.finishEnumerating(upTo: nextPage?.apple)
    }

    func finishEnumeratingWithError(_ error: any Error) {
        observer.finishEnumeratingWithError(AppleErrorBridge.appleError(for: error))
    }
}
