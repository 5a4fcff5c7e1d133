import FileProviderKit

extension ProviderHost {
    /// Whether a catch-up is due: the host was never synchronized, the working set was signalled
    /// since the last synchronization started, or a result was applied while one was running.
    public var isCatchUpPending: Bool { catchUpRequested }

    /// Tells the host the working set changed, as `DomainManager.signalEnumerator(for:in:)`
    /// does: it schedules a catch-up. Signals that arrive before the catch-up starts coalesce into
    /// it. Identifiers other than `ItemIdentifier.workingSet` are ignored, as on Apple's
    /// systems; so are signals to a stopped host.
    public func signalEnumerator(for containerItemIdentifier: ItemIdentifier) {
        guard containerItemIdentifier == .workingSet, !isStopped else { return }
        catchUpRequested = true
        schedule()
    }

    /// Synchronizes the replica now: lists the working set if the replica has no anchor, then
    /// enumerates changes until `moreComing` is false. Waits for a synchronization already
    /// running to end first. The working set's enumerator must return an anchor: `nil` from its
    /// `currentSyncAnchor()` is recorded as `ContractViolation.Kind.workingSetAnchorMissing` and
    /// fails the synchronization (it is not retried).
    ///
    /// An expired anchor drops it and lists again; an expired page restarts the listing; both at
    /// most ``HostConfiguration/maximumRestarts`` times in one call. Each batch is applied whole
    /// together with its anchor, so a failure or cancellation leaves the replica consistent with
    /// the last anchor it holds.
    ///
    /// - Returns: what the synchronization did.
    /// - Throws: the provider's error (the status then says whether it is parked or will be
    ///   retried), a `ContractViolation` that made a result unusable or, under
    ///   ``ContractMonitor/Policy/fatal``, any violation; `CancellationError`;
    ///   ``HostError/stopped``.
    @discardableResult
    public func synchronize() async throws -> SyncSummary {
        try ensureRunning()
        let task = track { try await self.synchronizeInCallerTask() }
        return try await value(of: task)
    }

    /// ``synchronize()`` run in the caller's task instead of a task the host tracks, for a driver
    /// that owns the host and never stops it while a call of its own is in progress (the
    /// conformance suite's randomized runs, which synchronize after every few steps): it spares
    /// the hand-off to another task and back, which costs more than a short catch-up. ``stop()``
    /// neither cancels such a call nor waits for it (the call runs to its end, applying each batch
    /// whole, and leaves the status stopped); the caller's cancellation stops it as it stops any
    /// call of its task.
    ///
    /// - Returns: what the synchronization did.
    /// - Throws: as ``synchronize()``.
    @discardableResult
    package func synchronizeInCallerTask() async throws -> SyncSummary {
        try ensureRunning()
        await acquireSyncSlot()
        return try await synchronizeHoldingSlot()
    }

    /// Lists the working set afresh and compares it with the replica.
    ///
    /// - Returns: the difference; empty when the replica has converged.
    /// - Throws: the provider's error, a `ContractViolation` that made the listing unusable
    ///   (or, under ``ContractMonitor/Policy/fatal``, any violation), `CancellationError`,
    ///   ``HostError/stopped``.
    public func checkConvergence() async throws -> ReplicaDifference {
        try ensureRunning()
        let task = track { try await self.listAll(of: .workingSet) }
        let listing = try await value(of: task)
        return replica.difference(from: listing)
    }

    /// Lists a container's items from its first page to its last, as the system does when a
    /// folder is opened, checking that each item is listed once and has the container as its
    /// parent. The replica is not changed: it follows the working set.
    ///
    /// The host keeps no anchor for a folder: each call lists the container afresh, so a folder
    /// whose enumerator returns no sync anchor (it does not report changes) is served exactly as
    /// one that does — re-listed whenever the caller asks, as the system re-lists such a folder
    /// when signalled.
    ///
    /// - Returns: the items in listing order.
    /// - Throws: the provider's error (`FileProviderError.Code.noSuchItem` for an unknown
    ///   container), a `ContractViolation` as for ``checkConvergence()``, `CancellationError`,
    ///   ``HostError/stopped``.
    public func listContainer(_ containerItemIdentifier: ItemIdentifier) async throws -> [ItemSnapshot] {
        try ensureRunning()
        let task = track { try await self.listAll(of: containerItemIdentifier) }
        return try await value(of: task)
    }

    func acquireSyncSlot() async {
        while syncRunning, !isStopped {
            await withCheckedContinuation { syncSlotWaiters.append($0) }
        }
        syncRunning = true
    }

    func releaseSyncSlot() {
        syncRunning = false
        if !syncSlotWaiters.isEmpty {
            syncSlotWaiters.removeFirst().resume()
        }
        schedule()
    }

    /// Runs one synchronization; the caller holds the slot, which this releases.
    func synchronizeHoldingSlot() async throws -> SyncSummary {
        defer { releaseSyncSlot() }
        try ensureRunning()
        catchUpRequested = false
        syncStatus = .running
        do {
            let summary = try await synchronizeReplica()
            syncFailures = 0
            syncStatus = isStopped ? .stopped : .idle
            lastSyncError = nil
            synchronizationCount += 1
            return summary
        } catch {
            recordSyncFailure(error)
            throw error
        }
    }

    private func recordSyncFailure(_ error: any Error) {
        lastSyncError = error
        if isStopped {
            syncStatus = .stopped
            return
        }
        if error is CancellationError, Task.isCancelled {
            syncStatus = .idle
            catchUpRequested = true
            return
        }
        let disposition: ErrorDisposition = error is ContractViolation ? .fail : ErrorDisposition(classifying: error)
        switch disposition {
        case .park(let code):
            syncStatus = .parked(code)
        case .fail:
            syncStatus = .failed
        case .retry:
            syncFailures += 1
            let delay = configuration.retryPolicy.delay(afterFailures: syncFailures)
            syncStatus = .waitingToRetry(failures: syncFailures, delay: delay)
            afterBackOff(until: clock.now() + delay) { await $0.syncRetryIsDue() }
        }
    }

    private func synchronizeReplica() async throws -> SyncSummary {
        var summary = SyncSummary()
        var restarts = 0
        if replica.anchor == nil {
            try await relist(&summary, restarts: &restarts)
        }
        while true {
            do {
                try await catchUp(&summary)
                return summary
            } catch let error as FileProviderError where error.code == .syncAnchorExpired {
                guard restarts < configuration.maximumRestarts else { throw error }
                restarts += 1
                replica.anchor = nil
                try await relist(&summary, restarts: &restarts)
            }
        }
    }

    /// Replaces the replica with a full listing of the working set, anchored at the anchor the
    /// same enumerator gave before the listing.
    private func relist(_ summary: inout SyncSummary, restarts: inout Int) async throws {
        let enumerator = try await provider.enumerator(for: .workingSet, request: Request())
        do {
            try await relist(with: enumerator, &summary, restarts: &restarts)
            await enumerator.invalidate()
        } catch {
            await enumerator.invalidate()
            throw error
        }
    }

    private func relist(with enumerator: any Enumerator, _ summary: inout SyncSummary, restarts: inout Int) async throws
    {
        guard let anchor = try await enumerator.currentSyncAnchor() else {
            let violation = ContractViolation(.workingSetAnchorMissing, call: "currentSyncAnchor(for: .workingSet)")
            monitor.note(violation)
            throw violation
        }
        summary.listingCount += 1
        let call = "enumerateItems(for: \(ItemIdentifier.workingSet))"
        while true {
            var fresh = Replica()
            fresh.reserveCapacity(replica.count)
            var kindChanges: [ContractViolation] = []
            do {
                try await forEachPage(of: .workingSet, with: enumerator) { page, violations, pageCall in
                    if !replica.isEmpty {
                        kindChanges += Self.kindChanges(in: page, against: replica, call: call)
                    }
                    for position in fresh.store(page: page) {
                        let duplicate = page[position].itemIdentifier
                        violations.append(ContractViolation(.duplicateItem(duplicate), call: pageCall))
                    }
                }
            } catch let error as FileProviderError where error.code == .pageExpired {
                guard restarts < configuration.maximumRestarts else { throw error }
                restarts += 1
                summary.listingRestartCount += 1
                continue
            }
            try monitor.record(kindChanges)
            fresh.shrinkToFit()
            fresh.anchor = anchor
            replica = fresh
            removeEmptiedFoldersThatLeft()
            contentCache.retainOnly { replica.contentVersion(of: $0) }
            summary.listedItemCount += fresh.count
            return
        }
    }

    /// Every item of a container's listing, from its first page to its last, with a fresh
    /// enumerator. Records a duplicate, and for a container other than the working set an item
    /// with another parent.
    func listAll(of container: ItemIdentifier) async throws -> [ItemSnapshot] {
        let enumerator = try await provider.enumerator(for: container, request: Request())
        do {
            let items = try await listAll(of: container, with: enumerator)
            await enumerator.invalidate()
            return items
        } catch {
            await enumerator.invalidate()
            throw error
        }
    }

    private func listAll(of container: ItemIdentifier, with enumerator: any Enumerator) async throws -> [ItemSnapshot] {
        var items: [ItemSnapshot] = []
        var seen: Set<ItemIdentifier> = []
        try await forEachPage(of: container, with: enumerator) { page, violations, call in
            for item in page {
                if !seen.insert(item.itemIdentifier).inserted {
                    violations.append(ContractViolation(.duplicateItem(item.itemIdentifier), call: call))
                }
                if container != .workingSet, item.parentItemIdentifier != container {
                    let kind = ContractViolation.Kind.wrongParent(
                        item: item.itemIdentifier,
                        expected: container,
                        actual: item.parentItemIdentifier
                    )
                    violations.append(ContractViolation(kind, call: call))
                }
                items.append(item)
            }
        }
        return items
    }

    /// Calls `body` with each page of a container's listing, from the first to the last, an empty
    /// list to add the page's violations to, and the page's call; records the violations after.
    private func forEachPage(
        of container: ItemIdentifier,
        with enumerator: any Enumerator,
        _ body: ([ItemSnapshot], inout [ContractViolation], String) throws -> Void
    ) async throws {
        var iterator = enumerator.pages(suggestedPageSize: configuration.suggestedPageSize).makeAsyncIterator()
        var page = Page.initialPageSortedByName
        while true {
            let result: ItemPage?
            do {
                result = try await iterator.next()
            } catch let violation as ContractViolation {
                monitor.note(violation)
                throw violation
            }
            guard let result else { return }
            let call = "enumerateItems(for: \(container), startingAt: \(page))"
            var violations: [ContractViolation] = []
            try body(result.items.map { ItemSnapshot($0) }, &violations, call)
            try monitor.record(violations)
            if let next = result.nextPage { page = next }
        }
    }

    /// Enumerates changes from the replica's anchor until `moreComing` is false, applying each
    /// batch with its anchor. Each batch comes from a fresh enumerator.
    private func catchUp(_ summary: inout SyncSummary) async throws {
        guard var anchor = replica.anchor else { return }
        var seen: Set<SyncAnchor> = [anchor]
        while true {
            try Task.checkCancellation()
            let call = "enumerateChanges(from: \(anchor))"
            let enumerator = try await provider.enumerator(for: .workingSet, request: Request())
            let batch: ChangeBatch
            do {
                batch = try await enumerator.changeBatch(
                    from: anchor,
                    suggestedBatchSize: configuration.suggestedBatchSize
                )
            } catch {
                await enumerator.invalidate()
                if let violation = error as? ContractViolation { monitor.note(violation) }
                throw error
            }
            await enumerator.invalidate()
            if batch.moreComing, !seen.insert(batch.anchor).inserted {
                let violation = ContractViolation(.anchorDidNotAdvance(batch.anchor), call: call)
                monitor.note(violation)
                throw violation
            }
            try apply(batch, call: call)
            summary.batchCount += 1
            summary.updatedItemCount += batch.updatedItems.count
            summary.deletedItemCount += batch.deletedItemIdentifiers.count
            summary.updatedItemIdentifiers += batch.updatedItems.map(\.itemIdentifier)
            summary.deletedItemIdentifiers += batch.deletedItemIdentifiers
            anchor = batch.anchor
            guard batch.moreComing else { return }
        }
    }

    /// Applies one batch and its anchor to the replica, after checking its order and kinds.
    private func apply(_ batch: ChangeBatch, call: String) throws {
        let updates = batch.updatedItems.map { ItemSnapshot($0) }
        let (lookups, violations) = Self.check(updates, against: replica, call: call)
        try monitor.record(violations)
        for (item, lookup) in zip(updates, lookups) { integrate(item, lookup: lookup) }
        for identifier in batch.deletedItemIdentifiers { discard(identifier) }
        replica.anchor = batch.anchor
        removeEmptiedFoldersThatLeft()
    }

    /// Where `replica` holds each of `updates`, and the violations of a batch delivering them: a
    /// child before its parent, a change of kind. A function of the replica it is given, so that
    /// checking a batch borrows the replica once instead of copying it for every item.
    private static func check(
        _ updates: [ItemSnapshot],
        against replica: Replica,
        call: String
    ) -> ([Replica.Lookup], [ContractViolation]) {
        let lookups = replica.lookUp(updates.map(\.itemIdentifier))
        var firstPosition: [ItemIdentifier: Int]?
        var violations: [ContractViolation] = []
        for (position, item) in updates.enumerated() {
            let parent = item.parentItemIdentifier
            if !parent.isReservedContainer, !replica.contains(parent) {
                let positions = firstPosition ?? firstPositions(of: updates)
                firstPosition = positions
                if let parentPosition = positions[parent], parentPosition > position {
                    violations.append(
                        ContractViolation(.childBeforeParent(child: item.itemIdentifier, parent: parent), call: call)
                    )
                }
            }
            if replica.changesKind(item, lookup: lookups[position]) {
                violations.append(ContractViolation(.itemKindChanged(item.itemIdentifier), call: call))
            }
        }
        return (lookups, violations)
    }

    /// A violation for each item of `page` whose kind differs from `replica`'s item, borrowing the
    /// replica once for the page.
    private static func kindChanges(
        in page: [ItemSnapshot],
        against replica: Replica,
        call: String
    )
        -> [ContractViolation]
    {
        let lookups = replica.lookUp(page.map(\.itemIdentifier))
        return zip(page, lookups).filter { replica.changesKind($0, lookup: $1) }.map {
            ContractViolation(.itemKindChanged($0.0.itemIdentifier), call: call)
        }
    }

    /// The position of the first update of each identifier in `updates`.
    private static func firstPositions(of updates: [ItemSnapshot]) -> [ItemIdentifier: Int] {
        var positions: [ItemIdentifier: Int] = [:]
        for (position, item) in updates.enumerated() where positions[item.itemIdentifier] == nil {
            positions[item.itemIdentifier] = position
        }
        return positions
    }

    /// Whether `item` changes the replica's item with its identifier between directory and
    /// non-directory, or symbolic link and not.
    func isKindChange(to item: ItemSnapshot) -> Bool {
        replica.changesKind(item)
    }

    /// Puts an item the provider reported into the replica, dropping cached content of another
    /// version. `lookup`, if given, is where `Replica.lookUp(_:)` found the item since the replica
    /// last removed one.
    func integrate(_ item: ItemSnapshot, lookup: Replica.Lookup? = nil) {
        if let lookup { replica.store(item, lookup: lookup) } else { replica.store(item) }
        if let cached = contentCache.contentVersion(of: item.itemIdentifier), cached != item.itemVersion.contentVersion
        {
            contentCache.evict(item.itemIdentifier)
        }
    }

    /// Removes an item and its descendants from the replica, with their cached content.
    func discard(_ identifier: ItemIdentifier) {
        for removed in replica.remove(identifier) {
            contentCache.evict(removed)
        }
        contentCache.evict(identifier)
    }

    /// Removes the replica's copy of an item a modification returned no item for (it left the
    /// domain), as the system does: a file or an empty folder at once; a folder with children
    /// once the working set has reported all of them gone.
    func removeItemThatLeft(_ identifier: ItemIdentifier) {
        guard !identifier.isReservedContainer else { return }
        if replica.childIdentifiers(of: identifier).isEmpty {
            discard(identifier)
        } else {
            foldersLeavingDomain.insert(identifier)
        }
    }

    /// Removes each folder that left the domain once its last child has left, and forgets those
    /// the replica no longer holds.
    func removeEmptiedFoldersThatLeft() {
        guard !foldersLeavingDomain.isEmpty else { return }
        for folder in foldersLeavingDomain where replica.childIdentifiers(of: folder).isEmpty {
            foldersLeavingDomain.remove(folder)
            if replica.contains(folder) { discard(folder) }
        }
    }
}
