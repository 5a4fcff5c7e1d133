import FileProviderKit

/// Forwards a page to the real observer, changing it the way the bug does, and keeps the finish
/// for the enumerator to decide on.
final class PageInterceptor: EnumerationObserver {
    enum Finish {
        case page(Page?)
        case error(any Error)
    }

    let observer: any EnumerationObserver
    let enumerator: BrokenEnumerator
    let isContinuation: Bool
    private let state = LockedValue<Finish?>(nil)

    var suggestedPageSize: Int {
        enumerator.bug == .oversizePages ? observer.suggestedPageSize * 3 : observer.suggestedPageSize
    }
    var finish: Finish? { state.withLock { $0 } }

    init(forwardingTo observer: any EnumerationObserver, enumerator: BrokenEnumerator, isContinuation: Bool) {
        self.observer = observer
        self.enumerator = enumerator
        self.isContinuation = isContinuation
    }

    func didEnumerate(_ items: [any FileProviderItem]) {
        var page = enumerator.handOut(items)
        switch enumerator.bug {
        case .skipsFirstItemOfNextPage where isContinuation && !page.isEmpty:
            page.removeFirst()
        case .pagesReversed:
            page.reverse()
        default:
            break
        }
        observer.didEnumerate(page)
    }

    func finishEnumerating(upTo nextPage: Page?) {
        state.withLock { $0 = .page(nextPage) }
    }

    func finishEnumeratingWithError(_ error: any Error) {
        state.withLock { $0 = .error(error) }
    }
}
