import FileProviderKit
import Foundation

/// The key of an item in a folder's date order: its modification date (its creation date when
/// it has none, the distant past when it has neither), then its identifier to break ties.
struct DateKey: Hashable, Comparable, Sendable {
    /// Seconds since the reference date; never NaN, so that the order is total.
    let time: Double
    let identifier: ItemIdentifier

    init(time: Double, identifier: ItemIdentifier) {
        self.time = time.isNaN ? -.infinity : time
        self.identifier = identifier
    }

    init(_ item: ItemSnapshot) {
        let date = item.contentModificationDate ?? item.creationDate ?? .distantPast
        self.init(time: date.timeIntervalSinceReferenceDate, identifier: item.itemIdentifier)
    }

    static func < (lhs: DateKey, rhs: DateKey) -> Bool {
        lhs.time != rhs.time ? lhs.time < rhs.time : lhs.identifier < rhs.identifier
    }
}
