import FileProviderKit

/// A sync anchor: the rank of the last change the consumer has, in one store epoch.
///
/// Bytes: tag `LFAN`, format version, epoch, rank, checksum — 29 bytes.
struct AnchorToken: Hashable, Sendable {
    private static let tag = "LFAN"

    var epoch: UInt64
    var rank: UInt64

    init(epoch: UInt64, rank: UInt64) {
        self.epoch = epoch
        self.rank = rank
    }

    /// Decodes an anchor; `nil` when the provider did not write it.
    init?(_ anchor: SyncAnchor) {
        guard var reader = TokenReader(anchor.rawValue, tag: Self.tag), let epoch = reader.readUInt64(),
            let rank = reader.readUInt64(), reader.isAtEnd
        else { return nil }
        self.init(epoch: epoch, rank: rank)
    }

    var anchor: SyncAnchor {
        get throws {
            var coder = TokenCoder(tag: Self.tag)
            coder.append(epoch)
            coder.append(rank)
            return try SyncAnchor(coder.data)
        }
    }
}
