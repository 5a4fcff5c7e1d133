import FileProviderKit
import Foundation

/// Everything an ``InMemoryStore`` holds at one moment, for tests that check a call changed
/// exactly what it should — or, when it failed, nothing at all.
public struct StoreSnapshot: Hashable, Sendable {
    /// One retained change-log entry.
    public struct ChangeLogEntry: Hashable, Sendable {
        /// The entry's rank; ranks grow by one per change.
        public var rank: UInt64
        /// The item that changed.
        public var identifier: ItemIdentifier
        /// Whether the change deleted the item.
        public var isDeletion: Bool
    }

    /// Every item (trashed ones included, the root and the trash excluded), by identifier.
    public var items: [ItemSnapshot]
    /// The content of every file with content, by identifier.
    public var contents: [ItemIdentifier: Data]
    /// The retained change log, oldest first.
    public var changeLog: [ChangeLogEntry]
    /// The store epoch.
    public var epoch: UInt64
}
