import FileProviderHost
import FileProviderKit
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A provider's domain as a path-addressed file system: what libfuse's callbacks call.
///
/// Replicated as Apple's system replicates: lookups, attributes and directory listings are
/// answered from the mount's ``Namespace``, a mirror of the host's replica; every change is one
/// provider call through the host (`submit` then `run`), and its result is applied to the
/// namespace before the call returns. Content is materialised on open (from the host's content
/// cache, fetching it when the cache does not hold it); writes go to a ``WorkingCopy`` and reach
/// the provider on flush, fsync and release. ``refresh()`` catches up with remote changes.
final class MountedDomain: Sendable {
    struct Tree {
        var namespace = Namespace()
        /// While a rebuild reads the replica, the changes applied meanwhile, replayed onto the
        /// rebuilt namespace.
        var replay: [TreeChange]?
    }

    let host: ProviderHost
    let attributes: FileAttributes
    /// Where working copies live; removed by ``removeStagingFolder()``.
    let staging: URL
    /// An empty file: the content of new files.
    let emptyFile: URL
    let tree = Mutex(Tree())
    let table = Mutex(HandleTable())
    /// Held while a writable open looks for the item's working copy and makes one.
    let workingCopyCreation = AsyncLock()
    /// How many times a provider call that is due for a retry is attempted again before its
    /// error reaches the program.
    let maximumAttempts = 4
    /// The provider, when it fetches ranges: read-only opens of files larger than a chunk that
    /// the host's cache does not hold then fetch only the chunks reads need.
    let partialFetcher: (any PartialContentFetching)?
    /// Told the paths a rebuild changed, so that the kernel drops what it cached for them; set
    /// while the file system is mounted.
    let invalidation = Mutex<(@Sendable (Set<String>) -> Void)?>(nil)
    /// Files deleted at the provider while still open, by the hidden path libfuse renamed them
    /// to (see ``isHiddenPath(_:)``), as they were when deleted.
    let hiddenFiles = Mutex([String: ItemSnapshot]())

    init(host: ProviderHost, stagingParent: URL, partialFetcher: (any PartialContentFetching)? = nil) throws {
        self.host = host
        self.partialFetcher = partialFetcher
        self.attributes = FileAttributes(uid: getuid(), gid: getgid())
        staging = stagingParent.appendingPathComponent("fileprovider-mount-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        emptyFile = staging.appendingPathComponent("empty")
        guard FileManager.default.createFile(atPath: emptyFile.path, contents: Data()) else {
            throw MountError(code: EIO)
        }
    }

    /// Removes the working copies.
    func removeStagingFolder() {
        try? FileManager.default.removeItem(at: staging)
    }

    // MARK: The tree

    /// Applies a provider result to the namespace.
    func apply(_ change: TreeChange) {
        tree.withLock { tree in
            tree.namespace.apply(change)
            tree.replay?.append(change)
        }
    }

    /// Rebuilds the namespace from the host's replica, then replays the changes applied since
    /// recording started (``refresh()`` starts it before its catch-up), and hands the paths that
    /// changed to ``invalidation``.
    func rebuildTree() async {
        var rebuilt = Namespace(replica: await host.replica)
        let previous = tree.withLock { tree in
            for change in tree.replay ?? [] { rebuilt.apply(change) }
            tree.replay = nil
            let previous = tree.namespace
            tree.namespace = rebuilt
            return previous
        }
        guard let invalidate = invalidation.withLock({ $0 }) else { return }
        let changed = Namespace.changedPaths(from: previous, to: rebuilt)
        if !changed.isEmpty { invalidate(changed) }
    }

    /// Applies a catch-up that made no listing to the namespace: each item it reported, as the
    /// host's replica now holds it, then the changes applied since recording started (as
    /// ``rebuildTree()`` does); hands the paths that changed to ``invalidation``. Costs the items
    /// reported, not the size of the tree.
    func applyCatchUp(_ summary: SyncSummary) async {
        let replica = await host.replica
        let changed = tree.withLock { tree in
            // The host removes a folder that left the domain once its last child is deleted,
            // without reporting it: the folders of deleted items are looked at again too.
            let folders = summary.deletedItemIdentifiers.compactMap { tree.namespace.item($0)?.parentItemIdentifier }
            let changed = tree.namespace.update(
                summary.updatedItemIdentifiers + summary.deletedItemIdentifiers + folders,
                from: replica
            )
            for change in tree.replay ?? [] { tree.namespace.apply(change) }
            tree.replay = nil
            return changed
        }
        guard let invalidate = invalidation.withLock({ $0 }) else { return }
        if !changed.isEmpty { invalidate(changed) }
    }

    /// Whether `path` is a name libfuse gives an open file that is unlinked
    /// (`.fuse_hidden<hex>`): such names never reach the provider.
    static func isHiddenPath(_ path: String) -> Bool {
        guard let slash = path.lastIndex(of: "/") else { return false }
        return path[path.index(after: slash)...].hasPrefix(".fuse_hidden")
    }

    /// The item at `path`; `nil` for the root.
    ///
    /// - Throws: `ENOENT`.
    func item(at path: String) throws(MountError) -> ItemSnapshot? {
        try tree.withLock { tree throws(MountError) in
            guard let identifier = tree.namespace.identifier(at: path[...]) else { throw .noEntry }
            if identifier == .rootContainer { return nil }
            guard let item = tree.namespace.item(identifier) else { throw .noEntry }
            return item
        }
    }

    /// The folder that would hold `path` and the last component's name.
    ///
    /// - Throws: `ENOENT` when the folder does not exist, `ENOTDIR` when it is not a folder,
    ///   `EINVAL` for the root itself.
    func location(of path: String) throws(MountError) -> (parent: ItemIdentifier, name: String) {
        guard let slash = path.lastIndex(of: "/") else { throw .invalid }
        let name = String(path[path.index(after: slash)...])
        guard !name.isEmpty else { throw .invalid }
        let parentPath = path[..<slash]
        return try tree.withLock { tree throws(MountError) in
            guard let parent = tree.namespace.identifier(at: parentPath) else { throw .noEntry }
            if parent != .rootContainer, tree.namespace.item(parent)?.contentType.isDirectory != true {
                throw .notDirectory
            }
            return (parent, name)
        }
    }

    /// The item named `name` in `parent`, if any.
    func child(named name: String, of parent: ItemIdentifier) -> ItemSnapshot? {
        tree.withLock { tree in
            tree.namespace.child(named: name, of: parent).flatMap { tree.namespace.item($0) }
        }
    }

    /// Whether `ancestor` is `identifier` or one of its ancestors in the namespace.
    func isAncestor(_ ancestor: ItemIdentifier, of identifier: ItemIdentifier) -> Bool {
        tree.withLock { tree in
            var current: ItemIdentifier? = identifier
            while let next = current, next != .rootContainer {
                if next == ancestor { return true }
                current = tree.namespace.item(next)?.parentItemIdentifier
            }
            return false
        }
    }

    // MARK: Provider calls

    /// Sends `operation` through the host and waits for its outcome: a result left with pending
    /// fields is resent and a transient failure retried after the host's back-off, up to
    /// ``maximumAttempts`` attempts.
    ///
    /// - Returns: the record of the operation, succeeded.
    /// - Throws: the provider's last error (a resolvable one leaves the operation parked in the
    ///   host), or the host's.
    func perform(_ operation: HostOperation) async throws -> OperationRecord {
        let id = try await host.submit(operation)
        var record = try await host.run(id)
        var attempts = 1
        while attempts < maximumAttempts {
            switch record.state {
            case .pending: break
            case .waitingToRetry(_, let delay): try await Task.sleep(for: delay)
            default: attempts = maximumAttempts
            }
            guard attempts < maximumAttempts else { break }
            attempts += 1
            record = try await host.run(id)
        }
        guard record.state == .succeeded else {
            throw record.lastError ?? FileProviderError(.cannotSynchronize, message: "\(record.state)")
        }
        return record
    }

    /// Deletes an item (not recursively), retrying once with the current version when the
    /// provider rejects the deletion of an older one.
    func delete(_ item: ItemSnapshot, options: DeleteItemOptions = []) async throws {
        do {
            _ = try await perform(.deleteItem(item.itemIdentifier, baseVersion: item.itemVersion, options: options))
        } catch let error as FileProviderError where error.code == .deletionRejected {
            guard let current = error.item else { throw error }
            _ = try await perform(.deleteItem(item.itemIdentifier, baseVersion: current.itemVersion, options: options))
        }
        apply(.remove(item.itemIdentifier))
        let copy = table.withLock { $0.workingCopies[item.itemIdentifier] }
        copy?.state.withLock { $0.isUnlinked = true }
    }
}
