import FileProviderKit

/// Lists every page of a container and returns the number of items.
public func listAll(_ enumerator: any Enumerator, pageSize: Int) async -> Int {
    let observer = CountingObserver(pageSize: pageSize)
    var page: Page? = .initialPageSortedByName
    while let current = page {
        await enumerator.enumerateItems(for: observer, startingAt: current)
        page = observer.nextPage
    }
    return observer.count
}

/// Lists one page and returns the number of items.
public func listPage(_ enumerator: any Enumerator, at page: Page, pageSize: Int) async -> Int {
    let observer = CountingObserver(pageSize: pageSize)
    await enumerator.enumerateItems(for: observer, startingAt: page)
    return observer.count
}

/// The raw-copy baseline of a listing: copies `items` into pages of `pageSize`, as an enumerator
/// hands them to its observer, and gives each page to the same kind of observer a listing uses.
///
/// - Returns: the number of items copied.
public func copyIntoPages(_ items: [ItemSnapshot], pageSize: Int) -> Int {
    let observer = CountingObserver(pageSize: pageSize)
    var start = 0
    while start < items.count {
        let end = min(start + pageSize, items.count)
        var page: [any FileProviderItem] = []
        page.reserveCapacity(end - start)
        for index in start..<end { page.append(items[index]) }
        observer.didEnumerate(page)
        start = end
    }
    return observer.count
}

/// Enumerates every change since `anchor`, batch after batch, each from a fresh enumerator of the
/// working set as a host does, and returns the number of changes reported.
public func enumerateAllChanges(
    of provider: any FileProvider,
    since anchor: SyncAnchor,
    batchSize: Int
) async throws
    -> Int
{
    let observer = CountingChangeObserver(batchSize: batchSize)
    var current = anchor
    repeat {
        let enumerator = try await provider.enumerator(for: .workingSet, request: Request())
        await enumerator.enumerateChanges(for: observer, from: current)
        await enumerator.invalidate()
        current = observer.anchor ?? current
    } while observer.moreComing
    return observer.count
}
