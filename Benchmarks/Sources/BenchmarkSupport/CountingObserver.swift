import FileProviderKit

/// An observer that counts items and keeps the next page; used by one task at a time.
public final class CountingObserver: EnumerationObserver, @unchecked Sendable {
    /// The page size the observer suggests.
    public let suggestedPageSize: Int
    /// The number of items enumerated so far.
    public private(set) var count = 0
    /// The page the last enumeration finished up to.
    public private(set) var nextPage: Page?

    /// Creates an observer suggesting `pageSize`.
    public init(pageSize: Int) {
        suggestedPageSize = pageSize
    }

    /// Counts the items.
    public func didEnumerate(_ items: [any FileProviderItem]) {
        count += items.count
    }

    /// Keeps the next page.
    public func finishEnumerating(upTo nextPage: Page?) {
        self.nextPage = nextPage
    }

    /// Stops the benchmark: its enumeration must not fail.
    public func finishEnumeratingWithError(_ error: any Error) {
        fatalError("Enumeration failed: \(error)")
    }
}
