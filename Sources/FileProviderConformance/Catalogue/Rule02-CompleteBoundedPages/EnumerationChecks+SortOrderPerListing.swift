import FileProviderKit
import Foundation

/// The ENUM checks of rule 2, *pages are complete and bounded* — each listing in the order it
/// asked for, on a reused enumerator (ENUM-65).
extension EnumerationChecks {
    /// Records a finding unless `listed`, the items of one listing from `start`, is in name order
    /// (by name) or in modification-date order, rising or falling (by date).
    static func expectOrder(_ context: CheckContext, _ listed: [ItemSnapshot], from start: Page, _ situation: String) {
        guard start == .initialPageSortedByDate else {
            return expectNameOrder(context, listed.map(\.filename), of: listed.map(\.filename), " (\(situation))")
        }
        let dates = listed.map { $0.contentModificationDate ?? .distantPast }
        let rising = listed.sorted {
            ($0.contentModificationDate ?? .distantPast) < ($1.contentModificationDate ?? .distantPast)
        }
        context.expect(
            dates == dates.sorted() || dates == dates.sorted(by: >),
            "the date-sorted listing (\(situation)) is not in modification-date order",
            expected: "\(rising.map(\.filename)) or its reverse",
            actual: "\(listed.map(\.filename))"
        )
    }

    static let sortOrderPerListing = ConformanceCheck(
        "ENUM-65",
        .enumeration,
        "on one enumerator of a folder, the root and the trash, listings by name, by date, by name and by date "
            + "again come each in the order its initial page asks for, with pages of 2 and of 10",
        rule: "Rule 2 (pages)",
        clauses: ["R2.3", "R2.4", "R2.7"],
        rationale: "The system keeps a folder's enumerator and lists on it by name for a window and by date for "
            + "Recents; a provider that fixes the order on the enumerator's first listing (a cursor or a query "
            + "built once) returns the second order's items in the first's, and the view is sorted wrongly.",
        requires: .writing
    ) { context in
        // Name order a, b, c, d; dates in the order b, d, a, c: neither name order nor its reverse.
        let dated = [("a.txt", 3), ("b.txt", 1), ("c.txt", 4), ("d.txt", 2)]
        let base = Date(timeIntervalSince1970: 1_440_000_000)
        let folder = try await context.createFolder(named: "Orders")
        var containers = [folder.itemIdentifier, .rootContainer]
        if context.capabilities.contains(.trash) { containers.append(.trashContainer) }
        var parents = [(folder.itemIdentifier, ""), (.rootContainer, "")]
        if containers.contains(.trashContainer) { parents.append((.rootContainer, "t-")) }
        for (parent, prefix) in parents {
            for (name, hours) in dated {
                var template = context.template(named: prefix + name, in: parent, contentType: .plainText)
                template.contentModificationDate = base.addingTimeInterval(Double(hours) * 3_600)
                let file = try await context.create(
                    template,
                    contents: Data(name.utf8),
                    extraFields: .contentModificationDate
                )
                if !prefix.isEmpty { _ = try await context.move(file, to: .trashContainer) }
            }
        }
        let orders: [Page] = [.initialPageSortedByName, .initialPageSortedByDate]
        for container in containers {
            for first in orders {
                let enumerator = try await context.enumerator(container)
                let sequence =
                    first == .initialPageSortedByName ? orders + orders : orders.reversed() + orders.reversed()
                for (index, start) in sequence.enumerated() {
                    let pageSize = index % 2 == 0 ? 2 : 10
                    context.note("list \(container) from \(start), page size \(pageSize), on the kept enumerator")
                    let listed = try await enumerator.allItems(startingAt: start, suggestedPageSize: pageSize)
                        .map { ItemSnapshot($0) }.filter { $0.filename.hasSuffix(".txt") }
                    expectOrder(
                        context,
                        listed,
                        from: start,
                        "\(container), listing \(index + 1) on one enumerator, page size \(pageSize)"
                    )
                }
            }
        }
    }
}
