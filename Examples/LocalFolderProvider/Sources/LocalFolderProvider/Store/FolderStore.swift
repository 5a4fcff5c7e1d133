import FileProviderKit
import Foundation

/// The provider's state and the directory it mirrors: a root folder holding the items as real
/// files and folders, and a ``StateFolder`` holding identifiers, versions, change history and the
/// trash.
///
/// Every change follows one order: check everything that can fail, prepare new content in the
/// staging folder (written and flushed), journal the change's intent — the ``Transaction`` as it
/// will be — and flush it, make the change on disk with one atomic `rename` (or `link`), flush
/// the folder, and only then apply the transaction and answer (see ``perform(_:change:)``). A
/// failure before the disk change leaves everything as it was; a crash after the intent is
/// settled at the next start from the journal and the disk (see ``finish(_:)``). A new folder is
/// the one exception: `mkdir` gives it its inode, so it is made first and journaled after.
///
/// Not thread-safe: ``LocalFolderProvider`` is an actor and the store's only owner.
final class FolderStore {
    let root: URL
    let stateFolder: StateFolder
    var state: FolderState
    /// The root, the trash and the staging folder, open for as long as the store: every item is
    /// reached from one of them, one checked folder at a time (see ``DirectoryDescriptor``).
    let rootFolder: DirectoryDescriptor
    let trashFolder: DirectoryDescriptor
    let stagingFolder: DirectoryDescriptor
    /// Listings sorted for paging, while the state does not change.
    var sortedListings = SortedListings()
    /// Reports what changes on disk, so ``rescanChanges()`` looks only there; `nil` without
    /// inotify (every rescan is then a full one).
    let watcher: FolderWatcher?
    /// The disk request, counted from the next one, that fails; `nil` when none is armed (see
    /// ``LocalFolderProvider/failRequest(_:)``).
    var failingRequest: Int?

    /// Opens the directory `root` with its state in `stateURL` (created if needed), reconciles the
    /// state with what is on disk, and takes the state folder's lock.
    ///
    /// - Throws: ``FileProviderKit/FileProviderError/Code/noSuchItem`` when `root` is not a
    ///   directory; ``FileProviderKit/FileProviderError/Code/invalidArgument`` when either folder
    ///   is inside the other, or they are on different devices; ``FileProviderKit/FileProviderError/Code/cannotSynchronize``
    ///   when another instance holds the state folder or the state cannot be read.
    init(root rootURL: URL, state stateURL: URL, watchLimit: Int = .max) throws {
        let root = rootURL.standardizedFileURL.resolvingSymlinksInPath()
        let stateURL = stateURL.standardizedFileURL.resolvingSymlinksInPath()
        guard let rootDisk = DiskFingerprint.read(root), rootDisk.kind == .folder else {
            throw FileProviderError(.noSuchItem, message: "The root \(rootURL.path) is not a directory.")
        }
        guard !Self.isSelfOrInside(stateURL, root), !Self.isSelfOrInside(root, stateURL) else {
            throw FileProviderError(
                .invalidArgument,
                message: "The state folder \(stateURL.path) and the root \(root.path) must not contain each other."
            )
        }
        let stateFolder = try StateFolder(url: stateURL)
        guard DiskFingerprint.read(stateFolder.url)?.identity.device == rootDisk.identity.device else {
            stateFolder.close()
            throw FileProviderError(
                .invalidArgument,
                message: "The state folder must be on the root's device, so that items move between them atomically."
            )
        }
        self.root = root
        self.stateFolder = stateFolder
        var unfinished: Transaction?
        do {
            var state: FolderState
            if let (loaded, intent) = try stateFolder.load() {
                state = loaded
                unfinished = intent
            } else {
                state = FolderState(epoch: UInt64.random(in: 1...UInt64.max))
                try stateFolder.compact(state)
            }
            // A new session, journaled (durable) before any identifier of it is minted.
            state.session += 1
            try? FileManager.default.removeItem(at: stateFolder.staging)
            try FileManager.default.createDirectory(at: stateFolder.staging, withIntermediateDirectories: true)
            self.state = state
            rootFolder = try DirectoryDescriptor(path: root.path)
            trashFolder = try DirectoryDescriptor(path: stateFolder.trash.path)
            stagingFolder = try DirectoryDescriptor(path: stateFolder.staging.path)
        } catch {
            stateFolder.close()
            throw error
        }
        watcher = FolderWatcher(watchLimit: watchLimit)
        do {
            // Settled before any other line follows it; staging is emptied first, so a file
            // placed by `link` no longer has its staged second name.
            if let unfinished { try finish(unfinished) }
            try stateFolder.append(
                Transaction(lastRank: state.lastRank, nextSerial: state.nextSerial, session: state.session)
            )
        } catch {
            stateFolder.close()
            throw error
        }
        if let watcher {
            watcher.watch(rootFolder, as: .rootContainer)
            watcher.watch(trashFolder, as: .trashContainer)
            for record in state.records.values where record.isFolder {
                if let folder = folder(ofContainer: record.identifier) { watcher.watch(folder, as: record.identifier) }
            }
        }
        do {
            try rescan()
        } catch {
            stateFolder.close()
            throw error
        }
    }

    /// Releases the state folder.
    func close() {
        stateFolder.close()
    }

    // MARK: The reserved items

    /// The trash: a folder in the root, as `item(for: .trashContainer)` returns it (the domain
    /// always has one). Its versions never change; its children are listed, not counted.
    var trashItem: ItemSnapshot {
        ItemSnapshot(
            itemIdentifier: .trashContainer,
            parentItemIdentifier: .rootContainer,
            filename: "Trash",
            contentType: .folder,
            itemVersion: ItemVersion(contentRevision: 0, metadataRevision: 0)
        )
    }

    /// The root folder as an item, named after the directory.
    var rootItem: ItemSnapshot {
        let name = root.lastPathComponent
        return ItemSnapshot(
            itemIdentifier: .rootContainer,
            parentItemIdentifier: .rootContainer,
            filename: Filename.problem(in: name) == nil ? name : "Files",
            contentType: .folder,
            itemVersion: ItemVersion(contentRevision: 0, metadataRevision: 0)
        )
    }

    // MARK: Locations

    /// Where an item is on disk: below the root, or below the trash folder for trashed items;
    /// `nil` when an ancestor is missing.
    func url(of record: ItemRecord) -> URL? {
        guard let (folders, top) = state.ancestry(of: record), let base = baseURL(of: top) else { return nil }
        return ([record] + folders).reversed().reduce(base) { $0.appendingPathComponent($1.diskName) }
    }

    /// The open folder holding a container's children, reached from the root or the trash one
    /// folder at a time, each checked to be the folder recorded (never through a link); `nil` when
    /// it is not a container or the disk disagrees with the records.
    func folder(ofContainer identifier: ItemIdentifier) -> DirectoryDescriptor? {
        switch identifier {
        case .rootContainer: return rootFolder
        case .trashContainer: return trashFolder
        default: break
        }
        guard let record = state.records[identifier], record.isFolder,
            let (folders, top) = state.ancestry(of: record),
            var folder = top == .trashContainer ? trashFolder : top == .rootContainer ? rootFolder : nil
        else { return nil }
        for ancestor in ([record] + folders).reversed() {
            guard let child = folder.folder(ancestor.diskName, expecting: ancestor.disk.identity) else { return nil }
            folder = child
        }
        return folder
    }

    private func baseURL(of container: ItemIdentifier) -> URL? {
        switch container {
        case .rootContainer: root
        case .trashContainer: stateFolder.trash
        default: nil
        }
    }

    // MARK: Checking the disk

    /// Makes sure the items and containers in `identifiers` — and every folder above them — are on
    /// disk as recorded: the same files, none replaced by a symbolic link. When one is not (another
    /// program changed the directory since the last rescan), rescans once; the records then
    /// reflect the disk, and a vanished identifier is simply no longer there.
    ///
    /// - Throws: ``FileProviderKit/FileProviderError/Code/cannotSynchronize`` when the disk still
    ///   disagrees after the rescan.
    func settle(_ identifiers: [ItemIdentifier]) throws {
        if identifiers.allSatisfy(matchesDisk) { return }
        try rescan()
        if let stray = identifiers.first(where: { !matchesDisk($0) }) {
            throw FileProviderError.changedOnDisk(state.records[stray].flatMap(url(of:)) ?? root)
        }
    }

    /// Whether the item (or container) and its ancestors are on disk as recorded; `true` for an
    /// identifier the store does not know and for the root, trash and working set, which the store
    /// holds open.
    private func matchesDisk(_ identifier: ItemIdentifier) -> Bool {
        guard !identifier.isReservedContainer, let record = state.records[identifier] else { return true }
        guard let folder = folder(ofContainer: record.parent) else { return false }
        return folder.matches(record)
    }

    private static func isSelfOrInside(_ url: URL, _ folder: URL) -> Bool {
        url.pathComponents.starts(with: folder.pathComponents)
    }
}
