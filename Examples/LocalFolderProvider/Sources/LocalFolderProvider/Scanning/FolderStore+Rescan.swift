import FileProviderKit
import Foundation

extension FolderStore {
    /// Reconciles the records with the disk and records what another program changed as changes
    /// of their own, reported by change enumeration like the provider's.
    ///
    /// An entry is the same item as a record when it is the same file (device and inode) and
    /// either still in the record's place or — for a file — with its size and modification date
    /// unchanged: that is how renames and moves made by another program keep their identifier,
    /// while a new file that happens to reuse a deleted file's inode elsewhere is not mistaken
    /// for it. A file in a record's place whose recorded file did not move away intact is the
    /// same item with new content (an application that saves by replacing the file). Anything
    /// else is a new item with a new identifier; records with nothing left on disk are deletions.
    ///
    /// Walks the whole root and trash. What the watcher reported before the walk is covered by
    /// it and dropped.
    ///
    /// - Returns: the number of items created, changed or deleted.
    @discardableResult
    func rescan() throws -> Int {
        watcher?.discardPending()
        var scanner = DirectoryScanner()
        scanner.scan(rootFolder, container: .rootContainer)
        scanner.scan(trashFolder, container: .trashContainer)
        return try reconcile(scanner.entries, candidates: Array(state.records.keys))
    }

    /// Records what changed on disk since the last rescan: only the entries the watcher reported
    /// (and everything inside folders that are new), or — without a watcher, after the kernel's
    /// queue overflowed, or when the watch limit was reached — everything, as ``rescan()``.
    ///
    /// A folder keeps its watch when it moves, so the watcher may report entries of a folder
    /// that is no longer where its record says (moved since the last rescan, or below a folder
    /// that moved). Such a folder is looked at where the scan finds it now: the move is reported
    /// in its new parent, and the walk goes down from there along the recorded folders to the
    /// entries reported.
    ///
    /// - Returns: the number of items created, changed or deleted.
    @discardableResult
    func rescanChanges() throws -> Int {
        guard let watcher, let changes = watcher.takeChanges() else { return try rescan() }
        if changes.isEmpty { return 0 }
        var placed: [(folder: DirectoryDescriptor, container: ItemIdentifier, names: Set<EntryName>?)] = []
        var displaced: [ItemIdentifier: Set<EntryName>?] = [:]
        for (container, names) in changes {
            if let folder = folder(ofContainer: container) {
                placed.append((folder, container, names))
            } else if state.records[container]?.isFolder == true {
                displaced[container] = names
            }
        }
        let routes = routes(to: displaced)
        var scanner = DirectoryScanner()
        // Folders no record knows are walked whole; a known folder's content is unchanged unless
        // the watcher reported it, or a displaced folder reported is below it.
        scanner.descent = { [state] fingerprint in
            guard let record = state.record(of: fingerprint.identity), record.isFolder else { return .everything }
            guard let names = routes[record.identifier] else { return .nothing }
            return names.map { .names($0) } ?? .everything
        }
        var candidates: [ItemIdentifier] = []
        for (folder, container, names) in placed {
            scanner.scan(folder, container: container, names: names)
            candidates += self.candidates(in: container, names: names)
        }
        // Only the displaced folders the scan reached were looked at.
        let reached = Set(scanner.entries.map(\.fingerprint.identity))
        for (container, names) in routes {
            guard let record = state.records[container], reached.contains(record.disk.identity) else { continue }
            candidates += self.candidates(in: container, names: names)
        }
        return try reconcile(scanner.entries, candidates: candidates)
    }

    /// For folders the watcher reported that are not where their records say, the entries to
    /// look at in each recorded folder on the way down to them: the names reported (`nil` for
    /// every entry), and in each recorded ancestor that is itself displaced, the name of the
    /// next folder on the way.
    private func routes(to displaced: [ItemIdentifier: Set<EntryName>?]) -> [ItemIdentifier: Set<EntryName>?] {
        var routes = displaced
        for container in displaced.keys {
            var current = container
            for _ in 0...state.records.count {
                guard let record = state.records[current], !record.parent.isReservedContainer,
                    folder(ofContainer: record.parent) == nil
                else { break }
                switch routes[record.parent] {
                case .some(.none): break
                case .some(.some(var names)):
                    names.insert(EntryName(record.diskName))
                    routes[record.parent] = .some(names)
                case .none: routes[record.parent] = .some([EntryName(record.diskName)])
                }
                current = record.parent
            }
        }
        return routes
    }

    /// The records a scan of `names` in `container` (`nil`: of every entry) must find again, or
    /// they are gone.
    private func candidates(in container: ItemIdentifier, names: Set<EntryName>?) -> [ItemIdentifier] {
        guard let names else { return state.children(of: container).map(\.identifier) }
        return names.compactMap { state.record(at: $0, in: container)?.identifier }
    }

    /// Matches scanned entries with records, as ``rescan()`` describes, and commits the outcome:
    /// every record changed or created, and every candidate no entry claimed deleted with what
    /// it holds (unless an entry claimed that).
    private func reconcile(_ entries: [ScannedEntry], candidates: [ItemIdentifier]) throws -> Int {
        // Files found somewhere exactly as recorded: moved or left alone, never replaced.
        var intact: Set<ItemIdentifier> = []
        for entry in entries {
            guard let record = state.record(of: entry.fingerprint.identity),
                !record.isFolder, !entry.fingerprint.contentDiffers(from: record.disk)
            else { continue }
            intact.insert(record.identifier)
        }
        var assigned: [ItemIdentifier?] = Array(repeating: nil, count: entries.count)
        var claimed: Set<ItemIdentifier> = []
        var written: [ItemRecord] = []
        for (index, entry) in entries.enumerated() {
            let parent: ItemIdentifier
            if let parentIndex = entry.parentIndex {
                guard let identifier = assigned[parentIndex] else { continue }
                parent = identifier
            } else {
                parent = entry.container
            }
            let isFolder = entry.fingerprint.kind == .folder
            let sameFile = state.record(of: entry.fingerprint.identity)
            let samePlace = state.record(at: EntryName(entry.name), in: parent)
            let match: ItemRecord?
            if let sameFile, sameFile.isFolder == isFolder, !claimed.contains(sameFile.identifier),
                isFolder || sameFile.identifier == samePlace?.identifier || intact.contains(sameFile.identifier)
            {
                match = sameFile
            } else if let samePlace, !isFolder, !samePlace.isFolder, !claimed.contains(samePlace.identifier),
                !intact.contains(samePlace.identifier)
            {
                match = samePlace
            } else {
                match = nil
            }
            if let match {
                claimed.insert(match.identifier)
                assigned[index] = match.identifier
                if let changed = changedRecord(match, at: entry, in: parent) { written.append(changed) }
            } else if let created = newRecord(at: entry, in: parent) {
                assigned[index] = created.identifier
                written.append(created)
            }
        }
        var removed: Set<ItemIdentifier> = []
        for identifier in candidates where !claimed.contains(identifier) && !removed.contains(identifier) {
            removed.insert(identifier)
            for descendant in state.descendants(of: identifier) where !claimed.contains(descendant.identifier) {
                removed.insert(descendant.identifier)
            }
        }
        let removals = removed.sorted().map { Transaction.Removal(identifier: $0, rank: state.nextRank()) }
        try commit(transaction(records: written, removals: removals))
        return written.count + removals.count
    }

    /// The record updated to what the scan found, with a new rank; `nil` when nothing changed (names
    /// compared byte for byte).
    private func changedRecord(_ record: ItemRecord, at entry: ScannedEntry, in parent: ItemIdentifier) -> ItemRecord? {
        var updated = record
        updated.parent = parent
        updated.diskName = entry.name
        // A trashed item keeps its name; its entry in the trash folder is named by the store.
        updated.filename = parent == .trashContainer ? record.filename : entry.name
        let contentChanged = entry.fingerprint.contentDiffers(from: record.disk)
        if record.isFolder {
            updated.disk.identity = entry.fingerprint.identity
        } else {
            updated.disk = entry.fingerprint
        }
        // Records compare names as Swift strings; an entry respelled in a canonically equivalent
        // form is still a rename on disk, and the record must follow it.
        let respelled = EntryName(updated.diskName) != EntryName(record.diskName)
        guard updated != record || respelled else { return nil }
        let rank = state.nextRank()
        updated.metadataRevision = rank
        if contentChanged { updated.contentRevision = rank }
        return updated
    }

    /// A record for an entry no record matches; `nil` for a name the contract does not allow.
    private func newRecord(at entry: ScannedEntry, in parent: ItemIdentifier) -> ItemRecord? {
        guard Filename.problem(in: entry.name) == nil else { return nil }
        let rank = state.nextRank()
        return ItemRecord(
            identifier: state.makeIdentifier(),
            parent: parent,
            filename: entry.name,
            diskName: entry.name,
            isFolder: entry.fingerprint.kind == .folder,
            disk: entry.fingerprint,
            contentRevision: rank,
            metadataRevision: rank
        )
    }
}
