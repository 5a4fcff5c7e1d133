import FileProviderKit
import Foundation

/// A keyset page: where a listing continues — the ``ListingKey`` of the last item delivered — and
/// what it is valid for: a store epoch and a container.
///
/// Because a page names a position rather than an offset, items added or removed between two
/// pages never make the listing skip or repeat the others (R2.1), and seeking to it costs O(log n)
/// in a ``SortedListing``. A page of another epoch (the store was reset, R3), of another container,
/// or garbage, decodes to `nil`: answer `pageExpired`.
///
/// Bytes: `FBPG`, format version, epoch, container fingerprint, order, time, name, identifier,
/// checksum: 45 bytes plus the name's (at most 255) and the identifier's — at most 500 (R2.8)
/// while the identifier takes at most ``maximumIdentifierSize`` bytes.
public struct KeysetPageToken: Hashable, Sendable {
    /// The largest identifier a page can hold, in UTF-8 bytes.
    public static let maximumIdentifierSize = 190

    private static let magic: StaticString = "FBPG"

    /// The store epoch the page belongs to.
    public let epoch: UInt64
    /// The container listed.
    public let container: ItemIdentifier
    /// The key of the last item delivered.
    public let last: ListingKey

    /// A page continuing after `last` in a listing of `container` in `epoch`.
    public init(epoch: UInt64, container: ItemIdentifier, last: ListingKey) {
        self.epoch = epoch
        self.container = container
        self.last = last
    }

    /// Decodes `page`; `nil` when it is not a page of `container` made in `epoch` — answer
    /// `pageExpired`.
    public init?(_ page: Page, epoch: UInt64, container: ItemIdentifier) {
        guard var reader = TokenBytes.Reader(page.rawValue, magic: Self.magic), reader.readUInt64() == epoch,
            reader.readUInt64() == TokenBytes.fingerprint(container.rawValue),
            let order = reader.readUInt8().flatMap(ListingOrder.init(rawValue:)), let bits = reader.readUInt64(),
            let name = reader.readString(), let identifier = reader.readString(), reader.isAtEnd
        else { return nil }
        self.init(
            epoch: epoch,
            container: container,
            last: ListingKey(
                order: order,
                name: name,
                time: Double(bitPattern: bits),
                identifier: ItemIdentifier(identifier)
            )
        )
    }

    /// The page's bytes.
    ///
    /// - Throws: `invalidArgument` when the identifier takes more than
    ///   ``maximumIdentifierSize`` bytes or the name more than 255.
    public func page() throws(FileProviderError) -> Page {
        guard last.identifier.rawValue.utf8.count <= Self.maximumIdentifierSize, last.name.utf8.count <= 255 else {
            throw FileProviderError(
                .invalidArgument,
                message:
                    "A page holds a name of at most 255 bytes and an identifier of at most \(Self.maximumIdentifierSize)."
            )
        }
        var writer = TokenBytes.Writer(magic: Self.magic)
        writer.append(epoch)
        writer.append(TokenBytes.fingerprint(container.rawValue))
        writer.append(last.order.rawValue)
        writer.append(last.time.bitPattern)
        writer.append(last.name)
        writer.append(last.identifier.rawValue)
        return try Page(writer.finish())
    }
}
