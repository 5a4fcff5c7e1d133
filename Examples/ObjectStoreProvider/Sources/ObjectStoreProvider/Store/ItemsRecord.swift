import FileProviderKit

/// One record of the items journal: items stored (created or changed), items removed, or — written
/// by compaction — all of them. `rank` is the last revision handed out, so versions never repeat.
enum ItemsRecord: Codable, Sendable {
    case put([ItemSnapshot], rank: UInt64)
    case remove([ItemIdentifier])
    case snapshot([ItemSnapshot], rank: UInt64)
}
