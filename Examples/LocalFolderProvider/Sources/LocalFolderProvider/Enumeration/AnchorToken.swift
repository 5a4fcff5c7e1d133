import FileProviderKit

/// A sync anchor, in one store epoch: the rank up to which the consumer has every update, and the
/// rank up to which it has every deletion. Updates are reported before deletions, so the deletion
/// cursor never passes the update cursor.
///
/// Bytes: tag `LFAN`, format version, epoch, update rank, deletion rank, checksum — 37 bytes.
struct AnchorToken: Hashable, Sendable {
    private static let tag = "LFAN"

    var epoch: UInt64
    var updateRank: UInt64
    var deletionRank: UInt64

    init(epoch: UInt64, updateRank: UInt64, deletionRank: UInt64) {
        self.epoch = epoch
        self.updateRank = updateRank
        self.deletionRank = deletionRank
    }

    /// Decodes an anchor; `nil` when the provider did not write it.
    init?(_ anchor: SyncAnchor) {
        guard var reader = TokenReader(anchor.rawValue, tag: Self.tag), let epoch = reader.readUInt64(),
            let updateRank = reader.readUInt64(), let deletionRank = reader.readUInt64(), reader.isAtEnd
        else { return nil }
        self.init(epoch: epoch, updateRank: updateRank, deletionRank: deletionRank)
    }

    var anchor: SyncAnchor {
        get throws {
            var coder = TokenCoder(tag: Self.tag)
            coder.append(epoch)
            coder.append(updateRank)
            coder.append(deletionRank)
            return try SyncAnchor(coder.data)
        }
    }
}
