import FileProviderHost
import FileProviderKit
import Foundation
import LocalFolderProvider

#if canImport(Glibc)
import Glibc
#endif

extension MountedDomain {
    /// Opens the file at `path`. A writable open shares the item's working copy (made from the
    /// provider's latest content on first use, one at a time, so that no two working copies of
    /// one item exist at once and a new one holds every commit of the last); a read-only one reads the working copy when there is
    /// one, and otherwise the host's cached content, fetched when the cache does not hold it —
    /// or, when the provider fetches ranges and the file is larger than a chunk, a
    /// ``PartialContent`` that reads fill chunk by chunk.
    ///
    /// - Parameter truncate: `O_TRUNC`: the working copy is emptied (a new one is made empty,
    ///   without fetching the content), and the emptied content is sent on the next commit.
    /// - Returns: the handle's number.
    /// - Throws: `ENOENT`, `EISDIR`, the provider's error, or the file system's.
    func open(at path: String, writable: Bool, truncate: Bool = false) async throws -> UInt64 {
        guard let item = try item(at: path) else { throw MountError.isDirectory }
        guard !item.contentType.isDirectory else { throw MountError.isDirectory }
        let identifier = item.itemIdentifier
        if writable {
            return try await workingCopyCreation.withLock {
                if let number = try table.withLock({ table throws(MountError) -> UInt64? in
                    guard let copy = table.workingCopies[identifier] else { return nil }
                    if truncate {
                        guard ftruncate(copy.descriptor, 0) == 0 else { throw .lastSystemError }
                        copy.markWritten()
                    }
                    return table.add(
                        OpenHandle(identifier: identifier, item: item, descriptor: copy.descriptor, workingCopy: copy)
                    )
                }) {
                    return number
                }
                guard let current = tree.withLock({ $0.namespace.item(identifier) }) else { throw MountError.noEntry }
                let copy = try await makeWorkingCopy(of: current, empty: truncate)
                if truncate, current.documentSize != 0 { copy.markWritten() }
                return table.withLock {
                    $0.add(
                        OpenHandle(
                            identifier: identifier,
                            item: current,
                            descriptor: copy.descriptor,
                            workingCopy: copy
                        )
                    )
                }
            }
        }
        if let number = try table.withLock({ table throws(MountError) -> UInt64? in
            guard let copy = table.workingCopies[identifier] else { return nil }
            let descriptor = dup(copy.descriptor)
            guard descriptor >= 0 else { throw .lastSystemError }
            return table.add(OpenHandle(identifier: identifier, item: item, descriptor: descriptor, workingCopy: nil))
        }) {
            return number
        }
        if partialFetcher != nil, let size = item.documentSize, size > PartialContent.chunkSize,
            await host.cachedContents(of: identifier) == nil
        {
            let partial = try PartialContent(identifier: identifier, version: item.itemVersion, size: size, in: staging)
            return table.withLock {
                $0.add(
                    OpenHandle(
                        identifier: identifier,
                        item: item,
                        descriptor: partial.descriptor,
                        workingCopy: nil,
                        partial: partial
                    )
                )
            }
        }
        let url = try await contents(of: item)
        let descriptor = Glibc.open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw MountError.lastSystemError }
        return table.withLock {
            $0.add(OpenHandle(identifier: identifier, item: item, descriptor: descriptor, workingCopy: nil))
        }
    }

    /// Whether reading `size` bytes at `offset` through the handle needs chunks not fetched yet
    /// (``materialize(_:offset:size:)`` first).
    func needsFetch(_ number: UInt64, offset: Int64, size: Int) -> Bool {
        guard let partial = table.withLock({ $0.handles[number]?.partial }) else { return false }
        return !partial.missingChunks(offset: offset, size: size).isEmpty
    }

    /// Fetches the chunks reading `size` bytes at `offset` through the handle needs.
    ///
    /// - Throws: `EBADF`, the provider's error, or the file system's.
    func materialize(_ number: UInt64, offset: Int64, size: Int) async throws {
        guard let handle = table.withLock({ $0.handles[number] }) else { throw MountError.badDescriptor }
        guard let partial = handle.partial, let partialFetcher else { return }
        try await partial.materialize(offset: offset, size: size, from: partialFetcher)
    }

    /// Reads up to `size` bytes at `offset` into `buffer` (fetched already: see
    /// ``needsFetch(_:offset:size:)``).
    ///
    /// - Returns: the number of bytes read (0 at the end).
    /// - Throws: `EBADF` for an unknown handle, or the file system's error.
    func read(
        _ number: UInt64,
        into buffer: UnsafeMutableRawPointer,
        size: Int,
        offset: Int64
    ) throws(MountError) -> Int {
        guard let handle = table.withLock({ $0.handles[number] }) else { throw .badDescriptor }
        let count = pread(handle.descriptor, buffer, size, off_t(offset))
        guard count >= 0 else { throw .lastSystemError }
        return count
    }

    /// Writes `size` bytes from `buffer` at `offset` into the handle's working copy.
    ///
    /// - Returns: the number of bytes written.
    /// - Throws: `EBADF` for an unknown or read-only handle, or the file system's error.
    func write(_ number: UInt64, from buffer: UnsafeRawPointer, size: Int, offset: Int64) throws(MountError) -> Int {
        guard let copy = table.withLock({ $0.handles[number]?.workingCopy }) else { throw .badDescriptor }
        let count = pwrite(copy.descriptor, buffer, size, off_t(offset))
        guard count >= 0 else { throw .lastSystemError }
        copy.markWritten()
        return count
    }

    /// Sends the handle's unsaved writes to the provider (flush and fsync). Read-only handles
    /// have none.
    ///
    /// - Throws: `EBADF`, or the commit's error (the writes stay unsaved, to be sent again).
    func synchronize(_ number: UInt64) async throws {
        guard let handle = table.withLock({ $0.handles[number] }) else { throw MountError.badDescriptor }
        if let copy = handle.workingCopy { try await commit(copy) }
    }

    /// Closes a handle. The last handle of a working copy commits it and removes it. When the
    /// provider refuses the content for lack of space (``isSpaceRefusal(_:)``: `EDQUOT`,
    /// `ENOSPC`, `EFBIG`) — now, or in a commit of ``commitAll()`` that ran meanwhile — the
    /// working copy is discarded too, so that the file shows what the provider stored and no size
    /// it did not (see ``commit(_:fromHandle:)``); after another failure the working copy is kept
    /// and ``refresh()`` sends it again.
    ///
    /// - Throws: `EBADF`, or the commit's error.
    func release(_ number: UInt64) async throws {
        guard let (handle, last) = table.withLock({ $0.remove(number) }) else { throw MountError.badDescriptor }
        guard let copy = handle.workingCopy else {
            close(handle.descriptor)
            return
        }
        guard last else { return }
        do {
            try await commit(copy)
        } catch {
            if Self.isSpaceRefusal(error) { discardRefused(copy) }
            throw error
        }
        if table.withLock({ $0.dropIfUnused(copy) }) { copy.discard() }
    }

    /// Whether `error` refuses content for lack of space: its errno is `EDQUOT`, `ENOSPC` or
    /// `EFBIG` (a provider's `insufficientQuota` included).
    static func isSpaceRefusal(_ error: any Error) -> Bool {
        [EDQUOT, ENOSPC, EFBIG].contains(POSIXErrno.code(for: error))
    }

    /// Forgets the unsaved writes of a working copy the provider refused for lack of space and
    /// that no handle uses any more, then discards it.
    private func discardRefused(_ copy: WorkingCopy) {
        let unused = copy.state.withLock { state in
            guard state.handles == 0 else { return false }
            state.isDirty = false
            return true
        }
        if unused, table.withLock({ $0.dropIfUnused(copy) }) { copy.discard() }
    }

    /// Sets the size of the file at `path` (through `handle` when one is given). Without a
    /// working copy, truncating to zero sends empty content at once. Otherwise the truncation
    /// goes through a handle of its own on the item's working copy (the one open, or a new one):
    /// when no other handle uses it — the file is closed, or its last `release` is still under
    /// way — the truncation is committed before returning; otherwise it is sent with the other
    /// handles' next commit.
    ///
    /// Holding a handle keeps the working copy from being forgotten and its file removed while
    /// the truncation lands in it (``HandleTable/dropIfUnused(_:)`` leaves a working copy with
    /// handles alone), so a truncation is never lost to a `release` that finishes meanwhile.
    ///
    /// - Throws: `ENOENT`, `EISDIR`, `EPERM` for the root, the provider's error, the file system's.
    func truncate(at path: String, to size: Int64, handle number: UInt64?) async throws {
        if let number, table.withLock({ $0.handles[number]?.workingCopy }) != nil {
            return try await truncate(handle: number, to: size)
        }
        guard let item = try item(at: path) else { throw MountError.notPermitted }
        guard !item.contentType.isDirectory else { throw MountError.isDirectory }
        if size == 0, table.withLock({ $0.workingCopies[item.itemIdentifier] }) == nil {
            guard item.documentSize != 0 else { return }
            var changed = item
            changed.documentSize = 0
            changed.contentModificationDate = Date()
            try await modify(changed, base: item, fields: [.contents, .contentModificationDate], contents: emptyFile)
            return
        }
        let opened = try await open(at: path, writable: true)
        let copy = table.withLock { $0.handles[opened]?.workingCopy }
        if let copy {
            guard ftruncate(copy.descriptor, off_t(size)) == 0 else {
                let error = MountError.lastSystemError
                try? await release(opened)
                throw error
            }
            copy.markWritten()
        }
        try await release(opened)
    }

    /// Sets the size of the file open through writable handle `number` (`ftruncate`), also
    /// once the file is unlinked; sent on the handle's next commit.
    ///
    /// - Throws: `EBADF` for an unknown or read-only handle, or the file system's error.
    func truncate(handle number: UInt64, to size: Int64) async throws {
        guard let copy = table.withLock({ $0.handles[number]?.workingCopy }) else { throw MountError.badDescriptor }
        guard ftruncate(copy.descriptor, off_t(size)) == 0 else { throw MountError.lastSystemError }
        copy.markWritten()
    }

    /// Sends a working copy's content to the provider when it has unsaved writes, one commit of
    /// a file at a time. Nothing is sent for a file deleted meanwhile.
    ///
    /// When the provider refuses the content for lack of space (``isSpaceRefusal(_:)``), a commit
    /// made for a handle (`fromHandle`: fsync, flush, close) puts the stored content back in the
    /// working copy (see ``revert(_:)``) and throws: the program is told. A commit of
    /// ``commitAll()`` tells no program, so it never drops what a program wrote and was not told
    /// about: while the working copy has handles, it keeps the writes, dirty, and their next
    /// fsync, flush or close sends them again and returns the outcome; when it has none (its last
    /// close is under way, or failed otherwise), it puts the stored content back and keeps the
    /// refusal, which the next commit made for a handle throws, once, as the kernel reports a
    /// write-back error. After another failure the working copy stays dirty, to be sent again.
    ///
    /// The provider reads the working copy itself (no copy is made): a write that lands while it
    /// reads marks the copy dirty again, so the next commit sends the whole content; and while it
    /// reads, the working copy is not forgotten nor its file removed (``HandleTable/dropIfUnused(_:)``).
    ///
    /// - Throws: the provider's error or the file system's; the writes then stay unsaved. A
    ///   commit made for a handle also throws a refusal a commit of ``commitAll()`` kept.
    func commit(_ copy: WorkingCopy, fromHandle: Bool = true) async throws {
        try await copy.commitLock.withLock {
            let (dirty, lastWrite, unlinked, baseContent, refusal) = copy.state.withLock { state in
                defer {
                    state.isDirty = false
                    state.isCommitting = true
                    if fromHandle { state.unreportedRefusal = nil }
                }
                return (
                    state.isDirty, state.lastWrite, state.isUnlinked, state.baseContentVersion,
                    fromHandle ? state.unreportedRefusal : nil
                )
            }
            defer { copy.state.withLock { $0.isCommitting = false } }
            guard dirty, !unlinked else {
                if let refusal { throw refusal }
                return
            }
            do {
                let item = tree.withLock { $0.namespace.item(copy.identifier) }
                guard let item else { return }
                var changed = item
                changed.documentSize = copy.size
                changed.contentModificationDate = lastWrite
                // The base is the content the working copy started from: when another client
                // changed the content since, the provider keeps both (a conflict copy).
                var base = item
                base.itemVersion =
                    (try? ItemVersion(contentVersion: baseContent, metadataVersion: item.itemVersion.metadataVersion))
                    ?? item.itemVersion
                let record = try await modify(
                    changed,
                    base: base,
                    fields: [.contents, .contentModificationDate],
                    contents: copy.url
                )
                // After a conflict the provider kept the other content in the item: later commits
                // stay based on the old version, so they never overwrite it either.
                if let result = record?.resultItem, record?.shouldFetchContent == false {
                    copy.state.withLock { $0.baseContentVersion = result.itemVersion.contentVersion }
                }
            } catch {
                guard Self.isSpaceRefusal(error), fromHandle || copy.state.withLock({ $0.handles == 0 }),
                    await revert(copy)
                else {
                    copy.state.withLock { $0.isDirty = true }
                    throw error
                }
                if !fromHandle { copy.state.withLock { $0.unreportedRefusal = error } }
                throw error
            }
            if let refusal { throw refusal }
        }
    }

    /// Puts back in a working copy the content the provider stores, after the provider refused
    /// the working copy's for lack of space: as on a full disk, what could not be stored is not
    /// kept, and no size the provider did not store shows (the kernel is told to drop the size
    /// it cached from the writes).
    ///
    /// - Returns: whether the working copy holds the stored content again.
    private func revert(_ copy: WorkingCopy) async -> Bool {
        guard
            let (item, path) = tree.withLock({ tree in
                tree.namespace.item(copy.identifier).map { ($0, tree.namespace.path(of: copy.identifier)) }
            })
        else { return false }
        do {
            let source = try await contents(of: item)
            guard ftruncate(copy.descriptor, 0) == 0 else { return false }
            try copyContents(from: source, to: copy.descriptor)
        } catch {
            return false
        }
        copy.state.withLock {
            $0.isDirty = false
            $0.baseContentVersion = item.itemVersion.contentVersion
        }
        if let path, let invalidate = invalidation.withLock({ $0 }) { invalidate([path]) }
        return true
    }

    /// Commits every working copy with unsaved writes, and forgets those no handle uses. A
    /// refusal for lack of space reaches the working copy's handles (see
    /// ``commit(_:fromHandle:)``), not the caller.
    ///
    /// - Returns: how many working copies still have unsaved writes.
    @discardableResult
    func commitAll() async -> Int {
        let copies = table.withLock { Array($0.workingCopies.values) }
        var unsaved = 0
        for copy in copies {
            do {
                try await commit(copy, fromHandle: false)
                if table.withLock({ $0.dropIfUnused(copy) }) { copy.discard() }
            } catch {
                unsaved += 1
            }
        }
        return unsaved
    }

    /// Catches up with the provider: synchronizes the host, rebuilds the namespace after a full
    /// listing or applies the changes a catch-up reported, sends unsaved writes again, and lets
    /// the host forget finished operations.
    ///
    /// - Returns: whether the namespace changed.
    /// - Throws: the synchronization's error.
    @discardableResult
    func refresh() async throws -> Bool {
        // Results applied while the catch-up runs are newer than what it may report for the same
        // items (it can enumerate before a result and apply after it), so they are replayed last.
        tree.withLock { $0.replay = [] }
        let summary: SyncSummary
        do {
            summary = try await host.synchronize()
        } catch {
            tree.withLock { $0.replay = nil }
            throw error
        }
        let changed = summary.updatedItemCount + summary.deletedItemCount + summary.listingCount > 0
        if summary.listingCount > 0 {
            await rebuildTree()
        } else if changed {
            await applyCatchUp(summary)
        } else {
            tree.withLock { $0.replay = nil }
        }
        await commitAll()
        await host.forgetFinishedOperations()
        return changed
    }

    /// The content of `item` in the host's cache, fetched when the cache does not hold it.
    private func contents(of item: ItemSnapshot) async throws -> URL {
        if item.documentSize == 0 { return emptyFile }
        if let cached = await host.cachedContents(of: item.itemIdentifier) { return cached }
        let record = try await perform(.fetchContents(item.itemIdentifier, version: nil))
        if let fetched = record.resultItem { apply(.upsert(fetched)) }
        guard let url = record.contentsURL else { throw MountError(code: EIO) }
        return url
    }

    /// Copies the content at `source` into `descriptor`, an empty file open for writing, keeping
    /// its holes.
    ///
    /// - Throws: the file system's error (`ENOSPC` when the staging folder's disk is full).
    private func copyContents(from source: URL, to descriptor: Int32) throws(MountError) {
        do {
            try SparseCopy.copy(from: source, to: descriptor)
        } catch {
            throw MountError(code: error.code)
        }
    }

    /// A new working copy holding `item`'s content (holes kept), or nothing when `empty`.
    private func makeWorkingCopy(of item: ItemSnapshot, empty: Bool = false) async throws -> WorkingCopy {
        let url = staging.appendingPathComponent("work-\(UUID().uuidString)")
        let descriptor = Glibc.open(url.path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw MountError.lastSystemError }
        do {
            if !empty {
                do {
                    try copyContents(from: try await contents(of: item), to: descriptor)
                } catch {
                    await host.evictContents(of: item.itemIdentifier)
                    guard ftruncate(descriptor, 0) == 0 else { throw MountError.lastSystemError }
                    try copyContents(from: try await contents(of: item), to: descriptor)
                }
            }
        } catch {
            close(descriptor)
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        return WorkingCopy(
            identifier: item.itemIdentifier,
            url: url,
            descriptor: descriptor,
            baseContentVersion: item.itemVersion.contentVersion
        )
    }
}
