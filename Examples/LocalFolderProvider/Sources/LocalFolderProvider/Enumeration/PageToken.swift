import FileProviderKit
import Foundation

/// A page: where a listing continues, as the sort key of the last item it delivered (a keyset
/// position, so children added or removed between pages never make the listing skip or repeat
/// the others), and what it is valid for — the store epoch and the container.
///
/// Bytes: tag `LFPG`, format version, epoch, container fingerprint, order, the last key's date
/// (bit pattern; 0 unless by date), name (unless by identifier) and identifier, checksum. A
/// filename takes at most 255 bytes and an identifier about 40, so a page stays under 350 bytes.
struct PageToken: Hashable, Sendable {
    enum Order: UInt64, Sendable {
        /// By filename, then identifier: folders and the trash.
        case name = 1
        /// By modification date, then identifier.
        case date = 2
        /// By identifier: the working set.
        case identifier = 3
    }

    /// The position of an item in a listing's order.
    struct Key: Hashable, Comparable, Sendable {
        var date: Date
        var name: String
        var identifier: ItemIdentifier
        /// The name's place in the contract's total name order, computed once: Swift's `String`
        /// `<` leaves a decomposed name that is canonically a prefix of its sibling unordered, and
        /// the listing would skip it.
        private var nameKey: FilenameSortKey

        init(_ record: ItemRecord, order: Order) {
            self.init(
                date: order == .date ? record.disk.modificationDate : Date(timeIntervalSinceReferenceDate: 0),
                name: order == .identifier ? "" : record.filename,
                identifier: record.identifier
            )
        }

        init(date: Date, name: String, identifier: ItemIdentifier) {
            self.date = date
            self.name = name
            self.identifier = identifier
            nameKey = FilenameSortKey(name)
        }

        /// Date, then name in the contract's name order (`FilenameSortKey`), then identifier.
        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.date, lhs.nameKey, lhs.identifier) < (rhs.date, rhs.nameKey, rhs.identifier)
        }
    }

    private static let tag = "LFPG"

    var epoch: UInt64
    var container: UInt64
    var order: Order
    var last: Key

    init(epoch: UInt64, container: ItemIdentifier, order: Order, last: Key) {
        self.epoch = epoch
        self.container = Self.fingerprint(container)
        self.order = order
        self.last = last
    }

    /// Decodes a page; `nil` when the provider did not write it.
    init?(_ page: Page) {
        guard var reader = TokenReader(page.rawValue, tag: Self.tag), let epoch = reader.readUInt64(),
            let container = reader.readUInt64(), let order = reader.readUInt64().flatMap(Order.init(rawValue:)),
            let date = reader.readUInt64(), let name = reader.readString(), let identifier = reader.readString(),
            reader.isAtEnd
        else { return nil }
        self.epoch = epoch
        self.container = container
        self.order = order
        self.last = Key(
            date: Date(timeIntervalSinceReferenceDate: Double(bitPattern: date)),
            name: name,
            identifier: ItemIdentifier(identifier)
        )
    }

    /// Whether the page belongs to a listing of `container`.
    func isFor(_ identifier: ItemIdentifier) -> Bool {
        container == Self.fingerprint(identifier)
    }

    var page: Page {
        get throws {
            var coder = TokenCoder(tag: Self.tag)
            coder.append(epoch)
            coder.append(container)
            coder.append(order.rawValue)
            coder.append(last.date.timeIntervalSinceReferenceDate.bitPattern)
            coder.append(last.name)
            coder.append(last.identifier.rawValue)
            return try Page(coder.data)
        }
    }

    private static func fingerprint(_ identifier: ItemIdentifier) -> UInt64 {
        TokenCoder.checksum(identifier.rawValue.utf8)
    }
}
