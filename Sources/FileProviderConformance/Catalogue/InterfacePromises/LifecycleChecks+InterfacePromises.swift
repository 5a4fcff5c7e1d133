import FileProviderKit
import Foundation

/// The LIFE checks of promises the interface's doc comments make and no numbered rule restates (LIFE-02, LIFE-04, LIFE-10).
extension LifecycleChecks {
    static let invalidatedMidListing = ConformanceCheck(
        "LIFE-10",
        .lifecycle,
        "a listing whose enumerator was invalidated after one page continues on a new enumerator",
        rule: "Enumerator contract",
        clauses: ["API.8", "R2.7"],
        rationale: "The system invalidates an enumerator when a window closes and resumes with a new one; a "
            + "provider that ties pages to the enumerator loses the rest of the folder.",
        requires: .writing
    ) { context in
        let (folder, names) = try await EnumerationChecks.populatedFolder(context, count: 7, named: "Invalidated")
        let first = try await context.enumerator(folder.itemIdentifier)
        context.note("list the first page (page size 3), then invalidate the enumerator")
        var iterator = first.pages(suggestedPageSize: 3).makeAsyncIterator()
        let page = try context.require(try await iterator.next(), "the first page is missing")
        await first.invalidate()
        let next = try context.require(page.nextPage, "a folder of 7 items ended after 3 with page size 3")
        let rest = try await context.list(folder.itemIdentifier, pageSize: 3, startingAt: next).map(\.filename)
        context.expectEqual(
            (page.items.map(\.filename) + rest).sorted(),
            names,
            "the listing continued after an invalidation lost or repeated children"
        )
    }

    static let invalidate = ConformanceCheck(
        "LIFE-02",
        .lifecycle,
        "invalidated enumerators can be replaced, and invalidating twice is harmless",
        rule: "Enumerator contract",
        clauses: ["API.8"],
        rationale: "The system invalidates enumerators whenever a window closes and creates new ones at once."
    ) { context in
        let enumerator = try await context.enumerator(.rootContainer)
        context.note("invalidate the enumerator twice")
        await enumerator.invalidate()
        await enumerator.invalidate()
        let items = try await context.list(.rootContainer)
        let again = try await context.list(.rootContainer)
        context.expectEqual(again, items, "listings after an invalidation differ")
    }

    static let concurrentCreations = ConformanceCheck(
        "LIFE-04",
        .lifecycle,
        "concurrent creations in one folder all succeed with distinct identifiers",
        rule: "Provider contract (calls may arrive concurrently)",
        clauses: ["API.6", "R9.2"],
        rationale: "The system uploads in parallel; a provider whose store is not thread-safe loses or merges items.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Parallel")
        let provider = context.provider
        context.note("32 concurrent createItem calls in \(folder.itemIdentifier)")
        var templates: [(ItemSnapshot, URL)] = []
        for index in 0..<32 {
            templates.append(
                (
                    context.template(
                        named: "parallel-\(index).txt",
                        in: folder.itemIdentifier,
                        contentType: .plainText
                    ),
                    try context.file(containing: Data("\(index)".utf8))
                )
            )
        }
        let identifiers = try await withThrowingTaskGroup(of: ItemIdentifier?.self) { group in
            for (template, url) in templates {
                group.addTask {
                    try await provider.createItem(
                        basedOn: template,
                        fields: [.contents, .filename],
                        contents: url,
                        options: [],
                        request: Request()
                    )?.item.itemIdentifier
                }
            }
            return try await group.reduce(into: [ItemIdentifier?]()) { $0.append($1) }
        }
        let created = identifiers.compactMap { $0 }
        context.expectEqual(created.count, 32, "not every concurrent creation returned an item")
        context.expectEqual(Set(created).count, created.count, "concurrent creations shared identifiers")
        let listed = try await context.list(folder.itemIdentifier)
        context.expectEqual(listed.count, 32, "the folder does not list every concurrent creation")
    }
}
