import FileProviderKit
import Foundation

/// Checks of fresh instances, invalidation, cancellation and concurrency (`LIFE-…`).
enum LifecycleChecks {
    static let all: [ConformanceCheck] =
        [freshInstanceContinues, invalidate, cancellation, concurrentCreations] + clauseChecks
        + largeCancellationChecks + storeEpochChecks

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

    static let cancellation = ConformanceCheck(
        "LIFE-03",
        .lifecycle,
        "a cancelled creation throws CancellationError promptly and creates nothing",
        rule: "Cancellation (DESIGN §2)",
        clauses: ["R16.3"],
        rationale: "The system cancels work the user abandoned; a provider that completes it anyway publishes a "
            + "file the user removed.",
        requires: .writing
    ) { context in
        let provider = context.provider
        let url = try context.file(containing: Data("cancelled".utf8))
        let template = context.template(named: "cancelled.txt", in: .rootContainer, contentType: .plainText)
        context.note("createItem(\"cancelled.txt\") in a task cancelled before it starts")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await provider.createItem(
                basedOn: template,
                fields: [.contents, .filename],
                contents: url,
                options: [],
                request: Request()
            )
        }
        do {
            _ = try await task.value
            context.fail("a creation in a cancelled task succeeded", expected: "CancellationError")
        } catch is CancellationError {
        } catch {
            context.fail("a cancelled creation threw another error", expected: "CancellationError", actual: "\(error)")
        }
        let names = try await context.list(.rootContainer).map(\.filename)
        context.expect(!names.contains("cancelled.txt"), "the cancelled creation left an item behind")
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
