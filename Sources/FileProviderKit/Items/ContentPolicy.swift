/// When the system downloads an item's content and whether it may evict it. Raw values are Apple's.
public enum ContentPolicy: Int, Hashable, Codable, Sendable, CaseIterable {
    /// Inherit the parent's policy; the default for every item but the root.
    case inherited = 0
    /// Download on first access; keep updates of materialized items; evictable.
    case downloadLazily = 1
    /// Download on first access; evict when the server changes the item.
    case downloadLazilyAndEvictOnRemoteUpdate = 2
    /// Download eagerly and never evict.
    case downloadEagerlyAndKeepDownloaded = 3
}
