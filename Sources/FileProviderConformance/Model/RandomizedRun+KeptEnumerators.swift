import FileProviderKit
import Foundation

/// Enumerators kept across the steps of a run, as the system keeps them: made at one step,
/// re-listed in either order and caught up from the anchor they gave at later steps, after any
/// writes, trashing, moves of their folder or its ancestors, remote changes and store resets.
extension RandomizedRun {
    /// An enumerator the run keeps: its container, the store epoch it was made in, the anchor it
    /// gave last (`nil` when its container reports no changes, or the subject declares
    /// `listingOnlyFolders` for a folder) and the container's items as that anchor stands for them.
    struct KeptEnumerator {
        let container: ItemIdentifier
        var enumerator: any Enumerator
        var anchor: SyncAnchor?
        var epoch: Int
        var items: [ItemIdentifier: ItemSnapshot]
    }

    /// The most enumerators a run keeps at once; the oldest is invalidated when another is kept.
    static let keptEnumeratorLimit = 4

    /// The containers an enumerator may be kept of: the root and every folder, in the trash too,
    /// the trash and the working set.
    mutating func keepableContainers() -> [ItemIdentifier] {
        let trash: [ItemIdentifier] = capabilities.contains(.trash) ? [.trashContainer] : []
        return model.folders() + model.itemsInTrash(foldersOnly: true) + trash + [.workingSet]
    }

    /// Makes an enumerator of a container, takes its anchor and lists the container on it; the
    /// run keeps it for ``useKeptEnumerator(_:how:)``.
    mutating func keepEnumerator(_ slot: Int) async throws {
        guard let container = ModelState.pick(slot, from: keepableContainers()) else { return }
        resolve("keep an enumerator of \(container): its anchor, then its listing")
        let enumerator = try await attempt { try await provider.enumerator(for: container, request: Request()) }
        // A subject whose folders declare no change enumeration is only re-listed there.
        let reportsChanges = container == .workingSet || !capabilities.contains(.listingOnlyFolders)
        let anchor = reportsChanges ? try await attempt { try await enumerator.currentSyncAnchor() } : nil
        let items = try await attempt { try await enumerator.allItems(suggestedPageSize: 16) }
        kept.append(
            KeptEnumerator(
                container: container,
                enumerator: enumerator,
                anchor: anchor,
                epoch: epoch,
                items: Self.byIdentifier(items)
            )
        )
        if kept.count > Self.keptEnumeratorLimit { await kept.removeFirst().enumerator.invalidate() }
    }

    /// Uses a kept enumerator: re-lists its container by name or by date, or catches it up from
    /// the anchor it gave last; either must show what a fresh enumerator lists now, field by field.
    /// An enumerator whose folder was deleted must say so (see
    /// `useKeptEnumeratorOfDeletedFolder(at:catchingUp:)`).
    mutating func useKeptEnumerator(_ which: Int, how: Int) async throws {
        guard !kept.isEmpty else { return }
        let index = which % kept.count
        let entry = kept[index]
        guard entry.container.isReservedContainer || model.items[entry.container] != nil else {
            try await useKeptEnumeratorOfDeletedFolder(at: index, catchingUp: how % 2 == 0)
            return
        }
        let pageSize = [1, 3, 500][how % 3]
        switch (how / 3) % 3 {
        case 0 where entry.anchor != nil:
            try await catchUpKept(at: index, batchSize: [1, 2, 7][how % 3])
        case 1:
            try await relistKept(entry, startingAt: .initialPageSortedByDate, pageSize: pageSize)
        default:
            try await relistKept(entry, startingAt: .initialPageSortedByName, pageSize: pageSize)
        }
    }

    /// Lists, or catches up, a kept enumerator whose folder was deleted since, then invalidates and
    /// drops it: the listing fails with `noSuchItem`, the catch-up fails so (or with
    /// `syncAnchorExpired`) or reports the folder's deletion — never an empty success, and never the
    /// children of another folder that took its name (R16.6).
    private mutating func useKeptEnumeratorOfDeletedFolder(at index: Int, catchingUp: Bool) async throws {
        let entry = kept.remove(at: index)
        do {
            try await expectDeletion(of: entry, catchingUp: catchingUp)
        } catch {
            await entry.enumerator.invalidate()
            throw error
        }
        await entry.enumerator.invalidate()
    }

    private mutating func expectDeletion(of entry: KeptEnumerator, catchingUp: Bool) async throws {
        let folder = entry.container
        guard catchingUp, let anchor = entry.anchor else {
            resolve("list the deleted \(folder) on the enumerator kept since before its deletion")
            try await expectFailure(
                .noSuchItem,
                "listing the deleted \(folder) on an enumerator made before its deletion",
                clauses: ["R16.6"]
            ) { _ = try await entry.enumerator.allItems(suggestedPageSize: 16) }
            return
        }
        resolve("catch up the deleted \(folder) on the enumerator kept since before its deletion")
        let call = "the catch-up of the deleted \(folder) on an enumerator made before its deletion"
        try await allowingFailure(
            [.noSuchItem, .syncAnchorExpired],
            call,
            clauses: ["R16.6"],
            expected: "noSuchItem, or the folder reported deleted"
        ) {
            let changes = try await entry.enumerator.changes(since: anchor, suggestedBatchSize: 7)
            try ensure(
                changes.deletedItemIdentifiers.contains(folder),
                "\(call) succeeded without reporting the deletion",
                clauses: ["R16.6"],
                expected: "noSuchItem, or the folder reported deleted",
                actual:
                    "\(changes.updatedItems.count) updates, deletions \(changes.deletedItemIdentifiers.map(\.rawValue))"
            )
        }
    }

    /// Re-lists a kept enumerator's container and compares the listing with a fresh one.
    private mutating func relistKept(_ entry: KeptEnumerator, startingAt page: Page, pageSize: Int) async throws {
        let order = page == .initialPageSortedByDate ? "by date" : "by name"
        let container = entry.container
        resolve("re-list \(container) \(order) with pages of \(pageSize) on the enumerator kept since an earlier step")
        let listing = try await attempt {
            try await entry.enumerator.allItems(startingAt: page, suggestedPageSize: pageSize)
        }
        let fresh = try await freshListing(of: container)
        try expectSameItems(
            Self.byIdentifier(listing),
            count: listing.count,
            as: fresh,
            "the enumerator of \(container) kept since an earlier step lists \(order) other than a fresh one",
            clauses: ["R2.1", "R6.14"]
        )
    }

    /// Catches a kept enumerator up from the anchor it gave last, applies the changes to the items
    /// it stood for, and compares the result with a fresh listing; the enumerator then keeps the
    /// anchor it reached. An anchor from before a store reset must expire; any other may, and the
    /// enumerator then starts over from a new anchor and listing.
    private mutating func catchUpKept(at index: Int, batchSize: Int) async throws {
        let entry = kept[index]
        guard let anchor = entry.anchor else { return }
        let container = entry.container
        let older = entry.epoch == epoch ? "" : " (given before a store reset)"
        resolve(
            "catch up the enumerator of \(container) kept since an earlier step from its anchor\(older) "
                + "in batches of \(batchSize)"
        )
        let changes: ChangeSet
        do {
            changes = try await entry.enumerator.changes(since: anchor, suggestedBatchSize: batchSize)
        } catch let error as FileProviderError where error.code == .syncAnchorExpired {
            kept[index].anchor = try await attempt { try await entry.enumerator.currentSyncAnchor() }
            kept[index].epoch = epoch
            kept[index].items = try await freshListing(of: container)
            return
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw failure(
                "the enumerator of \(container) kept since an earlier step failed to catch up from its anchor",
                clauses: container == .workingSet ? ["R6.9", "R6.14"] : ["R6.20", "R6.14"],
                expected: "the changes since that anchor, or syncAnchorExpired",
                actual: "\(error)"
            )
        }
        try ensure(
            entry.epoch == epoch,
            "the enumerator of \(container) kept since before a store reset handed out changes since its old anchor",
            clauses: ["R3.2"],
            expected: "syncAnchorExpired",
            actual: "\(changes.updatedItems.count) updates, \(changes.deletedItemIdentifiers.count) deletions"
        )
        var items = entry.items
        for item in changes.updatedItems {
            let stays = container == .workingSet || item.parentItemIdentifier == container
            items[item.itemIdentifier] = stays ? item : nil
        }
        let gone =
            container == .workingSet
            ? CheckContext.selfAndDescendants(
                of: changes.deletedItemIdentifiers,
                parents: items.mapValues(\.parentItemIdentifier)
            )
            : Set(changes.deletedItemIdentifiers)
        for identifier in gone { items[identifier] = nil }
        let fresh = try await freshListing(of: container)
        try expectSameItems(
            items,
            count: items.count,
            as: fresh,
            "the catch-up of the enumerator of \(container) kept since an earlier step does not end in the state "
                + "a fresh listing shows",
            clauses: container == .workingSet ? ["R6.1", "R6.9", "R6.14"] : ["R6.20", "R6.10", "R6.14"]
        )
        kept[index].anchor = changes.anchor
        kept[index].items = fresh
    }

    /// A fresh enumerator's listing of `container`, checked against the model's members of it.
    private mutating func freshListing(of container: ItemIdentifier) async throws -> [ItemIdentifier: ItemSnapshot] {
        let listing = try await attempt {
            try await provider.enumerator(for: container, request: Request()).allItems(suggestedPageSize: 64)
        }
        let items = Self.byIdentifier(listing)
        let expected = container == .workingSet ? Set(model.items.keys) : Set(model.children(of: container))
        let actual = Set(items.keys)
        try ensure(
            actual == expected && listing.count == expected.count,
            "a fresh listing of \(container) differs from the model",
            clauses: container == .workingSet ? ["R8.2"] : ["R2.1", "R2.6"],
            expected: "\(expected.count) items",
            actual:
                "\(listing.count) items, missing \(expected.subtracting(actual).map(\.rawValue).sorted()), extra \(actual.subtracting(expected).map(\.rawValue).sorted())"
        )
        return items
    }

    /// Fails unless `items` (of which an observation gave `count`) holds the items of `expected`,
    /// each at the same version with every stored field alike.
    func expectSameItems(
        _ items: [ItemIdentifier: ItemSnapshot],
        count: Int,
        as expected: [ItemIdentifier: ItemSnapshot],
        _ message: String,
        clauses: [String]
    ) throws {
        guard count != expected.count || items != expected else { return }
        var lines: [String] = []
        for identifier in Set(items.keys).union(expected.keys).sorted() where lines.count < 8 {
            switch (items[identifier], expected[identifier]) {
            case (let got?, let want?) where got != want:
                let fields = StoredFields.differences(StoredFields.all, in: got, from: want)
                guard !fields.isEmpty else { continue }
                lines.append(
                    "\(identifier): "
                        + fields.map { "\($0.field) \($0.actual) instead of \($0.expected)" }.joined(separator: ", ")
                )
            case (let got?, nil): lines.append("\(identifier) \(ItemDigest(got)) should not be there")
            case (nil, let want?): lines.append("\(identifier) \(ItemDigest(want)) is missing")
            default: continue
            }
        }
        try ensure(
            lines.isEmpty && count == items.count,
            message,
            clauses: clauses,
            expected: "\(expected.count) items, as a fresh enumerator lists them",
            actual: "\(count) items; " + lines.joined(separator: "; ")
        )
    }

    /// Snapshots of `items` by identifier; a later duplicate wins (a listing that repeats an
    /// identifier is caught by its count).
    static func byIdentifier(_ items: [any FileProviderItem]) -> [ItemIdentifier: ItemSnapshot] {
        Dictionary(items.map { ($0.itemIdentifier, ItemSnapshot($0)) }, uniquingKeysWith: { _, last in last })
    }
}
