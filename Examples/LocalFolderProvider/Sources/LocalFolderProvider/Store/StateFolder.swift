import FileProviderKit
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The provider's own folder, beside the root and never inside it:
///
/// ```
/// state/
///   lock            held (flock) by the one provider instance that has the folder open
///   state.json      the last snapshot of ``FolderState``
///   journal         one JSON ``Transaction`` per line since that snapshot, each flushed
///                   to the device before the disk change it records
///   trash/          the trashed items, each stored under its identifier
///   staging/        new content on its way into the root, and deleted items on their way out
/// ```
///
/// Opening replays the journal over the snapshot; a last line cut short by a crash was never
/// acknowledged and is dropped. An intent (see ``Transaction``) followed by the line that abandons
/// it leaves only its counters; an intent on the last line is handed back unapplied, for the store
/// to check against the disk. Every so often the journal is folded into a new snapshot.
final class StateFolder {
    let url: URL
    var trash: URL { url.appendingPathComponent("trash", isDirectory: true) }
    var staging: URL { url.appendingPathComponent("staging", isDirectory: true) }
    private var snapshotURL: URL { url.appendingPathComponent("state.json") }
    private var journalURL: URL { url.appendingPathComponent("journal") }

    /// Transactions in the journal after which it is folded into the snapshot.
    static let compactionThreshold = 1_000

    private var lockDescriptor: Int32
    private var journal: FileHandle?
    private var journalCount = 0
    /// The line abandoning the last intent, when writing it failed: written before any other
    /// line, so that no line ever follows an intent its write abandoned (until then the intent
    /// is the journal's last line, which the next start checks against the disk).
    private var pendingAbandonment: Transaction?

    /// Creates the folder if needed and takes its lock.
    ///
    /// - Throws: ``FileProviderKit/FileProviderError/Code/cannotSynchronize`` when another
    ///   provider instance holds the folder, or it cannot be created.
    init(url: URL) throws {
        self.url = url
        let manager = FileManager.default
        do {
            for folder in [url, url.appendingPathComponent("trash"), url.appendingPathComponent("staging")] {
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            }
        } catch {
            throw FileProviderError.io("cannot create the state folder \(url.path): \(error)")
        }
        let lockPath = url.appendingPathComponent("lock").path
        lockDescriptor = open(lockPath, O_RDWR | O_CREAT, 0o644)
        guard lockDescriptor >= 0 else { throw Durability.posixError("open", URL(fileURLWithPath: lockPath)) }
        guard flock(lockDescriptor, LOCK_EX | LOCK_NB) == 0 else {
            closeDescriptor(lockDescriptor)
            lockDescriptor = -1
            throw FileProviderError(
                .cannotSynchronize,
                message: "Another provider instance has the state folder \(url.path) open."
            )
        }
    }

    deinit {
        close()
    }

    /// Releases the lock and the journal; closing twice is harmless.
    func close() {
        try? journal?.close()
        journal = nil
        guard lockDescriptor >= 0 else { return }
        flock(lockDescriptor, LOCK_UN)
        closeDescriptor(lockDescriptor)
        lockDescriptor = -1
    }

    // MARK: Loading

    /// The state as last acknowledged, or `nil` when the folder is new, and the journal's last
    /// line when it is an intent: not applied (its counters are), since its disk change may not
    /// have been made.
    ///
    /// - Throws: ``FileProviderKit/FileProviderError/Code/cannotSynchronize`` when the snapshot is
    ///   unreadable or of another format, or a line before the last is damaged.
    func load() throws -> (state: FolderState, unfinished: Transaction?)? {
        var state: FolderState?
        if let data = try? Data(contentsOf: snapshotURL) {
            guard let decoded = try? JSONDecoder().decode(FolderState.self, from: data),
                decoded.formatVersion == FolderState.formatVersion
            else { throw FileProviderError.io("the snapshot \(snapshotURL.path) is unreadable") }
            state = decoded
        }
        let journal = (try? Data(contentsOf: journalURL)) ?? Data()
        let lines = Self.lines(of: journal)
        var transactions: [Transaction] = []
        for (index, line) in lines.enumerated() where !line.isEmpty {
            guard let transaction = try? JSONDecoder().decode(Transaction.self, from: journal[line]) else {
                // Only the last line can be cut short by a crash; it was never acknowledged.
                if index == lines.count - 1 { break }
                throw FileProviderError.io("the journal \(journalURL.path) is damaged at line \(index + 1)")
            }
            transactions.append(transaction)
        }
        guard var loaded = state else {
            if transactions.isEmpty { return nil }
            throw FileProviderError.io("the journal has no snapshot to apply to")
        }
        var unfinished: Transaction?
        for (index, transaction) in transactions.enumerated() {
            let next = transactions.indices.contains(index + 1) ? transactions[index + 1] : nil
            if transaction.isIntent == true, next == nil {
                unfinished = transaction
                loaded.apply(transaction.counters)
            } else if transaction.isIntent == true, next?.abandonsIntent == true {
                loaded.apply(transaction.counters)
            } else {
                loaded.apply(transaction)
            }
        }
        journalCount = transactions.count
        return (loaded, unfinished)
    }

    /// Where the lines of `journal` are: the bytes between newlines, and those after the last
    /// one (empty when the journal ends with a newline), as indices of `journal`.
    static func lines(of journal: Data) -> [Range<Data.Index>] {
        journal.withUnsafeBytes { bytes in
            var lines: [Range<Data.Index>] = []
            var start = 0
            while let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
                lines.append((journal.startIndex + start)..<(journal.startIndex + end))
                start = end + 1
            }
            lines.append((journal.startIndex + start)..<journal.endIndex)
            return lines
        }
    }

    // MARK: Writing

    /// Writes `transaction` at the end of the journal and flushes it to the device: once this
    /// returns, the transaction survives a crash. A pending abandonment is written first.
    func append(_ transaction: Transaction) throws {
        if let abandonment = pendingAbandonment {
            try write(abandonment)
            pendingAbandonment = nil
        }
        try write(transaction)
    }

    /// Writes the line that abandons `intent`, the journal's last line, whose disk change was not
    /// made. When that fails, the line is written before the next one instead; until then the
    /// intent stays the last line, and the next start finds its change not made on disk.
    func abandon(_ intent: Transaction) {
        let abandonment = Transaction.abandoning(intent)
        do {
            try write(abandonment)
        } catch {
            pendingAbandonment = abandonment
        }
    }

    /// Writes the line that marks `intent` made (its disk change is): its counters. It is not
    /// flushed (a later line's flush takes it along): losing it, in a crash of the machine, only
    /// leaves the intent last, for the next start to find its change made on disk. A failure is
    /// left the same way.
    func markMade(_ intent: Transaction) {
        try? write(intent.counters, flushing: false)
    }

    private func write(_ transaction: Transaction, flushing: Bool = true) throws {
        let journal = try openJournal()
        var line = try JSONEncoder().encode(transaction)
        line.append(UInt8(ascii: "\n"))
        do {
            try journal.write(contentsOf: line)
            if flushing { try journal.synchronize() }
        } catch {
            throw FileProviderError.io("cannot write the journal: \(error)")
        }
        journalCount += 1
    }

    /// Whether the journal is long enough to fold into the snapshot.
    var wantsCompaction: Bool { journalCount >= Self.compactionThreshold }

    /// Writes `state` as the new snapshot, durably, then empties the journal. A crash in between
    /// leaves transactions that are replayed over a snapshot that already has them: harmless.
    func compact(_ state: FolderState) throws {
        do {
            try Durability.write(try JSONEncoder().encode(state), to: snapshotURL)
            let journal = try openJournal()
            try journal.truncate(atOffset: 0)
            try journal.synchronize()
        } catch {
            throw FileProviderError.io("cannot write the snapshot: \(error)")
        }
        journalCount = 0
        // The snapshot holds the state without the abandoned intent, which left with the journal.
        pendingAbandonment = nil
    }

    private func openJournal() throws -> FileHandle {
        if let journal { return journal }
        if !FileManager.default.fileExists(atPath: journalURL.path) {
            guard FileManager.default.createFile(atPath: journalURL.path, contents: nil) else {
                throw FileProviderError.io("cannot create the journal \(journalURL.path)")
            }
            try Durability.sync(url)
        }
        let handle = try FileHandle(forUpdating: journalURL)
        try handle.seekToEnd()
        journal = handle
        return handle
    }
}

/// `close(2)`, out of reach of ``StateFolder/close()``'s name.
private func closeDescriptor(_ descriptor: Int32) {
    close(descriptor)
}
