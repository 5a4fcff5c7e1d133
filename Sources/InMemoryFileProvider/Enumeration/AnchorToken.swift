import FileProviderKit
import Foundation

/// The content of a sync anchor the provider hands out: a position in the change log, and what
/// it is valid for — the domain and the store epoch.
///
/// `position` is the rank of the next change-log entry to report. `marker`, set only when a batch
/// had to stop inside the chain of not-yet-reported ancestors that must precede the entry at
/// `position`, names the last of them delivered, so the next batch continues after it. All the
/// continuation state is in the anchor: any enumerator of any provider over the same store
/// continues from it.
///
/// Bytes: the codec header (`IMAN`, format version, scope), the position (8 bytes), the marker (a string of at most 255 bytes, empty for none) and the checksum:
/// at most 294 bytes.
struct AnchorToken: Hashable, Sendable {
    private static let magic: StaticString = "IMAN"

    let scope: TokenScope
    let position: UInt64
    let marker: ItemIdentifier?

    init(scope: TokenScope, position: UInt64, marker: ItemIdentifier?) {
        self.scope = scope
        self.position = position
        self.marker = marker
    }

    /// Decodes an anchor; `nil` when it is not an anchor this store wrote in `scope`.
    init?(_ anchor: SyncAnchor, scope: TokenScope) {
        guard var reader = scope.reader(of: anchor.rawValue, magic: Self.magic),
            let position = reader.readUInt64(),
            let marker = reader.readString(),
            reader.isAtEnd
        else { return nil }
        self.init(scope: scope, position: position, marker: marker.isEmpty ? nil : ItemIdentifier(marker))
    }

    /// The anchor's bytes, or `nil` if they would exceed `SyncAnchor.maximumSize` (which the
    /// bound on identifiers rules out).
    var anchor: SyncAnchor? {
        var writer = scope.writer(magic: Self.magic)
        writer.append(position)
        writer.append(marker?.rawValue ?? "")
        return try? SyncAnchor(writer.finish())
    }
}
