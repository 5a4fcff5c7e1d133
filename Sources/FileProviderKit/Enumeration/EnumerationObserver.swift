/// Receives the items of one page of a listing. Implemented by the consumer (the system, a host,
/// the conformance harness); called by the provider's ``Enumerator``.
///
/// The contract a provider meets for every call to ``Enumerator/enumerateItems(for:startingAt:)``:
/// - It reports items with ``didEnumerate(_:)`` zero or more times, then calls exactly one of
///   ``finishEnumerating(upTo:)`` and ``finishEnumeratingWithError(_:)``, before it returns.
///   Nothing is reported after the finish.
/// - One page holds at most ``suggestedPageSize`` items, and at least one unless it is the last.
/// - Following the next pages until `nil` yields every child of the container exactly once, in
///   the order of the initial page (by name or by date).
///
/// Observers may be called from any thread; implementations are thread-safe.
public protocol EnumerationObserver: Sendable {
    /// The number of items the consumer wants in one page; at least 1.
    var suggestedPageSize: Int { get }

    /// Reports some of the page's items. May be called several times for one page.
    func didEnumerate(_ items: [any FileProviderItem])

    /// Ends the page. `nextPage` is where the listing continues, or `nil` when it is complete.
    func finishEnumerating(upTo nextPage: Page?)

    /// Ends the page with an error: ``FileProviderError/Code/pageExpired`` when the page cannot be
    /// honoured, ``FileProviderError/Code/noSuchItem`` when the container does not exist, or any
    /// other ``FileProviderError`` or `CancellationError`.
    func finishEnumeratingWithError(_ error: any Error)
}
