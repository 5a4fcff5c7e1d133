import FileProviderKit
import Foundation

/// The LIFE checks of rule 2, *pages are complete and bounded* (LIFE-01).
extension LifecycleChecks {
    static let freshInstanceContinues = ConformanceCheck(
        "LIFE-01",
        .lifecycle,
        "a fresh provider instance continues from the pages and anchors of the first",
        rule: "Rule 5 (state lives in the tokens)",
        clauses: ["R2.7", "R5.2"],
        rationale: "The system keeps anchors across restarts of the provider; an anchor that only the old "
            + "process understood silently loses every change since (a real bug).",
        requires: [.writing, .freshInstances],
        tier: .smoke
    ) { context in
        let (folder, names) = try await EnumerationChecks.populatedFolder(context, count: 6)
        let anchor = try await context.anchor()
        context.note("list the first page of \(folder.itemIdentifier) (page size 4)")
        var iterator = try await context.enumerator(folder.itemIdentifier).pages(suggestedPageSize: 4)
            .makeAsyncIterator()
        let first = try context.require(try await iterator.next(), "the first page is missing")
        let next = try context.require(first.nextPage, "6 items ended after 4 with page size 4")
        let created = try await context.createFile(named: "after-anchor.txt")
        let other = try await context.openAnotherInstance()
        context.note("list the rest of \(folder.itemIdentifier) on the other instance")
        let rest = try await other.enumerator(for: folder.itemIdentifier, request: Request())
            .allItems(startingAt: next, suggestedPageSize: 4)
        context.expectEqual(
            (first.items + rest).map(\.filename).sorted(),
            names,
            "the other instance did not continue the listing"
        )
        context.note("changes since the first instance's anchor on the other instance")
        let changes = try await other.enumerator(for: .workingSet, request: Request()).changes(since: anchor)
        context.expect(
            changes.updatedItems.contains { $0.itemIdentifier == created.itemIdentifier },
            "the other instance did not report the creation since the first instance's anchor"
        )
    }
}
