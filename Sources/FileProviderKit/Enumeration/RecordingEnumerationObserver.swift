import Synchronization

/// An ``EnumerationObserver`` that records one page and the contract violations it sees.
final class RecordingEnumerationObserver: EnumerationObserver {
    enum Outcome {
        case nextPage(Page?)
        case error(any Error)
    }

    private struct State {
        var items: [any FileProviderItem] = []
        var outcome: Outcome?
        var violation: ContractViolation.Kind?
    }

    let suggestedPageSize: Int
    private let state = Mutex(State())

    init(suggestedPageSize: Int) {
        self.suggestedPageSize = suggestedPageSize
    }

    func didEnumerate(_ items: [any FileProviderItem]) {
        state.withLock { state in
            if state.outcome != nil {
                state.violation = state.violation ?? .reportedAfterFinish
            } else {
                state.items += items
            }
        }
    }

    func finishEnumerating(upTo nextPage: Page?) {
        finish(.nextPage(nextPage))
    }

    func finishEnumeratingWithError(_ error: any Error) {
        finish(.error(error))
    }

    /// The page's items and where the listing continues.
    ///
    /// - Throws: the error the provider finished with, or a ``ContractViolation`` describing `call`.
    func result(of call: String) throws -> ItemPage {
        let (items, outcome, violation) = state.withLock { ($0.items, $0.outcome, $0.violation) }
        if let violation { throw ContractViolation(violation, call: call) }
        switch outcome {
        case nil: throw ContractViolation(.didNotFinish, call: call)
        case .error(let error): throw error
        case .nextPage(let nextPage):
            guard items.count <= suggestedPageSize else {
                throw ContractViolation(.tooManyItems(count: items.count, suggested: suggestedPageSize), call: call)
            }
            return ItemPage(items: items, nextPage: nextPage)
        }
    }

    private func finish(_ outcome: Outcome) {
        state.withLock { state in
            if state.outcome != nil {
                state.violation = state.violation ?? .finishedMoreThanOnce
            } else {
                state.outcome = outcome
            }
        }
    }
}
