import FileProviderKit
import Foundation

/// The reference provider's enumerator with one bug added.
final class BrokenEnumerator: Enumerator {
    let base: any Enumerator
    let container: ItemIdentifier
    let provider: BrokenProvider
    /// For ``Bug/anchorAfterListing``: the listing as it was when the enumerator was made.
    let snapshot: [any FileProviderItem]
    /// For ``Bug/continuationInEnumerator`` and ``Bug/pagesTiedToEnumerator``: tokens only this
    /// enumerator understands, with the provider's own.
    private let tokens = LockedValue<[Data: Data]>([:])

    var bug: Bug { provider.bug }
    /// For ``Bug/changeCursorInEnumerator``: where the enumerator keeps the anchor it continues from.
    static let cursorKey = Data("cursor".utf8)
    /// For ``Bug/pageCursorInEnumerator``: where the enumerator keeps the page it continues from.
    static let pageCursorKey = Data("page-cursor".utf8)

    init(base: any Enumerator, container: ItemIdentifier, provider: BrokenProvider, snapshot: [any FileProviderItem]) {
        self.base = base
        self.container = container
        self.provider = provider
        self.snapshot = snapshot
    }

    func enumerateItems(for observer: any EnumerationObserver, startingAt page: Page) async {
        if bug == .deletedFolderListsEmpty, await containerIsGone() {
            observer.finishEnumerating(upTo: nil)
            return
        }
        switch bug {
        case .longNamesInPageTokens
        where container != .workingSet
            && (page == .initialPageSortedByName || page.rawValue.starts(with: Self.twicePrefix)):
            await listWithNameTwice(to: observer, startingAt: page)
            return
        case .anchorAfterListing:
            await list(snapshot, to: observer, startingAt: page, prefix: "")
            return
        case .offsetPagination:
            await listByOffset(to: observer, startingAt: page)
            return
        case .naturalSortPages
        where page == .initialPageSortedByName || page.rawValue.starts(with: Data("natural:".utf8)):
            await listNaturally(to: observer, startingAt: page)
            return
        case .dateKeysetSkipsTies
        where page == .initialPageSortedByDate || page.rawValue.starts(with: Self.afterPrefix):
            await listAfterDates(to: observer, startingAt: page)
            return
        case .utf16NameOrder
        where container != .workingSet
            && (page == .initialPageSortedByName || page.rawValue.starts(with: Data("utf16:".utf8))):
            await listByUTF16(to: observer, startingAt: page)
            return
        case .listingStopsAtBackendPage:
            await listFirstBackendPage(to: observer, startingAt: page)
            return
        case .trashListsRestored where container == .trashContainer:
            await listEverTrashed(to: observer, startingAt: page)
            return
        case .cancelledListingEmpty where Task.isCancelled:
            observer.finishEnumerating(upTo: nil)
            return
        case .anchorCachedAtListing where page.isInitial:
            if let anchor = try? await base.currentSyncAnchor() {
                provider.memory.rememberListingAnchor(anchor, of: container)
            }
        default:
            break
        }
        if bug == .unvisitedFolderChangesDropped, ![.workingSet, .trashContainer].contains(container) {
            provider.memory.recordListing(of: container)
        }
        if await hangs() { return }
        var start = page
        if bug == .dateOrderIgnored, page == .initialPageSortedByDate { start = .initialPageSortedByName }
        if bug == .pageCursorInEnumerator, !page.isInitial,
            let cursor = tokens.withLock({ $0[page.rawValue] != nil ? $0[Self.pageCursorKey] : nil }),
            let cursorPage = try? Page(cursor)
        {
            start = cursorPage
        }
        if bug == .pagesTiedToEnumerator, !page.isInitial {
            guard let own = tokens.withLock({ $0[page.rawValue] }), let ownPage = try? Page(own) else {
                observer.finishEnumeratingWithError(FileProviderError(.pageExpired, message: "Unknown cursor."))
                return
            }
            start = ownPage
        }
        var interceptor = PageInterceptor(forwardingTo: observer, enumerator: self, isContinuation: !page.isInitial)
        await run { [interceptor, start] in await self.base.enumerateItems(for: interceptor, startingAt: start) }
        if bug == .expiredPageRestartsListing, case .error(let error)? = interceptor.finish, Self.isExpiry(error) {
            interceptor = PageInterceptor(forwardingTo: observer, enumerator: self, isContinuation: false)
            await base.enumerateItems(for: interceptor, startingAt: .initialPageSortedByName)
        }
        switch interceptor.finish {
        case .page(let next)?:
            finish(observer, upTo: next)
        case .error(let error)?:
            if bug == .garbagePageSucceeds, Self.isExpiry(error) {
                observer.finishEnumerating(upTo: nil)
            } else if bug != .noFinish {
                observer.finishEnumeratingWithError(provider.outgoing(error))
            }
        case nil:
            break
        }
    }

    private func finish(_ observer: any EnumerationObserver, upTo next: Page?) {
        switch bug {
        case .truncatesPagination:
            observer.finishEnumerating(upTo: nil)
        case .noFinish:
            break
        case .reportsAfterFinish:
            observer.finishEnumerating(upTo: next)
            observer.finishEnumerating(upTo: nil)
        case .pageCursorInEnumerator:
            if let next {
                tokens.withLock { tokens in
                    tokens[next.rawValue] = Data()
                    tokens[Self.pageCursorKey] = next.rawValue
                }
            }
            observer.finishEnumerating(upTo: next)
        case .pagesTiedToEnumerator:
            guard let next else { return observer.finishEnumerating(upTo: nil) }
            let token = Data("cursor-\(UUID().uuidString)".utf8)
            tokens.withLock { $0[token] = next.rawValue }
            observer.finishEnumerating(upTo: try? Page(token))
        default:
            observer.finishEnumerating(upTo: next)
        }
    }

    /// For ``Bug/offsetPagination``: pages are offsets into a fresh listing.
    private func listByOffset(to observer: any EnumerationObserver, startingAt page: Page) async {
        let byDate = page == .initialPageSortedByDate || page.rawValue.starts(with: Data("date:".utf8))
        do {
            let items = try await base.allItems(
                startingAt: byDate ? .initialPageSortedByDate : .initialPageSortedByName,
                suggestedPageSize: 10_000
            )
            await list(items, to: observer, startingAt: page, prefix: byDate ? "date:" : "name:")
        } catch {
            observer.finishEnumeratingWithError(provider.outgoing(error))
        }
    }

    /// For ``Bug/utf16NameOrder``: the listing sorted by the UTF-16 code units of the lowercased
    /// name, then of the name.
    private func listByUTF16(to observer: any EnumerationObserver, startingAt page: Page) async {
        do {
            let items = try await base.allItems(suggestedPageSize: 10_000)
            let key = { (item: any FileProviderItem) in
                (Array(item.filename.lowercased().utf16), Array(item.filename.utf16))
            }
            let sorted = items.sorted { lhs, rhs in
                let (left, right) = (key(lhs), key(rhs))
                if left.0 != right.0 { return left.0.lexicographicallyPrecedes(right.0) }
                return left.1.lexicographicallyPrecedes(right.1)
            }
            await list(sorted, to: observer, startingAt: page, prefix: "utf16:")
        } catch {
            observer.finishEnumeratingWithError(provider.outgoing(error))
        }
    }

    /// For ``Bug/naturalSortPages``: the listing sorted the way Finder shows names.
    private func listNaturally(to observer: any EnumerationObserver, startingAt page: Page) async {
        do {
            let items = try await base.allItems(suggestedPageSize: 10_000)
            let sorted = items.sorted { $0.filename.localizedStandardCompare($1.filename) == .orderedAscending }
            await list(sorted, to: observer, startingAt: page, prefix: "natural:")
        } catch {
            observer.finishEnumeratingWithError(provider.outgoing(error))
        }
    }

    /// For ``Bug/dateKeysetSkipsTies``: pages resume after the last page's date, not its item.
    private func listAfterDates(to observer: any EnumerationObserver, startingAt page: Page) async {
        func time(_ item: any FileProviderItem) -> Double {
            item.contentModificationDate?.timeIntervalSince1970 ?? -.infinity
        }
        do {
            let items = try await base.allItems(startingAt: .initialPageSortedByDate, suggestedPageSize: 10_000)
            let cursor =
                page.isInitial
                ? nil : Double(String(decoding: page.rawValue.dropFirst(Self.afterPrefix.count), as: UTF8.self))
            let remaining = items.filter { item in cursor.map { time(item) > $0 } ?? true }
            let served = Array(remaining.prefix(observer.suggestedPageSize))
            observer.didEnumerate(handOut(served))
            let next =
                remaining.count > served.count ? served.last.map { Self.afterPrefix + Data("\(time($0))".utf8) } : nil
            observer.finishEnumerating(upTo: next.flatMap { try? Page($0) })
        } catch {
            observer.finishEnumeratingWithError(provider.outgoing(error))
        }
    }

    /// For ``Bug/listingStopsAtBackendPage``: the first 1,000 items of the listing, in pages.
    private func listFirstBackendPage(to observer: any EnumerationObserver, startingAt page: Page) async {
        let byDate = page == .initialPageSortedByDate || page.rawValue.starts(with: Data("backend-date:".utf8))
        do {
            let items = try await base.allItems(
                startingAt: byDate ? .initialPageSortedByDate : .initialPageSortedByName,
                suggestedPageSize: 10_000
            )
            await list(
                Array(items.prefix(1_000)),
                to: observer,
                startingAt: page,
                prefix: byDate ? "backend-date:" : "backend:"
            )
        } catch {
            observer.finishEnumeratingWithError(provider.outgoing(error))
        }
    }

    /// For ``Bug/trashListsRestored``: the trash's listing, with every item ever listed there that
    /// still exists, wherever it is now.
    private func listEverTrashed(to observer: any EnumerationObserver, startingAt page: Page) async {
        do {
            var items = try await base.allItems(suggestedPageSize: 10_000)
            let listed = Set(items.map(\.itemIdentifier))
            for identifier in provider.memory.recordSeenInTrash(items.map(\.itemIdentifier)).sorted()
            where !listed.contains(identifier) {
                if let item = try? await provider.base.item(for: identifier, request: Request()) { items.append(item) }
            }
            await list(items, to: observer, startingAt: page, prefix: "trash:")
        } catch {
            observer.finishEnumeratingWithError(provider.outgoing(error))
        }
    }

    /// Hands out `items` in pages whose tokens are offsets.
    private func list(
        _ items: [any FileProviderItem],
        to observer: any EnumerationObserver,
        startingAt page: Page,
        prefix: String
    ) async {
        let token = String(decoding: page.rawValue, as: UTF8.self)
        let offset = page.isInitial ? 0 : Int(token.dropFirst(prefix.count)) ?? 0
        let end = min(items.count, offset + observer.suggestedPageSize)
        observer.didEnumerate(handOut(Array(items[min(offset, end)..<end])))
        observer.finishEnumerating(upTo: end < items.count ? try? Page(Data("\(prefix)\(end)".utf8)) : nil)
    }

    func enumerateChanges(for observer: any ChangeObserver, from anchor: SyncAnchor) async {
        if bug == .noFinish { return }
        if bug == .deletedFolderListsEmpty, await containerIsGone() {
            observer.finishEnumeratingChanges(upTo: anchor, moreComing: false)
            return
        }
        if await hangs() { return }
        if bug == .cancelledListingEmpty, Task.isCancelled {
            observer.finishEnumeratingChanges(upTo: anchor, moreComing: false)
            return
        }
        if bug == .deletionsBeforeDepartures {
            await reportDeletionsFirst(to: observer, from: anchor)
            return
        }
        let start = ownAnchor(for: anchor)
        guard let start else {
            observer.finishEnumeratingChanges(upTo: anchor, moreComing: false)
            return
        }
        let interceptor = ChangeInterceptor(forwardingTo: observer, enumerator: self)
        await run { await self.base.enumerateChanges(for: interceptor, from: start) }
        switch interceptor.finish {
        case .anchor(let next, let moreComing)?:
            if bug == .fetchReportsChange, !moreComing { await reportFetched(to: observer) }
            if bug == .quietChangesReportRoot, !moreComing,
                let root = try? await provider.item(for: .rootContainer, request: Request())
            {
                observer.didUpdate([root])
            }
            finishChanges(observer, asked: anchor, next: next, moreComing: moreComing)
        case .error(let error as FileProviderError)?
        where bug == .offlineExpiresAnchor && error.code == .serverUnreachable:
            observer.finishEnumeratingWithError(
                FileProviderError(.syncAnchorExpired, message: "Cannot verify the anchor.")
            )
        case .error(let error)?:
            if Self.isExpiry(error), bug == .garbageAnchorSucceeds, let current = try? await base.currentSyncAnchor() {
                observer.finishEnumeratingChanges(upTo: current, moreComing: false)
            } else if Self.isExpiry(error), bug == .expiredAnchorRelistsAsChanges {
                await relist(to: observer)
            } else if Self.isExpiry(error), bug == .keptEnumeratorHidesExpiry,
                tokens.withLock({ $0[anchor.rawValue] != nil })
            {
                observer.finishEnumeratingChanges(upTo: anchor, moreComing: false)
            } else {
                observer.finishEnumeratingWithError(provider.outgoing(error))
            }
        case nil:
            break
        }
    }

    /// For ``Bug/fetchReportsChange``: reports the items fetched since the last report, those of
    /// this container (every one, for the working set), as updated.
    private func reportFetched(to observer: any ChangeObserver) async {
        let container = container
        var items: [any FileProviderItem] = []
        let fetched = provider.memory.takeFetched { _ in true }
        for identifier in fetched {
            guard let item = try? await provider.base.item(for: identifier, request: Request()) else { continue }
            if container == .workingSet || item.parentItemIdentifier == container { items.append(item) }
        }
        if !items.isEmpty { observer.didUpdate(handOut(items)) }
    }

    /// The provider's own anchor for one the bug handed out; `nil` when the bug has lost it.
    private func ownAnchor(for anchor: SyncAnchor) -> SyncAnchor? {
        switch bug {
        case .continuationInEnumerator where anchor.rawValue.starts(with: Data("continuation-".utf8)):
            return tokens.withLock({ $0[anchor.rawValue] }).flatMap { try? SyncAnchor($0) }
        case .quietAnchorDrifts where anchor.rawValue.starts(with: Self.driftPrefix):
            return try? SyncAnchor(anchor.rawValue.dropFirst(Self.driftPrefix.count + 8))
        case .changeCursorInEnumerator:
            let cursor = tokens.withLock { $0[anchor.rawValue] != nil ? $0[Self.cursorKey] : nil }
            return cursor.flatMap { try? SyncAnchor($0) } ?? anchor
        default:
            return anchor
        }
    }

    private func finishChanges(_ observer: any ChangeObserver, asked: SyncAnchor, next: SyncAnchor, moreComing: Bool) {
        switch bug {
        case .unchangedContinuationAnchor where moreComing:
            observer.finishEnumeratingChanges(upTo: asked, moreComing: true)
        case .continuationInEnumerator where moreComing:
            let token = Data("continuation-\(UUID().uuidString)".utf8)
            tokens.withLock { $0[token] = next.rawValue }
            observer.finishEnumeratingChanges(upTo: (try? SyncAnchor(token)) ?? next, moreComing: true)
        case .changeCursorInEnumerator where moreComing:
            tokens.withLock { tokens in
                tokens[next.rawValue] = Data()
                tokens[Self.cursorKey] = next.rawValue
            }
            observer.finishEnumeratingChanges(upTo: next, moreComing: true)
        case .moreComingDropped:
            observer.finishEnumeratingChanges(upTo: next, moreComing: false)
        case .reportsAfterFinish:
            observer.finishEnumeratingChanges(upTo: next, moreComing: moreComing)
            observer.finishEnumeratingChanges(upTo: next, moreComing: false)
        default:
            observer.finishEnumeratingChanges(upTo: next, moreComing: moreComing)
        }
    }

    /// For ``Bug/deletionsBeforeDepartures``: a batch with both updates and deletions is reported
    /// as its deletions, finished with an anchor marking that they were, then as its updates.
    private func reportDeletionsFirst(to observer: any ChangeObserver, from anchor: SyncAnchor) async {
        let deletionsReported = anchor.rawValue.starts(with: Self.deletionsPrefix)
        do {
            let start =
                deletionsReported ? try SyncAnchor(anchor.rawValue.dropFirst(Self.deletionsPrefix.count)) : anchor
            let batch = try await base.changeBatch(from: start, suggestedBatchSize: observer.suggestedBatchSize)
            let deleted = deletionsReported ? [] : batch.deletedItemIdentifiers
            if !deleted.isEmpty, !batch.updatedItems.isEmpty {
                observer.didDeleteItems(withIdentifiers: deleted)
                observer.finishEnumeratingChanges(
                    upTo: try SyncAnchor(Self.deletionsPrefix + start.rawValue),
                    moreComing: true
                )
                return
            }
            if !batch.updatedItems.isEmpty { observer.didUpdate(handOut(batch.updatedItems)) }
            if !deleted.isEmpty { observer.didDeleteItems(withIdentifiers: deleted) }
            observer.finishEnumeratingChanges(upTo: batch.anchor, moreComing: batch.moreComing)
        } catch {
            observer.finishEnumeratingWithError(provider.outgoing(error))
        }
    }

    /// For ``Bug/expiredAnchorRelistsAsChanges``: the whole listing, as updates.
    private func relist(to observer: any ChangeObserver) async {
        do {
            let items = try await base.allItems(suggestedPageSize: 10_000)
            guard let current = try await base.currentSyncAnchor() else {
                throw FileProviderError(.syncAnchorExpired, message: "The reference provider gave no anchor.")
            }
            for start in stride(from: 0, to: items.count, by: max(1, observer.suggestedBatchSize)) {
                observer.didUpdate(handOut(Array(items[start..<min(items.count, start + observer.suggestedBatchSize)])))
            }
            observer.finishEnumeratingChanges(upTo: current, moreComing: false)
        } catch {
            observer.finishEnumeratingWithError(provider.outgoing(error))
        }
    }

    func currentSyncAnchor() async throws -> SyncAnchor? {
        let reported = try await provider.perform { try await self.base.currentSyncAnchor() }
        if bug == .workingSetAnchorMissing, container == .workingSet { return nil }
        guard let anchor = reported else { return nil }
        if bug == .keptEnumeratorHidesExpiry { tokens.withLock { $0[anchor.rawValue] = Data() } }
        if bug == .anchorCachedAtListing, let cached = provider.memory.listingAnchor(of: container) { return cached }
        guard bug == .quietAnchorDrifts else { return anchor }
        let number = withUnsafeBytes(of: provider.memory.nextAnchorNumber().bigEndian) { Data($0) }
        return (try? SyncAnchor(Self.driftPrefix + number + anchor.rawValue)) ?? anchor
    }

    func invalidate() async {
        await base.invalidate()
        if bug == .invalidationIsSticky { provider.memory.invalidated = true }
    }

    /// `items` as this enumerator hands them out.
    func handOut(_ items: [any FileProviderItem]) -> [any FileProviderItem] {
        provider.memory.record(items)
        provider.memory.recordEnumerated(items)
        var result = items.map(provider.outgoing)
        guard container == .workingSet else { return result }
        switch bug {
        case .workingSetOmitsTrash:
            result.removeAll { $0.parentItemIdentifier == .trashContainer }
        case .workingSetParentIsWorkingSet:
            result = result.map { item in
                var moved = ItemSnapshot(item)
                moved.parentItemIdentifier = .workingSet
                return moved
            }
        default:
            break
        }
        return result
    }

    /// For ``Bug/neverFinishes``: waits until cancelled, then returns `true`.
    private func hangs() async -> Bool {
        guard bug == .neverFinishes else { return false }
        try? await Task.sleep(for: .seconds(3_600))
        return true
    }

    private func run(_ body: @escaping @Sendable () async -> Void) async {
        if bug == .cancellationIgnored {
            await Task { await body() }.value
        } else {
            await body()
        }
    }

    private static let driftPrefix = Data("drift:".utf8)
    private static let afterPrefix = Data("after:".utf8)
    private static let deletionsPrefix = Data("deletions-reported:".utf8)

    private static func isExpiry(_ error: any Error) -> Bool {
        (error as? FileProviderError)?.code == .syncAnchorExpired
    }
}
