import FileProviderKit
import Foundation

/// The ERR checks of rule 16, *failures are atomic and typed* — a listing's next page during an
/// outage (ERR-63).
extension ErrorChecks {
    /// A listing stopped after its first page, before an outage: where it stopped and what it holds.
    struct HeldListing {
        let container: ItemIdentifier
        let start: Page
        let enumerator: any Enumerator
        let first: [ItemIdentifier]
        let next: Page
        let expected: Set<ItemIdentifier>
    }

    static let unreachableContinuationPage = ConformanceCheck(
        "ERR-63",
        .errors,
        "while the server is unreachable, continuing a listing of a folder, the root, the trash or the working set "
            + "from its next page fails with exactly serverUnreachable, and the same page finishes the listing after",
        rule: "Rules 16 and 17 (typed failures, the host reacts to codes)",
        clauses: ["R16.5", "R2.7"],
        rationale: "The system lists a large folder page by page and parks on serverUnreachable until the network "
            + "returns, then continues from the page it holds; a provider that calls its next page expired "
            + "during an outage makes it drop the listing and start over, and one that ends the listing with "
            + "success shows the folder cut short.",
        requires: [.writing, .unreachableServer]
    ) { context in
        let folder = try await context.createFolder(named: "Outage pages")
        var inFolder: Set<ItemIdentifier> = []
        for name in ["a.txt", "b.txt", "c.txt"] {
            inFolder.insert(try await context.createFile(named: name, in: folder.itemIdentifier).itemIdentifier)
        }
        var inRoot: Set<ItemIdentifier> = [folder.itemIdentifier]
        for name in ["r1.txt", "r2.txt"] { inRoot.insert(try await context.createFile(named: name).itemIdentifier) }
        var containers = [(folder.itemIdentifier, inFolder), (ItemIdentifier.rootContainer, inRoot)]
        var everything = inFolder.union(inRoot)
        if context.capabilities.contains(.trash) {
            var trashed: Set<ItemIdentifier> = []
            for name in ["t1.txt", "t2.txt", "t3.txt"] {
                let file = try await context.createFile(named: name)
                trashed.insert(try await context.move(file, to: .trashContainer).itemIdentifier)
            }
            containers.append((.trashContainer, trashed))
            everything.formUnion(trashed)
        }
        containers.append((.workingSet, everything))
        var held: [HeldListing] = []
        for (container, expected) in containers {
            for start in [Page.initialPageSortedByName, .initialPageSortedByDate] {
                let enumerator = try await context.enumerator(container)
                guard
                    let page = try await EnumerationChecks.firstPage(
                        context,
                        enumerator,
                        container,
                        from: start,
                        pageSize: 1
                    ),
                    let next = page.nextPage
                else {
                    context.fail("the first page of \(container)'s \(expected.count) items, size 1, had no next page")
                    continue
                }
                held.append(
                    HeldListing(
                        container: container,
                        start: start,
                        enumerator: enumerator,
                        first: page.items.map(\.itemIdentifier),
                        next: next,
                        expected: expected
                    )
                )
            }
        }
        // Nothing below throws until the server is reachable again: each call's error is a finding.
        try await context.setReachable(false)
        for listing in held {
            await context.expectError(
                .serverUnreachable,
                "continue the listing of \(listing.container) from \(listing.start) at its next page while unreachable"
            ) {
                try await listing.enumerator.allItems(startingAt: listing.next, suggestedPageSize: 1)
            }
        }
        try await context.setReachable(true)
        for listing in held {
            context.note("continue the listing of \(listing.container) at the same next page after the outage")
            let rest: [ItemIdentifier]
            do {
                rest = try await listing.enumerator.allItems(startingAt: listing.next, suggestedPageSize: 1)
                    .map(\.itemIdentifier)
            } catch {
                context.fail(
                    "after the outage, the next page of \(listing.container)'s listing from \(listing.start), handed "
                        + "out before it, failed",
                    clauses: ["R16.5"],
                    expected: "the rest of the listing",
                    actual: "\(error)"
                )
                continue
            }
            let listed = listing.first + rest
            context.expect(
                EnumerationChecks.isComplete(listed, listing.expected, listing.container),
                "after the outage, the listing of \(listing.container) from \(listing.start), continued at the page "
                    + "handed out before it, is not complete",
                expected: "each of \(listing.expected.count) items once",
                actual: "\(listed.count) items, \(Set(listed).count) different, "
                    + "\(listing.expected.subtracting(listed).count) missing"
            )
        }
    }
}
