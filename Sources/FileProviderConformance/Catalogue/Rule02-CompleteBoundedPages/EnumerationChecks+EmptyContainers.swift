import FileProviderKit
import Foundation

/// The ENUM checks of rule 2, *pages are complete and bounded* — an empty container's one page (ENUM-62).
extension EnumerationChecks {
    /// Records a finding unless the first page of the empty `container` holds no item and no next page.
    private static func expectOneEmptyPage(
        _ context: CheckContext,
        _ container: ItemIdentifier,
        from start: Page,
        pageSize: Int
    ) async throws {
        let enumerator = try await context.enumerator(container)
        guard let page = try await firstPage(context, enumerator, container, from: start, pageSize: pageSize) else {
            context.fail("the listing of the empty \(container) from \(start) handed out no page")
            return
        }
        context.expect(
            page.items.isEmpty,
            "the first page of the empty \(container) from \(start) holds items",
            expected: "no item",
            actual: "\(page.items.map(\.filename))"
        )
        context.expect(
            page.nextPage == nil,
            "the first page of the empty \(container) from \(start) (page size \(pageSize)) is not the last: it "
                + "holds \(page.items.count) items and hands out a next page",
            expected: "nextPage nil",
            actual: page.nextPage.map { "\($0)" } ?? "nil"
        )
    }

    static let emptyContainersOnePage = ConformanceCheck(
        "ENUM-62",
        .enumeration,
        "an empty folder's listing, and the empty trash's, is one last page: no item and no next page, by name "
            + "and by date",
        rule: "Rule 2 (pages are complete and bounded)",
        clauses: ["R2.1", "R1.1"],
        rationale: "A provider that hands out a next page after an empty page makes the system ask again for "
            + "nothing, page after page, and one whose next empty page repeats the token never ends a listing "
            + "of an empty folder; a page with no items is the last.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Empty")
        var containers = [folder.itemIdentifier]
        if context.capabilities.contains(.trash) {
            let trashed = try await context.list(.trashContainer)
            if trashed.isEmpty {
                containers.append(.trashContainer)
            } else {
                context.remark("the trash of a fresh fixture holds \(trashed.count) items: its listing is not checked")
            }
        }
        for container in containers {
            for start in [Page.initialPageSortedByName, .initialPageSortedByDate] {
                for pageSize in [1, 50] {
                    try await expectOneEmptyPage(context, container, from: start, pageSize: pageSize)
                }
            }
        }
    }
}
