/// An ``Enumerator`` written in Swift's native form: its methods **return** a page of items or a
/// batch of changes and **throw** their errors, and FileProviderKit bridges them to the observer
/// protocols.
///
/// Write a `ThrowingEnumerator` unless you are porting an enumerator from Apple's framework. The
/// observer form (``Enumerator/enumerateItems(for:startingAt:)`` and
/// ``Enumerator/enumerateChanges(for:from:)``) is provided, and by construction it:
/// - calls exactly one finish method per call, after reporting what the method returned: the next
///   page, or the new anchor with `moreComing`, on success; the error on failure;
/// - maps what the method throws with ``FileProviderError/mapped(_:itemIdentifier:)``: a
///   ``FileProviderError`` or a `CancellationError` is passed on as it is, a `CocoaError` or a
///   `POSIXError` becomes the ``FileProviderError`` of the mapping's table, anything else an
///   ``FileProviderError/Code/unclassified`` carrying it, which the consumer retries;
/// - honours cancellation: when the calling task is cancelled before the method is called, the
///   method is not called and the observer finishes with a `CancellationError`;
/// - passes the observer's ``EnumerationObserver/suggestedPageSize`` or
///   ``ChangeObserver/suggestedBatchSize`` as `limit` (at least 1), and refuses a result larger
///   than `limit` rather than splitting it — a page or an anchor says where the *next* call
///   starts, and only the provider can make one that points between two items. A refused result
///   reports nothing and finishes with a ``FileProviderError/Code/cannotSynchronize`` whose
///   underlying error is a ``ContractViolation`` of kind
///   ``ContractViolation/Kind/tooManyItems(count:suggested:)``: definitive, not transient, since
///   the same call returns the same oversize result until the provider itself is fixed.
///
/// The rest of the observer contract is the provider's to keep, as stated on
/// ``EnumerationObserver`` and ``ChangeObserver``: every child exactly once across the pages, at
/// least one item on every page but the last, every change since the anchor, parents before
/// children, and no identifier both updated and deleted in one batch.
public protocol ThrowingEnumerator: Enumerator {
    /// One page of the listing that starts at `page`.
    ///
    /// - Parameters:
    ///   - page: ``Page/initialPageSortedByName``, ``Page/initialPageSortedByDate``, or a page an
    ///     earlier call returned as ``ItemPage/nextPage``.
    ///   - limit: the most items the page may hold; at least 1.
    /// - Returns: at most `limit` items, at least one unless the page is the last, and the next
    ///   page, or `nil` when the listing is complete.
    /// - Throws: ``FileProviderError/Code/pageExpired`` for a page the provider cannot honour,
    ///   ``FileProviderError/Code/noSuchItem`` when the container no longer exists, any other
    ///   ``FileProviderError``, or `CancellationError`.
    func enumerateItems(startingAt page: Page, limit: Int) async throws -> ItemPage

    /// One batch of the changes since `anchor`: for the working set, every change of the domain;
    /// for a folder (the root, the trash), the changes of its direct children only — see
    /// ``Enumerator/enumerateChanges(for:from:)``.
    ///
    /// - Parameters:
    ///   - anchor: an anchor ``Enumerator/currentSyncAnchor()`` or an earlier batch returned.
    ///   - limit: the most updates and deletions, together, the batch may hold; at least 1.
    /// - Returns: the changes, the anchor where the next batch starts, and whether more changes are
    ///   ready from it (then the anchor differs from `anchor`).
    /// - Throws: ``FileProviderError/Code/syncAnchorExpired`` for an anchor the provider cannot
    ///   honour; ``FileProviderError/Code/featureUnsupported`` from a folder's enumerator that
    ///   reports no changes (its ``Enumerator/currentSyncAnchor()`` returns `nil`); any other
    ///   ``FileProviderError``, or `CancellationError`.
    func enumerateChanges(from anchor: SyncAnchor, limit: Int) async throws -> ChangeBatch
}

extension ThrowingEnumerator {
    /// Calls ``enumerateItems(startingAt:limit:)`` with the observer's suggested page size and
    /// reports its result to `observer`, finishing exactly once; see ``ThrowingEnumerator``.
    public func enumerateItems(for observer: any EnumerationObserver, startingAt page: Page) async {
        let limit = max(1, observer.suggestedPageSize)
        do {
            try Task.checkCancellation()
            let result = try await enumerateItems(startingAt: page, limit: limit)
            try Self.refuse(count: result.items.count, over: limit, call: "enumerateItems(startingAt: \(page))")
            if !result.items.isEmpty { observer.didEnumerate(result.items) }
            observer.finishEnumerating(upTo: result.nextPage)
        } catch {
            observer.finishEnumeratingWithError(FileProviderError.mapped(error))
        }
    }

    /// Calls ``enumerateChanges(from:limit:)`` with the observer's suggested batch size and
    /// reports its result to `observer`, finishing exactly once; see ``ThrowingEnumerator``.
    public func enumerateChanges(for observer: any ChangeObserver, from anchor: SyncAnchor) async {
        let limit = max(1, observer.suggestedBatchSize)
        do {
            try Task.checkCancellation()
            let batch = try await enumerateChanges(from: anchor, limit: limit)
            try Self.refuse(
                count: batch.updatedItems.count + batch.deletedItemIdentifiers.count,
                over: limit,
                call: "enumerateChanges(from: \(anchor))"
            )
            if !batch.updatedItems.isEmpty { observer.didUpdate(batch.updatedItems) }
            if !batch.deletedItemIdentifiers.isEmpty {
                observer.didDeleteItems(withIdentifiers: batch.deletedItemIdentifiers)
            }
            observer.finishEnumeratingChanges(upTo: batch.anchor, moreComing: batch.moreComing)
        } catch {
            observer.finishEnumeratingWithError(FileProviderError.mapped(error))
        }
    }

    /// Throws the error a result of `count` items gets when it holds more than `limit`.
    private static func refuse(count: Int, over limit: Int, call: String) throws(FileProviderError) {
        guard count > limit else { return }
        let violation = ContractViolation(.tooManyItems(count: count, suggested: limit), call: call)
        throw FileProviderError(.cannotSynchronize, message: violation.description, underlyingError: violation)
    }
}
