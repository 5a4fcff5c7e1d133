extension Enumerator {
    /// The pages of the listing that starts at `page`, fetched lazily.
    ///
    /// - Parameters:
    ///   - page: ``Page/initialPageSortedByName`` (the default), ``Page/initialPageSortedByDate``,
    ///     or a page an earlier listing handed back.
    ///   - suggestedPageSize: the most items a page may hold; values below 1 count as 1.
    public func pages(
        startingAt page: Page = .initialPageSortedByName,
        suggestedPageSize: Int = 200
    ) -> ItemPageSequence {
        ItemPageSequence(enumerator: self, startPage: page, suggestedPageSize: max(1, suggestedPageSize))
    }

    /// Every item of the listing that starts at `page`, following next pages until `nil`.
    ///
    /// - Throws: the provider's error, `CancellationError`, or a ``ContractViolation``; see
    ///   ``ItemPageSequence``.
    public func allItems(
        startingAt page: Page = .initialPageSortedByName,
        suggestedPageSize: Int = 200
    ) async throws -> [any FileProviderItem] {
        var items: [any FileProviderItem] = []
        for try await page in pages(startingAt: page, suggestedPageSize: suggestedPageSize) {
            items += page.items
        }
        return items
    }

    /// One batch of the changes since `anchor`: a single call to ``enumerateChanges(for:from:)``.
    ///
    /// - Parameters:
    ///   - anchor: the anchor to enumerate from.
    ///   - suggestedBatchSize: the most changes the batch may hold; values below 1 count as 1.
    /// - Throws: the provider's error (``FileProviderError/Code/syncAnchorExpired`` for an anchor it
    ///   cannot honour), `CancellationError`, or a ``ContractViolation`` (no finish, a second finish,
    ///   changes after the finish, more changes than suggested, one identifier both updated and
    ///   deleted).
    public func changeBatch(from anchor: SyncAnchor, suggestedBatchSize: Int = 200) async throws -> ChangeBatch {
        try Task.checkCancellation()
        let observer = RecordingChangeObserver(suggestedBatchSize: max(1, suggestedBatchSize))
        await enumerateChanges(for: observer, from: anchor)
        return try observer.result(of: "enumerateChanges(from: \(anchor))")
    }

    /// Every change since `anchor`, following batches while `moreComing` is true, coalesced into
    /// one ``ChangeSet``.
    ///
    /// - Throws: what ``changeBatch(from:suggestedBatchSize:)`` throws, and a ``ContractViolation``
    ///   when a batch with `moreComing` hands back an anchor the catch-up already used.
    public func changes(since anchor: SyncAnchor, suggestedBatchSize: Int = 200) async throws -> ChangeSet {
        var order: [ItemIdentifier] = []
        var ordered: Set<ItemIdentifier> = []
        var latest: [ItemIdentifier: ItemSnapshot] = [:]
        var deleted: Set<ItemIdentifier> = []
        var deletedOrder: [ItemIdentifier] = []
        var seenAnchors: Set<SyncAnchor> = [anchor]
        var current = anchor
        var batchCount = 0
        while true {
            let batch = try await changeBatch(from: current, suggestedBatchSize: suggestedBatchSize)
            batchCount += 1
            for item in batch.updatedItems {
                let snapshot = ItemSnapshot(item)
                latest[snapshot.itemIdentifier] = snapshot
                if ordered.insert(snapshot.itemIdentifier).inserted { order.append(snapshot.itemIdentifier) }
                deleted.remove(snapshot.itemIdentifier)
            }
            for identifier in batch.deletedItemIdentifiers {
                latest[identifier] = nil
                if deleted.insert(identifier).inserted { deletedOrder.append(identifier) }
            }
            guard batch.moreComing else {
                return ChangeSet(
                    updatedItems: order.compactMap { latest[$0] },
                    deletedItemIdentifiers: deletedOrder.filter { deleted.contains($0) },
                    anchor: batch.anchor,
                    batchCount: batchCount
                )
            }
            guard seenAnchors.insert(batch.anchor).inserted else {
                throw ContractViolation(.anchorDidNotAdvance(batch.anchor), call: "enumerateChanges(from: \(current))")
            }
            current = batch.anchor
        }
    }
}
