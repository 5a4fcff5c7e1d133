import FileProviderKit

/// A sync anchor of a ``ChangeJournal``: the store epoch, the rank of the next change to report,
/// and — when a batch stopped inside a chain of ancestors that must precede an item — the last
/// ancestor delivered. Everything needed to continue is in the anchor, so any instance over the
/// same journal continues from it.
///
/// Bytes: `FBCA`, format version, epoch, position, marker (a string, empty for none), checksum;
/// at most 37 bytes plus the marker's.
struct ChangeAnchor: Hashable, Sendable {
    private static let magic: StaticString = "FBCA"

    var epoch: UInt64
    var position: UInt64
    var marker: ItemIdentifier?

    init(epoch: UInt64, position: UInt64, marker: ItemIdentifier?) {
        self.epoch = epoch
        self.position = position
        self.marker = marker
    }

    init?(_ anchor: SyncAnchor) {
        guard var reader = TokenBytes.Reader(anchor.rawValue, magic: Self.magic), let epoch = reader.readUInt64(),
            let position = reader.readUInt64(), let marker = reader.readString(), reader.isAtEnd
        else { return nil }
        self.init(epoch: epoch, position: position, marker: marker.isEmpty ? nil : ItemIdentifier(marker))
    }

    /// The anchor's bytes.
    ///
    /// - Throws: `invalidArgument` when the marker makes it longer than 500 bytes.
    func anchor() throws(FileProviderError) -> SyncAnchor {
        var writer = TokenBytes.Writer(magic: Self.magic)
        writer.append(epoch)
        writer.append(position)
        writer.append(marker?.rawValue ?? "")
        return try SyncAnchor(writer.finish())
    }
}
