import FileProviderKit
import Foundation
import Synchronization

/// A durable two-way map between a backend's keys (object keys, paths) and stable
/// `ItemIdentifier`s, for backends that name things by where they are.
///
/// A key is the backend's name of an item: an object key, a path. A folder's key ends with
/// ``separator`` or not, as the caller chooses — ``move(_:to:)`` and ``remove(_:)`` carry every key
/// below `key + separator` along, so a folder's descendants follow it. Keys are compared as UTF-8
/// bytes, as backends compare them (never as Swift compares strings, under which canonically
/// equivalent keys are equal while the backend holds two objects).
///
/// Every change is one record of a ``RecordJournal``, flushed before the call returns: a rename
/// or a move of a folder with all its descendants is one update, on disk whole or not at all, and
/// the map opened again after a crash is the map as of the last call that returned. The journal
/// is compacted when it holds about twice as many records as the map has keys.
///
/// Contract clause: R9 — identifiers are stable across rename, move, trash and restore, survive
/// restarts, and are never reused (new ones come from `makeIdentifier`, by default a random UUID).
///
/// Cost: lookups O(1); ``assign(_:)`` and ``bind(_:to:)`` O(log n) comparisons plus the array insertion;
/// a move or a removal O(d log n) for d descendants.
public final class IdentifierMap: Sendable {
    /// One journal record: a change of the map, or the whole map (written by compaction).
    enum Record: Codable, Sendable {
        case bind(key: String, identifier: ItemIdentifier)
        case move(from: String, to: String)
        case remove(key: String)
        case snapshot([ItemIdentifier: String])
    }

    struct State: Sendable {
        var identifiers: [ByteKey: ItemIdentifier] = [:]
        var keys: [ItemIdentifier: String] = [:]
        var sorted: [String] = []
        var records = 0
    }

    /// What separates a folder's key from its children's.
    public let separator: String
    private let journal: RecordJournal<Record>
    private let makeIdentifier: @Sendable () -> ItemIdentifier
    private let state: Mutex<State>

    /// Opens the map kept in the journal at `url` (created when missing).
    ///
    /// - Parameters:
    ///   - url: the journal file.
    ///   - separator: what separates a folder's key from its children's (`/` for paths and
    ///     object keys).
    ///   - makeIdentifier: mints the identifier of a key seen for the first time; it must never
    ///     return one it returned before.
    /// - Throws: `cannotSynchronize` when the journal cannot be read.
    public init(
        journalAt url: URL,
        separator: String = "/",
        makeIdentifier: @escaping @Sendable () -> ItemIdentifier = { ItemIdentifier(UUID().uuidString.lowercased()) }
    ) throws(FileProviderError) {
        self.separator = separator
        self.makeIdentifier = makeIdentifier
        journal = try RecordJournal(url: url)
        var loaded = State()
        for record in try journal.load() { Self.apply(record, to: &loaded, separator: separator) }
        state = Mutex(loaded)
    }

    /// The number of keys mapped.
    public var count: Int { state.withLock { $0.identifiers.count } }

    /// The identifier of `key`, or `nil` when it has none.
    public func identifier(forKey key: String) -> ItemIdentifier? {
        state.withLock { $0.identifiers[ByteKey(key)] }
    }

    /// The key of `identifier`, or `nil` when it has none.
    public func key(for identifier: ItemIdentifier) -> String? {
        state.withLock { $0.keys[identifier] }
    }

    /// The identifier of `key`: the one it has, or a new one, durably bound to it.
    ///
    /// - Throws: `cannotSynchronize` when the journal cannot be written;
    ///   the map is then unchanged.
    public func assign(_ key: String) throws(FileProviderError) -> ItemIdentifier {
        if let existing = identifier(forKey: key) { return existing }
        let identifier = makeIdentifier()
        try bind(key, to: identifier)
        return identifier
    }

    /// Binds `key` to `identifier` — one read from the object's metadata, say — durably, replacing
    /// any earlier binding of either.
    ///
    /// - Throws: `invalidArgument` for a reserved container identifier;
    ///   `cannotSynchronize` when the journal cannot be written. Either
    ///   way the map is unchanged.
    public func bind(_ key: String, to identifier: ItemIdentifier) throws(FileProviderError) {
        guard !identifier.isReservedContainer else {
            throw FileProviderError(.invalidArgument, message: "\(identifier) is reserved and names no backend key.")
        }
        try commit(.bind(key: key, identifier: identifier))
    }

    /// Moves the item at `key` to `newKey`, with every key below it, in one durable update: the
    /// identifiers stay, the keys change. Keys already at the destinations lose their binding.
    ///
    /// - Throws: `noSuchItem` when `key` is not mapped;
    ///   `cannotSynchronize` when the journal cannot be written. Either
    ///   way the map is unchanged.
    public func move(_ key: String, to newKey: String) throws(FileProviderError) {
        guard identifier(forKey: key) != nil else {
            throw FileProviderError(.noSuchItem, message: "No identifier is bound to the key \"\(key)\".")
        }
        guard key != newKey else { return }
        try commit(.move(from: key, to: newKey))
    }

    /// Forgets `key` and every key below it, durably; their identifiers are never reused.
    ///
    /// - Throws: `cannotSynchronize` when the journal cannot be written;
    ///   the map is then unchanged.
    public func remove(_ key: String) throws(FileProviderError) {
        guard identifier(forKey: key) != nil || !descendants(of: key).isEmpty else { return }
        try commit(.remove(key: key))
    }

    /// The keys below `key` (those starting with `key + separator`), in byte order.
    public func descendants(of key: String) -> [String] {
        state.withLock { Self.range(below: key, in: $0.sorted, separator: separator).map { $0 } }
    }

    private func commit(_ record: Record) throws(FileProviderError) {
        try state.withLock { state throws(FileProviderError) in
            // The record is durable before the map changes in place (no copy of the map: O(1)
            // journal work per update). Compaction comes after; if it fails, the appended journal
            // still holds everything.
            try journal.append(record)
            Self.apply(record, to: &state, separator: separator)
            if state.records > 64, state.records > 2 * state.identifiers.count,
                (try? journal.rewrite([.snapshot(state.keys)])) != nil
            {
                state.records = 1
            }
        }
    }

    private static func apply(_ record: Record, to state: inout State, separator: String) {
        state.records += 1
        switch record {
        case .bind(let key, let identifier):
            if let old = state.keys[identifier] { unbind(old, in: &state) }
            unbind(key, in: &state)
            insert(key, identifier, in: &state)
        case .move(let from, let to):
            let moving = [from] + range(below: from, in: state.sorted, separator: separator)
            let pairs = moving.compactMap { key in state.identifiers[ByteKey(key)].map { (key, $0) } }
            for (key, _) in pairs { unbind(key, in: &state) }
            for (key, identifier) in pairs {
                let destination = to + key.dropFirst(from.count)
                unbind(destination, in: &state)
                insert(destination, identifier, in: &state)
            }
        case .remove(let key):
            for doomed in [key] + range(below: key, in: state.sorted, separator: separator) {
                unbind(doomed, in: &state)
            }
        case .snapshot(let identifiers):
            state = State(records: state.records)
            for (identifier, key) in identifiers { insert(key, identifier, in: &state) }
        }
    }

    private static func insert(_ key: String, _ identifier: ItemIdentifier, in state: inout State) {
        state.identifiers[ByteKey(key)] = identifier
        state.keys[identifier] = key
        state.sorted.insert(key, at: lowerBound(of: key, in: state.sorted))
    }

    private static func unbind(_ key: String, in state: inout State) {
        guard let identifier = state.identifiers.removeValue(forKey: ByteKey(key)) else { return }
        state.keys[identifier] = nil
        let index = lowerBound(of: key, in: state.sorted)
        if index < state.sorted.count, state.sorted[index].utf8.elementsEqual(key.utf8) {
            state.sorted.remove(at: index)
        }
    }

    /// The keys starting with `key + separator`: a contiguous run in byte order.
    private static func range(below key: String, in sorted: [String], separator: String) -> ArraySlice<String> {
        let prefix = key + separator
        let start = lowerBound(of: prefix, in: sorted)
        var end = start
        while end < sorted.count, sorted[end].utf8.starts(with: prefix.utf8) { end += 1 }
        return sorted[start..<end]
    }

    /// The first index whose key is not before `key` in byte order: O(log n) comparisons.
    private static func lowerBound(of key: String, in sorted: [String]) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].utf8.lexicographicallyPrecedes(key.utf8) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
