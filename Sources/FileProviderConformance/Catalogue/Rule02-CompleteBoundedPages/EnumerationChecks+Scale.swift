import FileProviderKit
import Foundation

/// The ENUM checks of rule 2, *pages are complete and bounded* — at scale (ENUM-21, ENUM-22).
extension EnumerationChecks {
    /// Makes `count` files in `parent`, named in one order and dated in another (with ties),
    /// noting one line in the trail, and returns their identifiers.
    static func populateAtScale(
        _ context: CheckContext,
        in parent: ItemIdentifier,
        count: Int = scaleCount
    ) async throws -> Set<ItemIdentifier> {
        context.note("create \(count) files in \(parent), dated out of name order with ties")
        let base = Date(timeIntervalSince1970: 1_400_000_000)
        let contents = try context.file(containing: Data("scale".utf8))
        var created: Set<ItemIdentifier> = []
        for index in 0..<count {
            let filename = String(format: "item-%05d.txt", index)
            var template = context.template(named: filename, in: parent, contentType: .forFilename(filename))
            template.contentModificationDate = base.addingTimeInterval(Double(index * 7_919 % 1_500) * 60)
            let result = try await context.provider.createItem(
                basedOn: template,
                fields: [.filename, .parentItemIdentifier, .contents, .contentModificationDate],
                contents: contents,
                options: [],
                request: Request()
            )
            let item = try context.require(result?.item, "createItem(\(filename)) returned no item")
            created.insert(item.itemIdentifier)
        }
        return created
    }

    /// Records a finding unless `listed` holds each of `expected` exactly once (and others only
    /// when `allowingOthers`), in name or date order as `start` asks.
    static func expectComplete(
        _ context: CheckContext,
        _ listed: [ItemSnapshot],
        _ expected: Set<ItemIdentifier>,
        from start: Page,
        pageSize: Int,
        allowingOthers: Bool = false
    ) {
        let identifiers = listed.map(\.itemIdentifier)
        let seen = Set(identifiers)
        let situation = "page size \(pageSize), \(start == .initialPageSortedByDate ? "by date" : "by name")"
        let missing = expected.subtracting(seen)
        context.expect(
            missing.isEmpty,
            "a listing of \(expected.count) items with \(situation) stopped short or skipped items",
            expected: "\(expected.count) items",
            actual: "\(identifiers.count) items listed, \(missing.count) missing, for example "
                + "\(missing.sorted().prefix(3).map(\.rawValue))"
        )
        context.expect(
            seen.count == identifiers.count,
            "a listing with \(situation) repeated items",
            actual: "\(identifiers.count - seen.count) repeats"
        )
        if !allowingOthers {
            context.expect(
                seen.subtracting(expected).isEmpty,
                "a listing with \(situation) holds items not created there"
            )
        }
        let ours = listed.filter { expected.contains($0.itemIdentifier) }
        if start == .initialPageSortedByDate {
            let dates = ours.map { $0.contentModificationDate ?? .distantPast }
            context.expect(
                dates == dates.sorted() || dates == dates.sorted(by: >),
                "a listing with \(situation) is not in modification-date order"
            )
        } else {
            let names = ours.map(\.filename)
            context.expect(names == names.sorted(), "a listing with \(situation) is not in name order")
        }
    }

    static let largeFolderEveryPageSize = ConformanceCheck(
        "ENUM-21",
        .enumeration,
        "a folder of 2,000 children lists to the end with pages of 1, 7, 500 and 1,000 by name, 7, 500 and 1,000 by date",
        rule: "Rule 2 (pages)",
        clauses: ["R2.1", "R2.2", "R2.3", "R2.4"],
        rationale: "A listing that reads only its backend's first page (1,000 entries for S3, many REST APIs and "
            + "SQL limits) passes every small folder and silently hides the rest of a large one; a page size of "
            + "1 crosses 2,000 boundaries, and pages of 500 and 1,000 meet the backend's own page edge.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Scale")
        let created = try await populateAtScale(context, in: folder.itemIdentifier)
        for start in [Page.initialPageSortedByName, .initialPageSortedByDate] {
            // Pages of one item by date too would cost a provider that sorts by date on every
            // page (LocalFolderProvider) minutes in a debug build; by name they cross every boundary.
            for pageSize in start == .initialPageSortedByName ? [1, 7, 500, 1_000] : [7, 500, 1_000] {
                let listed = try await listPageByPage(context, folder.itemIdentifier, from: start, pageSize: pageSize)
                expectComplete(context, listed, created, from: start, pageSize: pageSize)
            }
        }
    }

    static let largeWorkingSet = ConformanceCheck(
        "ENUM-22",
        .enumeration,
        "a working set and a root of 2,000 items list to the end with pages of 7 and 1,000",
        rule: "Rule 2 (pages), rule 8 (the working set)",
        clauses: ["R2.1", "R2.2", "R8.2"],
        rationale: "The working set is how the system learns of every item; a working set or root listing cut at "
            + "the backend's first page leaves the rest of the domain unknown to the system.",
        requires: .writing
    ) { context in
        let created = try await populateAtScale(context, in: .rootContainer)
        for container in [ItemIdentifier.rootContainer, .workingSet] {
            for pageSize in [7, 1_000] {
                let listed = try await listPageByPage(
                    context,
                    container,
                    from: .initialPageSortedByName,
                    pageSize: pageSize
                )
                let identifiers = listed.map(\.itemIdentifier)
                let missing = created.subtracting(identifiers)
                context.expect(
                    missing.isEmpty,
                    "a listing of \(container) with page size \(pageSize) stopped short or skipped items",
                    expected: "all \(created.count) items created",
                    actual: "\(identifiers.count) items listed, \(missing.count) missing"
                )
                context.expect(
                    Set(identifiers).count == identifiers.count,
                    "a listing of \(container) with page size \(pageSize) repeated items"
                )
            }
        }
    }
}
