import FileProviderBackendSupport
import FileProviderKit
import Foundation

/// The content of a page the provider hands out: where a listing continues (a keyset position,
/// so seeking costs O(log n) and items that stay are never skipped or repeated), and what the
/// position is valid for — the domain, the container and the store epoch.
///
/// Bytes: the codec header (`IMPG`, format version, scope), the container fingerprint (8 bytes),
/// the order (1 byte), the last key, and the checksum. The last key is
/// the last item's filename (by name), its date and identifier (by date), or its identifier (the
/// working set, listed by identifier); each string is at most 255 bytes, so a page takes at most
/// 310 bytes.
struct PageToken: Hashable, Sendable {
    /// The last key a page delivered.
    enum Key: Hashable, Sendable {
        /// By name: the last item's filename, whose collision key is its position.
        case name(String)
        /// By date.
        case date(DateKey)
        /// The working set: by identifier.
        case identifier(ItemIdentifier)
    }

    private static let magic: StaticString = "IMPG"

    let scope: TokenScope
    let container: ItemIdentifier
    let key: Key

    init(scope: TokenScope, container: ItemIdentifier, key: Key) {
        self.scope = scope
        self.container = container
        self.key = key
    }

    /// Decodes a page; `nil` when it is not a page of `container` this store wrote in `scope`.
    init?(_ page: Page, scope: TokenScope, container: ItemIdentifier) {
        guard var reader = scope.reader(of: page.rawValue, magic: Self.magic),
            reader.readUInt64() == TokenBytes.fingerprint(container.rawValue),
            let order = reader.readUInt8()
        else { return nil }
        let key: Key
        switch order {
        case 0:
            guard let name = reader.readString() else { return nil }
            key = .name(name)
        case 1:
            guard let bits = reader.readUInt64(), let identifier = reader.readString() else { return nil }
            key = .date(DateKey(time: Double(bitPattern: bits), identifier: ItemIdentifier(identifier)))
        case 2:
            guard let identifier = reader.readString() else { return nil }
            key = .identifier(ItemIdentifier(identifier))
        default:
            return nil
        }
        guard reader.isAtEnd else { return nil }
        self.init(scope: scope, container: container, key: key)
    }

    /// The page's bytes, or `nil` if they would exceed `Page.maximumSize` (which the bounds on
    /// filenames and identifiers rule out).
    var page: Page? {
        var writer = scope.writer(magic: Self.magic)
        writer.append(TokenBytes.fingerprint(container.rawValue))
        switch key {
        case .name(let name):
            writer.append(UInt8(0))
            writer.append(name)
        case .date(let dateKey):
            writer.append(UInt8(1))
            writer.append(dateKey.time.bitPattern)
            writer.append(dateKey.identifier.rawValue)
        case .identifier(let identifier):
            writer.append(UInt8(2))
            writer.append(identifier.rawValue)
        }
        return try? Page(writer.finish())
    }
}
