import FileProviderKit
import Foundation

/// Lifecycle checks of backlogs and continuations on fresh instances, concurrent same-name
/// creations, cancellation of reads, and invalidation in the middle of a listing.
extension LifecycleChecks {
    static let clauseChecks: [ConformanceCheck] = [
        backlogOnFreshInstance, concurrentSameNameFiles, concurrentEquivalentFolders, cancelledReads,
        continuationOnFreshInstance, invalidatedMidListing, cancelledContinuation,
    ]

    static let backlogOnFreshInstance = ConformanceCheck(
        "LIFE-05",
        .lifecycle,
        "a fresh provider instance catches up on a backlog of 1,000 mixed changes, batch by batch",
        rule: "Rules 5 and 6 (state in the anchor, every change)",
        clauses: ["R6.9", "R5.2", "R5.1"],
        rationale: "After a restart the system catches up from its last anchor on a new process; a provider whose "
            + "history lived in memory reports only what happened since it started.",
        requires: [.writing, .freshInstances]
    ) { context in
        let anchor = try await context.anchor()
        let base = try await ChangeChecks.workingSetDigests(context)
        let expected = try await context.makeBacklog(of: 1_000)
        let fresh = try await context.openAnotherInstance()
        let state = try await context.catchUp(from: anchor, over: base, on: fresh, batchSize: 5)
        context.note("list the working set on the fresh instance")
        let truth = ItemDigest.map(
            try await fresh.enumerator(for: .workingSet, request: Request()).allItems(suggestedPageSize: 64)
        )
        context.expectCaughtUp(state, truth: truth, keeping: expected, " on a fresh instance")
    }

    /// Creates `names` concurrently in `folder` and records a finding unless exactly one succeeds,
    /// every other fails with filenameCollision, and the folder lists one item.
    static func expectOneWinner(
        _ context: CheckContext,
        names: [String],
        in folder: ItemIdentifier,
        contents: Data?
    ) async throws {
        let provider = context.provider
        var calls: [(ItemSnapshot, URL?)] = []
        for name in names {
            let template = context.template(
                named: name,
                in: folder,
                contentType: contents == nil ? .folder : .plainText
            )
            calls.append((template, try contents.map { try context.file(containing: $0) }))
        }
        context.note("\(names.count) concurrent createItem calls of one name in \(folder)")
        let outcomes = await context.concurrentOutcomes(
            of: calls.map { template, url in
                {
                    _ = try await provider.createItem(
                        basedOn: template,
                        fields: url == nil
                            ? [.filename, .parentItemIdentifier] : [.filename, .parentItemIdentifier, .contents],
                        contents: url,
                        options: [],
                        request: Request()
                    )
                }
            }
        )
        context.expectEqual(
            outcomes.count { $0 == nil },
            1,
            "concurrent creations of one name did not have exactly one winner"
        )
        context.expectEqual(
            outcomes.count { $0 == .filenameCollision },
            names.count - 1,
            "the losing creations did not fail with filenameCollision"
        )
        let listed = try await context.list(folder)
        context.expectEqual(listed.count, 1, "the folder does not list exactly one item of the name")
    }

    static let concurrentSameNameFiles = ConformanceCheck(
        "LIFE-06",
        .lifecycle,
        "of concurrent creations of one file name in one folder, exactly one succeeds",
        rule: "Rule 12 (creation) and rule 11 (collisions)",
        clauses: ["R12.4"],
        rationale: "A provider that checks for a collision and creates in two steps lets two uploads of one name "
            + "both win: two files the Mac cannot hold in one folder.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Race")
        try await expectOneWinner(
            context,
            names: Array(repeating: "same.txt", count: 8),
            in: folder.itemIdentifier,
            contents: Data("racing".utf8)
        )
    }

    static let concurrentEquivalentFolders = ConformanceCheck(
        "LIFE-07",
        .lifecycle,
        "of concurrent folder creations of canonically equivalent names, exactly one succeeds",
        rule: "Rule 12 (creation) and rule 11 (collisions)",
        clauses: ["R12.4", "R11.3"],
        rationale: "Two devices create \"Café\" at once, one precomposed, one decomposed; a provider comparing bytes "
            + "under a race keeps both.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Equivalent")
        let names = (0..<8).map { $0 % 2 == 0 ? "Caf\u{E9}" : "Cafe\u{301}" }
        try await expectOneWinner(context, names: names, in: folder.itemIdentifier, contents: nil)
    }

    static let cancelledReads = ConformanceCheck(
        "LIFE-08",
        .lifecycle,
        "cancelled listings, change enumerations and fetches end with CancellationError, never an empty success",
        rule: "Rules 16 and 2 (cancellation, pages)",
        clauses: ["R16.3", "R2.1"],
        rationale: "The system cancels listings of folders the user left and downloads the user abandoned; a "
            + "provider that finishes them anyway wastes the network, and one that reports an empty success for "
            + "work it dropped makes the system believe the folder is empty.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "wanted.txt")
        let anchor = try await context.anchor()
        let changed = try await context.createFile(named: "changed.txt")
        let root = Set(try await context.list(.rootContainer, pageSize: 1_000).map(\.itemIdentifier))
        let lister = try await context.enumerator(.rootContainer)
        let watcher = try await context.enumerator(.workingSet)
        context.note("enumerateItems of the root (page size 1,000) in a task cancelled before it starts")
        let listing = await cancelledCall(size: 1_000) { observer in
            await lister.enumerateItems(for: observer, startingAt: .initialPageSortedByName)
        }
        expectCancelledOrComplete(context, "listing the root", listing, expected: root)
        context.note("enumerateChanges of the working set since \(anchor) in a task cancelled before it starts")
        let changes = await cancelledCall(size: 1_000) { observer in
            await watcher.enumerateChanges(for: observer, from: anchor)
        }
        expectCancelledOrComplete(
            context,
            "enumerating the working set's changes",
            changes,
            expected: [changed.itemIdentifier]
        )
        let provider = context.provider
        context.note("fetch \(file.itemIdentifier) in a task cancelled before it starts")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            let fetched = try await provider.fetchContents(for: file.itemIdentifier, version: nil, request: Request())
            ContentFile.remove(fetched.url)
        }
        do {
            try await task.value
            context.fail("fetching \(file.itemIdentifier) succeeded in a cancelled task", expected: "CancellationError")
        } catch is CancellationError {
        } catch {
            context.fail(
                "fetching \(file.itemIdentifier) in a cancelled task threw another error",
                expected: "CancellationError",
                actual: "\(error)"
            )
        }
    }

    static let continuationOnFreshInstance = ConformanceCheck(
        "LIFE-09",
        .lifecycle,
        "a moreComing anchor of one instance continues on a fresh instance without losing changes",
        rule: "Rule 5 (state lives in the anchor)",
        clauses: ["R5.2", "R5.1"],
        rationale: "The system may be restarted between two batches; a provider that kept the rest of a batch in "
            + "memory lost files that way.",
        requires: [.writing, .freshInstances]
    ) { context in
        let anchor = try await context.anchor()
        var created: Set<ItemIdentifier> = []
        for index in 0..<11 {
            created.insert(try await context.createFile(named: "continued-\(index).txt").itemIdentifier)
        }
        let enumerator = try await context.enumerator(.workingSet)
        context.note("one batch of changes since \(anchor) (batch size 3)")
        let first = try await enumerator.changeBatch(from: anchor, suggestedBatchSize: 3)
        context.expect(first.moreComing, "11 creations with batch size 3 came in one batch")
        let fresh = try await context.openAnotherInstance()
        context.note("continue from the batch's anchor on the fresh instance (batch size 3)")
        let rest = try await fresh.enumerator(for: .workingSet, request: Request())
            .changes(since: first.anchor, suggestedBatchSize: 3)
        let seen = Set(first.updatedItems.map(\.itemIdentifier) + rest.updatedItems.map(\.itemIdentifier))
        let missing = created.subtracting(seen)
        context.expect(missing.isEmpty, "continuing on a fresh instance lost creations", actual: "\(missing.sorted())")
    }

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
}
