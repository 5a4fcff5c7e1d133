import FileProviderKit
import Foundation

/// The ENUM checks of rule 2, *pages are complete and bounded* — a page resumed after other calls (ENUM-60, ENUM-61).
extension EnumerationChecks {
    /// The first page of `container` from `start` on `enumerator`, noted in the trail.
    static func firstPage(
        _ context: CheckContext,
        _ enumerator: any Enumerator,
        _ container: ItemIdentifier,
        from start: Page,
        pageSize: Int
    ) async throws -> ItemPage? {
        context.note("one page of \(container) from \(start), page size \(pageSize), on the kept enumerator")
        for try await page in enumerator.pages(startingAt: start, suggestedPageSize: pageSize) { return page }
        return nil
    }

    /// A folder of 12 files, the root holding it and 5 more, and (with a trash) 5 trashed files:
    /// the containers the reuse checks list, with what each holds.
    static func makeReuseTree(_ context: CheckContext) async throws -> [(ItemIdentifier, Set<ItemIdentifier>)] {
        let folder = try await context.createFolder(named: "Reused")
        var inFolder: Set<ItemIdentifier> = []
        for index in 0..<12 {
            inFolder.insert(
                try await context.createFile(named: "r-\(index).txt", in: folder.itemIdentifier).itemIdentifier
            )
        }
        var inRoot: Set<ItemIdentifier> = [folder.itemIdentifier]
        for index in 0..<5 { inRoot.insert(try await context.createFile(named: "root-\(index).txt").itemIdentifier) }
        var containers = [(folder.itemIdentifier, inFolder), (ItemIdentifier.rootContainer, inRoot)]
        if context.capabilities.contains(.trash) {
            var trashed: Set<ItemIdentifier> = []
            for index in 0..<5 {
                let file = try await context.createFile(named: "t-\(index).txt")
                trashed.insert(try await context.move(file, to: .trashContainer).itemIdentifier)
            }
            containers.append((.trashContainer, trashed))
        }
        containers.append((.workingSet, inFolder.union(inRoot).union(containers.count > 2 ? containers[2].1 : [])))
        return containers
    }

    /// Whether `listed` holds each of `expected` once and nothing else; the working set may hold
    /// other items too.
    static func isComplete(
        _ listed: [ItemIdentifier],
        _ expected: Set<ItemIdentifier>,
        _ container: ItemIdentifier
    )
        -> Bool
    {
        let seen = Set(listed)
        guard seen.count == listed.count, expected.isSubset(of: seen) else { return false }
        return container == .workingSet || seen.count == expected.count
    }

    static let pageResumesAfterOtherCalls = ConformanceCheck(
        "ENUM-60",
        .enumeration,
        "a page continues on the enumerator that handed it out after that enumerator listed again, gave its anchor "
            + "and caught up, for a folder, the root, the trash and the working set",
        rule: "Rule 2 (pages)",
        clauses: ["R2.7", "R2.1"],
        rationale: "The system keeps an enumerator and uses it for whatever it needs next; a provider that keeps the "
            + "listing's cursor in the enumerator resumes a page where the enumerator's last call stopped, not "
            + "where the page says, and the folder shows with items missing or twice.",
        requires: .writing
    ) { context in
        for (container, expected) in try await makeReuseTree(context) {
            let enumerator = try await context.enumerator(container)
            for start in [Page.initialPageSortedByName, .initialPageSortedByDate] {
                guard let first = try await firstPage(context, enumerator, container, from: start, pageSize: 2),
                    let next = first.nextPage
                else {
                    context.fail("the first page of \(container)'s \(expected.count) items, size 2, had no next page")
                    continue
                }
                context.note(
                    "list \(container) to the end, currentSyncAnchor() and its changes, on the same enumerator"
                )
                _ = try await enumerator.allItems(startingAt: start, suggestedPageSize: 3)
                if let anchor = try await enumerator.currentSyncAnchor(),
                    container == .workingSet || !context.capabilities.contains(.listingOnlyFolders)
                {
                    _ = try await enumerator.changes(since: anchor, suggestedBatchSize: 5)
                }
                context.note("resume the first listing of \(container) from \(next) on the same enumerator")
                let rest = try await enumerator.allItems(startingAt: next, suggestedPageSize: 2)
                let listed = first.items.map(\.itemIdentifier) + rest.map(\.itemIdentifier)
                context.expect(
                    isComplete(listed, expected, container),
                    "a listing of \(container) resumed on its enumerator after other calls on it is not complete",
                    expected: "each of \(expected.count) items once",
                    actual: "\(listed.count) items, \(Set(listed).count) different, "
                        + "\(expected.subtracting(listed).count) missing"
                )
            }
        }
    }

    static let interleavedListings = ConformanceCheck(
        "ENUM-61",
        .enumeration,
        "two listings of one container on one enumerator, by name and by date, interleaved page by page, each "
            + "complete",
        rule: "Rule 2 (pages)",
        clauses: ["R2.7", "R2.1"],
        rationale: "Two views of one folder (a Finder window and an open panel) list through one enumerator at "
            + "once; pages that stand for the enumerator's state, not their own position, cross the two listings.",
        requires: .writing
    ) { context in
        for (container, expected) in try await makeReuseTree(context) {
            let enumerator = try await context.enumerator(container)
            context.note("list \(container) by name and by date on one enumerator, alternating pages of 2 and 3")
            var pending: [(Page, Int)] = [(.initialPageSortedByName, 2), (.initialPageSortedByDate, 3)]
            var listed: [[ItemIdentifier]] = [[], []]
            var calls = 0
            while pending.contains(where: { $0.1 > 0 }) {
                calls += 1
                guard calls <= 200 else {
                    throw context.abort("two listings of \(container) did not end after 200 pages")
                }
                for index in pending.indices where pending[index].1 > 0 {
                    let (page, size) = pending[index]
                    guard let got = try await firstPage(context, enumerator, container, from: page, pageSize: size)
                    else {
                        pending[index].1 = 0
                        continue
                    }
                    listed[index] += got.items.map(\.itemIdentifier)
                    if let next = got.nextPage { pending[index].0 = next } else { pending[index].1 = 0 }
                }
            }
            for (index, identifiers) in listed.enumerated() {
                context.expect(
                    isComplete(identifiers, expected, container),
                    "a listing of \(container) \(index == 0 ? "by name" : "by date"), interleaved with another on "
                        + "its enumerator, is not complete",
                    expected: "each of \(expected.count) items once",
                    actual: "\(identifiers.count) items, \(Set(identifiers).count) different, "
                        + "\(expected.subtracting(identifiers).count) missing"
                )
            }
        }
    }
}
