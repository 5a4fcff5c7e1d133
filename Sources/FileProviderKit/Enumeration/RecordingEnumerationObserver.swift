/// An ``EnumerationObserver`` that records one page and the contract violations it sees.
final class RecordingEnumerationObserver: EnumerationObserver {
    private enum Outcome {
        case nextPage(Page?)
        case error(any Error)
    }

    private struct State {
        var items: [any FileProviderItem] = []
        var tracker = FinishTracker<Outcome>()
    }

    let suggestedPageSize: Int
    private let state = LockedValue(State())

    init(suggestedPageSize: Int) {
        self.suggestedPageSize = suggestedPageSize
    }

    func didEnumerate(_ items: [any FileProviderItem]) {
        state.withLock { state in state.tracker.whileOpen { state.items += items } }
    }

    func finishEnumerating(upTo nextPage: Page?) {
        state.withLock { $0.tracker.finish(.nextPage(nextPage)) }
    }

    func finishEnumeratingWithError(_ error: any Error) {
        state.withLock { $0.tracker.finish(.error(error)) }
    }

    /// The page's items and where the listing continues.
    ///
    /// - Throws: the error the provider finished with, or a ``ContractViolation`` describing `call`.
    func result(of call: String) throws -> ItemPage {
        let (items, tracker) = state.withLock { ($0.items, $0.tracker) }
        switch try tracker.outcome(of: call) {
        case .error(let error): throw error
        case .nextPage(let nextPage):
            guard items.count <= suggestedPageSize else {
                throw ContractViolation(.tooManyItems(count: items.count, suggested: suggestedPageSize), call: call)
            }
            return ItemPage(items: items, nextPage: nextPage)
        }
    }
}
