/// The pages of a listing, fetched lazily one call to ``Enumerator/enumerateItems(for:startingAt:)``
/// at a time, ending after the page whose next page is `nil`.
///
/// Iteration throws the provider's error, `CancellationError` when the task is cancelled between
/// pages, or a ``ContractViolation`` when the provider breaks the observer contract (no finish, a
/// second finish, items after the finish, more items than suggested, a page handed back twice).
public struct ItemPageSequence: AsyncSequence, Sendable {
    /// The element: one page.
    public typealias Element = ItemPage

    let enumerator: any Enumerator
    let startPage: Page
    let suggestedPageSize: Int

    /// Creates an iterator that starts at the first page.
    public func makeAsyncIterator() -> Iterator {
        Iterator(sequence: self)
    }

    /// Fetches one page per call to ``next()``.
    public struct Iterator: AsyncIteratorProtocol {
        private let sequence: ItemPageSequence
        private var nextPage: Page?
        private var seenPages: Set<Page> = []

        init(sequence: ItemPageSequence) {
            self.sequence = sequence
            self.nextPage = sequence.startPage
        }

        /// The next page, or `nil` after the last one.
        public mutating func next() async throws -> ItemPage? {
            guard let page = nextPage else { return nil }
            nextPage = nil
            try Task.checkCancellation()
            seenPages.insert(page)
            let call = "enumerateItems(startingAt: \(page))"
            let observer = RecordingEnumerationObserver(suggestedPageSize: sequence.suggestedPageSize)
            await sequence.enumerator.enumerateItems(for: observer, startingAt: page)
            let result = try observer.result(of: call)
            if let next = result.nextPage {
                guard !seenPages.contains(next) else {
                    throw ContractViolation(.pageRepeated(next), call: call)
                }
                nextPage = next
            }
            return result
        }
    }
}
