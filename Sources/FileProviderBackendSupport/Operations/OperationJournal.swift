import FileProviderKit
import Foundation
import Synchronization

/// Intents of multi-step operations, written before the first step, so that an operation a
/// crash or a failure cut short is finished or rolled back on the next start — never left half
/// done.
///
/// A backend without atomic renames moves an object by copy + delete and a folder by moving each
/// key; a provider killed in the middle, or whose backend failed at the tenth request, would leave
/// the item in two places or half its files in each folder. Write the intent first
/// (``begin(_:)``), mark each point of no return (``advance(_:to:)``), and ``finish(_:)`` it once
/// done or rolled back; on the next start, ``pending`` lists what was in flight, with the last
/// phase reached, for the provider to finish or roll back. ``KeyMove`` is such an intent with its
/// runner.
///
/// Contract clause: R16 — every failing call leaves the store exactly as it was; with this, also a
/// call that failed because the process died.
///
/// Thread-safe: calls are serialized. Every call that returns has its record on disk.
public final class OperationJournal<Intent: Codable & Sendable>: Sendable {
    /// An operation begun and not finished.
    public struct Operation: Sendable {
        /// The operation's number, unique in the journal.
        public let id: UInt64
        /// What the operation does.
        public let intent: Intent
        /// The last phase reached: 0 at the start, then what ``OperationJournal/advance(_:to:)``
        /// recorded.
        public let phase: UInt8
    }

    enum Record: Codable, Sendable {
        case begin(id: UInt64, intent: Intent)
        case advance(id: UInt64, phase: UInt8)
        case finish(id: UInt64)
    }

    struct State: Sendable {
        var open: [UInt64: Operation] = [:]
        var nextID: UInt64 = 1
        var records = 0
    }

    private let journal: RecordJournal<Record>
    private let state: Mutex<State>

    /// Opens the journal at `url` (created when missing), with the operations left open by the
    /// last run.
    ///
    /// - Throws: `cannotSynchronize` when the journal cannot be read.
    public init(journalAt url: URL) throws(FileProviderError) {
        journal = try RecordJournal(url: url)
        var loaded = State()
        for record in try journal.load() { Self.apply(record, to: &loaded) }
        state = Mutex(loaded)
    }

    /// The operations begun and not finished, oldest first.
    public var pending: [Operation] {
        state.withLock { $0.open.values.sorted { $0.id < $1.id } }
    }

    /// Records `intent`, durably, before its first step, and returns the operation's number.
    ///
    /// - Throws: `cannotSynchronize` when the journal cannot be written:
    ///   then do not start the operation.
    public func begin(_ intent: Intent) throws(FileProviderError) -> UInt64 {
        try state.withLock { state throws(FileProviderError) -> UInt64 in
            let id = state.nextID
            try write(.begin(id: id, intent: intent), to: &state)
            return id
        }
    }

    /// Records, durably, that operation `id` reached `phase` (a point of no return, say).
    ///
    /// - Throws: `noSuchItem` for an operation not open;
    ///   `cannotSynchronize` when the journal cannot be written.
    public func advance(_ id: UInt64, to phase: UInt8) throws(FileProviderError) {
        try state.withLock { state throws(FileProviderError) in
            guard state.open[id] != nil else {
                throw FileProviderError(.noSuchItem, message: "No operation \(id) is open.")
            }
            try write(.advance(id: id, phase: phase), to: &state)
        }
    }

    /// Records, durably, that operation `id` is done (or rolled back): it leaves ``pending``.
    /// Finishing an operation not open does nothing.
    ///
    /// - Throws: `cannotSynchronize` when the journal cannot be written.
    public func finish(_ id: UInt64) throws(FileProviderError) {
        try state.withLock { state throws(FileProviderError) in
            guard state.open[id] != nil else { return }
            try write(.finish(id: id), to: &state)
        }
    }

    private func write(_ record: Record, to state: inout State) throws(FileProviderError) {
        var next = state
        Self.apply(record, to: &next)
        if next.open.isEmpty, next.records > 64 {
            try journal.rewrite([])
            next.records = 0
        } else {
            try journal.append(record)
        }
        state = next
    }

    private static func apply(_ record: Record, to state: inout State) {
        state.records += 1
        switch record {
        case .begin(let id, let intent):
            state.open[id] = Operation(id: id, intent: intent, phase: 0)
            state.nextID = max(state.nextID, id + 1)
        case .advance(let id, let phase):
            if let operation = state.open[id] {
                state.open[id] = Operation(id: id, intent: operation.intent, phase: phase)
            }
        case .finish(let id):
            state.open[id] = nil
        }
    }
}
