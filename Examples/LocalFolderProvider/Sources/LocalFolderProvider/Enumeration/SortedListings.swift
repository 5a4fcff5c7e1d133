import FileProviderKit

/// Containers' listings in page order, kept while the state does not change, so that paging
/// through a folder of n items sorts it once, not once a page.
struct SortedListings {
    /// One listing entry: its page key and its item.
    typealias Entry = (key: PageToken.Key, identifier: ItemIdentifier)

    private struct Listing: Hashable {
        var container: ItemIdentifier
        var order: PageToken.Order
    }

    private var changeCount = -1
    private var listings: [Listing: [Entry]] = [:]

    /// The items of `container` (every item for the working set) in `order`, sorted by key.
    mutating func listing(of container: ItemIdentifier, order: PageToken.Order, in state: FolderState) -> [Entry] {
        if changeCount != state.changeCount {
            listings = [:]
            changeCount = state.changeCount
        }
        let listing = Listing(container: container, order: order)
        if let cached = listings[listing] { return cached }
        let records = container == .workingSet ? Array(state.records.values) : state.children(of: container)
        let sorted = records.map { (key: PageToken.Key($0, order: order), identifier: $0.identifier) }
            .sorted { $0.key < $1.key }
        listings[listing] = sorted
        return sorted
    }
}

extension Array where Element == SortedListings.Entry {
    /// The index of the first entry for which `isAfter` holds, in a listing where it holds for a
    /// suffix (binary search).
    func partitioningIndex(where isAfter: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
