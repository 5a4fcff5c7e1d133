import FileProviderKit
import Foundation

/// The order of a listing, and the one total order its pages are sorted and resumed in.
///
/// Sorting and resuming must use the same comparison, or a listing skips or repeats items: a
/// provider that sorts by the backend's byte order (S3 lists keys in UTF-8 byte order; a folder
/// `a` lists as the prefix `a/`, after `a-b` and `a.txt`) and resumes with Swift's `<` — or sorts
/// with Swift's `<` and resumes at the backend's continuation — loses the items between the two
/// orders. ``ListingKey`` is that one order: by name, the Unicode scalar order of the names' NFC
/// forms (what the contract's R2 asks), ties broken by identifier; by date, the modification date
/// (an item without one as the distant past), then the identifier.
///
/// Not Swift's `String` `<` itself: it is not a total order across canonically equivalent
/// prefixes — for `"Cafe\u{301}"` and `"Caf\u{E9}s"` it answers `false` both ways although the
/// strings differ (Swift 6.3.1), so a binary search for the position after `"Café"` skips
/// `"Cafés"`. Comparing the NFC forms' UTF-8 bytes gives the same order where `<` is consistent,
/// and a total one everywhere.
public enum ListingOrder: UInt8, Sendable, Hashable {
    /// By filename (`Page.initialPageSortedByName`).
    case name = 0
    /// By content modification date, oldest first (`Page.initialPageSortedByDate`).
    case date = 1
}

/// The position of an item in a listing's order: what a keyset page remembers of the last item it
/// delivered.
public struct ListingKey: Hashable, Comparable, Sendable {
    /// The order the key belongs to.
    public let order: ListingOrder
    /// The filename under ``ListingOrder/name``; empty under ``ListingOrder/date``.
    public let name: String
    /// The date's bit pattern under ``ListingOrder/date`` (so it round-trips exactly); 0 under
    /// ``ListingOrder/name``.
    public let time: Double
    /// The identifier that breaks ties.
    public let identifier: ItemIdentifier
    /// The UTF-8 bytes of the name's NFC form: compared bytewise, the scalar order of the
    /// canonically equivalent form.
    private let sortBytes: [UInt8]

    /// The key of `item` in `order`.
    public init(_ item: some FileProviderItem, order: ListingOrder) {
        self.order = order
        identifier = item.itemIdentifier
        switch order {
        case .name:
            name = item.filename
            time = 0
            sortBytes = Self.sortBytes(of: item.filename)
        case .date:
            name = ""
            time = (item.contentModificationDate ?? .distantPast).timeIntervalSinceReferenceDate
            sortBytes = []
        }
    }

    init(order: ListingOrder, name: String, time: Double, identifier: ItemIdentifier) {
        self.order = order
        self.name = name
        self.time = time
        self.identifier = identifier
        sortBytes = Self.sortBytes(of: name)
    }

    /// Orders keys of one order: by name (the NFC forms' scalar order) or by time, then by
    /// identifier. A total order.
    public static func < (lhs: ListingKey, rhs: ListingKey) -> Bool {
        switch lhs.order {
        case .name:
            if lhs.sortBytes != rhs.sortBytes { return lhs.sortBytes.lexicographicallyPrecedes(rhs.sortBytes) }
        case .date:
            if lhs.time != rhs.time { return lhs.time < rhs.time }
        }
        return lhs.identifier < rhs.identifier
    }
}

extension ListingKey {
    fileprivate static func sortBytes(of name: String) -> [UInt8] {
        Array(name.precomposedStringWithCanonicalMapping.utf8)
    }
}
