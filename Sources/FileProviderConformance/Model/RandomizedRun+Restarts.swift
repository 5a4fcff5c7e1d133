import FileProviderKit
import Foundation

/// Steps that replace what a provider keeps in memory or a server keeps of its past: a restart
/// of the provider's process, and the server dropping its change history.
extension RandomizedRun {
    /// Restarts the provider as the system restarts an extension's process: a listing stopped
    /// after its first page on the old instance continues on a new instance over the same store
    /// and must hold the model's items once each (R2.7); the old instance is invalidated; kept
    /// enumerators are made again on the new instance for the same containers and keep their
    /// anchors (the system keeps them across restarts); the host starts over on the new instance.
    /// Saved anchors stay, so later replays continue the old instance's anchors (R5.2, R6.9). No
    /// restart happens while a lost response is unsettled (see ``lostResponses``).
    mutating func restartProvider(pageSize: Int, byDate: Bool) async throws {
        guard let openAnotherInstance, lostResponses.isEmpty else { return }
        let containers = model.folders()
        let container = ModelState.pick(step, from: containers + [.workingSet]) ?? .workingSet
        let start: Page = byDate ? .initialPageSortedByDate : .initialPageSortedByName
        resolve(
            "restart the provider: list \(container) \(byDate ? "by date" : "by name") in pages of \(pageSize) up to "
                + "its first page, then continue on a new instance over the same store"
        )
        // The host goes first, as the system's side of the old process does.
        await host?.stop()
        host = nil
        let old = provider
        let first = try await attempt { () -> ItemPage? in
            var pages = try await old.enumerator(for: container, request: Request())
                .pages(startingAt: start, suggestedPageSize: pageSize).makeAsyncIterator()
            return try await pages.next()
        }
        let fresh = try await attempt { try await openAnotherInstance() }
        await old.invalidate()
        provider = fresh
        if let first, let next = first.nextPage {
            let rest: [any FileProviderItem]
            do {
                rest = try await fresh.enumerator(for: container, request: Request())
                    .allItems(startingAt: next, suggestedPageSize: pageSize)
            } catch let error as FileProviderError where error.code == .pageExpired {
                throw failure(
                    "a page of \(container) handed out by the provider before its restart expired on the new instance",
                    clauses: ["R2.7"],
                    expected: "the rest of the listing",
                    actual: "\(error)"
                )
            } catch let failure as Failure {
                throw failure
            } catch {
                throw failure(
                    "a page of \(container) handed out before a restart failed on the new instance",
                    clauses: ["R2.7"],
                    actual: "\(error)"
                )
            }
            let listed = first.items.map(\.itemIdentifier) + rest.map(\.itemIdentifier)
            let expected = container == .workingSet ? Set(model.items.keys) : Set(model.children(of: container))
            try ensure(
                listed.count == expected.count && Set(listed) == expected,
                "a listing of \(container) begun before a restart and continued on the new instance is not complete",
                clauses: ["R2.7", "R2.1"],
                expected: "each of \(expected.count) items once",
                actual: "\(listed.count) items, missing \(expected.subtracting(listed).sorted()), "
                    + "not expected \(Set(listed).subtracting(expected).sorted())"
            )
        }
        var remade: [KeptEnumerator] = []
        for var entry in kept where entry.container.isReservedContainer || model.items[entry.container] != nil {
            let container = entry.container
            entry.enumerator = try await attempt { try await fresh.enumerator(for: container, request: Request()) }
            remade.append(entry)
        }
        kept = remade
        try startHost()
    }

    /// Drops the server's change history: each saved anchor with changes after it (its replica
    /// differs from the last listing) must then fail with syncAnchorExpired (R3.3); the saved
    /// anchors are dropped, and the host, caught up before, starts over if its anchor expired.
    mutating func expireChangeHistory() async throws {
        guard let expireHistory else { return }
        let current = replica
        let outdated = savedAnchors.filter { !ItemDigest.differences($0.replica, current).isEmpty }.suffix(2)
        resolve("drop the change history: \(outdated.count) saved anchors with changes after them must expire")
        try await attempt { try await expireHistory() }
        let provider = self.provider
        for saved in outdated {
            try await expectFailure(
                .syncAnchorExpired,
                "the changes since an anchor with changes after it, once the history was dropped",
                clauses: ["R3.3"]
            ) {
                _ = try await provider.enumerator(for: .workingSet, request: Request())
                    .changeBatch(from: saved.anchor, suggestedBatchSize: 5)
            }
        }
        savedAnchors.removeAll()
    }
}
