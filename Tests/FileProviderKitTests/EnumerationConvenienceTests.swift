import FileProviderKit
import Foundation
import Testing

@Suite("Enumeration conveniences")
struct EnumerationConvenienceTests {
    let start: SyncAnchor
    let next: Page

    init() throws {
        start = try .named("start")
        next = try .named("page-2")
    }

    @Test func allItemsFollowsPagesToTheEnd() async throws {
        let enumerator = ScriptedEnumerator(
            pages: [
                .initialPageSortedByName: [.items([file("a"), file("b")]), .finish(nextPage: next)],
                next: [.items([file("c")]), .items([]), .finish(nextPage: nil)],
            ],
            current: start
        )
        let items = try await enumerator.allItems(suggestedPageSize: 2)
        #expect(items.map(\.filename) == ["a", "b", "c"])

        var pageSizes: [Int] = []
        for try await page in enumerator.pages(suggestedPageSize: 2) {
            pageSizes.append(page.items.count)
        }
        #expect(pageSizes == [2, 1])
    }

    @Test func providerErrorsAreRethrown() async throws {
        let enumerator = ScriptedEnumerator(
            pages: [.initialPageSortedByName: [.fail(FileProviderError(.serverUnreachable))]],
            current: start
        )
        await #expect {
            try await enumerator.allItems()
        } throws: { error in
            (error as? FileProviderError)?.code == .serverUnreachable
        }
    }

    @Test func aSecondFinishIsAViolation() async throws {
        let enumerator = ScriptedEnumerator(
            pages: [.initialPageSortedByName: [.finish(nextPage: nil), .finish(nextPage: nil)]],
            current: start
        )
        await expectViolation(.finishedMoreThanOnce) { try await enumerator.allItems() }
    }

    @Test func noFinishIsAViolationNotAHang() async throws {
        let enumerator = ScriptedEnumerator(pages: [.initialPageSortedByName: [.items([file("a")])]], current: start)
        await expectViolation(.didNotFinish) { try await enumerator.allItems() }
    }

    @Test func itemsAfterTheFinishAreAViolation() async throws {
        let enumerator = ScriptedEnumerator(
            pages: [.initialPageSortedByName: [.finish(nextPage: nil), .items([file("late")])]],
            current: start
        )
        await expectViolation(.reportedAfterFinish) { try await enumerator.allItems() }
    }

    @Test func moreItemsThanSuggestedIsAViolation() async throws {
        let enumerator = ScriptedEnumerator(
            pages: [.initialPageSortedByName: [.items([file("a"), file("b"), file("c")]), .finish(nextPage: nil)]],
            current: start
        )
        await expectViolation(.tooManyItems(count: 3, suggested: 2)) {
            try await enumerator.allItems(suggestedPageSize: 2)
        }
    }

    @Test func aRepeatedPageIsAViolationNotAnEndlessLoop() async throws {
        let enumerator = ScriptedEnumerator(
            pages: [
                .initialPageSortedByName: [.finish(nextPage: next)],
                next: [.finish(nextPage: .initialPageSortedByName)],
            ],
            current: start
        )
        await expectViolation(.pageRepeated(.initialPageSortedByName)) { try await enumerator.allItems() }
    }

    @Test func anOversizePageCannotBeMadeAndSurfacesAsAnError() async throws {
        let enumerator = ScriptedEnumerator(
            pages: [.initialPageSortedByName: [.makePage(byteCount: 501)]],
            current: start
        )
        await #expect {
            try await enumerator.allItems()
        } throws: { error in
            (error as? FileProviderError)?.invalidValueReason == .pageTooLarge(byteCount: 501)
        }
    }

    @Test func cancellationStopsBetweenPages() async throws {
        let enumerator = ScriptedEnumerator(
            pages: [.initialPageSortedByName: [.finish(nextPage: next)], next: [.finish(nextPage: nil)]],
            current: start
        )
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await enumerator.allItems()
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func changesFollowMoreComingAndCoalesce() async throws {
        let middle = try SyncAnchor.named("middle")
        let end = try SyncAnchor.named("end")
        var renamed = file("a")
        renamed.filename = "a2"
        let enumerator = ScriptedEnumerator(
            anchors: [
                start: [
                    .updates([file("a"), file("b")]), .deletions(["c"]),
                    .finishChanges(anchor: middle, moreComing: true),
                ],
                middle: [
                    .updates([renamed, file("c")]), .deletions(["b"]), .finishChanges(anchor: end, moreComing: false),
                ],
            ],
            current: start
        )
        let changes = try await enumerator.changes(since: start, suggestedBatchSize: 3)
        #expect(changes.updatedItems.map(\.filename) == ["a2", "c"])
        #expect(changes.deletedItemIdentifiers == ["b"])
        #expect(changes.anchor == end)
        #expect(changes.batchCount == 2)
        #expect(!changes.isEmpty)
    }

    @Test func anUnchangedAnchorWithMoreComingIsAViolation() async throws {
        let enumerator = ScriptedEnumerator(
            anchors: [start: [.updates([file("a")]), .finishChanges(anchor: start, moreComing: true)]],
            current: start
        )
        await expectViolation(.anchorDidNotAdvance(start)) { try await enumerator.changes(since: start) }
    }

    @Test func anIdentifierBothUpdatedAndDeletedInABatchIsAViolation() async throws {
        let enumerator = ScriptedEnumerator(
            anchors: [
                start: [
                    .updates([file("a")]), .deletions(["a"]),
                    .finishChanges(anchor: try .named("x"), moreComing: false),
                ]
            ],
            current: start
        )
        await expectViolation(.updatedAndDeleted("a")) { try await enumerator.changeBatch(from: start) }
    }

    @Test func aBatchLargerThanSuggestedIsAViolation() async throws {
        let enumerator = ScriptedEnumerator(
            anchors: [
                start: [
                    .updates([file("a")]), .deletions(["b"]),
                    .finishChanges(anchor: try .named("x"), moreComing: false),
                ]
            ],
            current: start
        )
        await expectViolation(.tooManyItems(count: 2, suggested: 1)) {
            try await enumerator.changeBatch(from: start, suggestedBatchSize: 1)
        }
    }

    @Test func changesAfterTheFinishAndDoubleFinishesAreViolations() async throws {
        let late = ScriptedEnumerator(
            anchors: [start: [.finishChanges(anchor: start, moreComing: false), .deletions(["z"])]],
            current: start
        )
        await expectViolation(.reportedAfterFinish) { try await late.changeBatch(from: start) }
        let twice = ScriptedEnumerator(
            anchors: [
                start: [
                    .finishChanges(anchor: start, moreComing: false), .fail(FileProviderError(.syncAnchorExpired)),
                ]
            ],
            current: start
        )
        await expectViolation(.finishedMoreThanOnce) { try await twice.changeBatch(from: start) }
        let silent = ScriptedEnumerator(anchors: [start: []], current: start)
        await expectViolation(.didNotFinish) { try await silent.changeBatch(from: start) }
    }

    @Test func anExpiredAnchorIsRethrown() async throws {
        let enumerator = ScriptedEnumerator(current: start)
        await #expect {
            try await enumerator.changes(since: try .named("unknown"))
        } throws: { error in
            (error as? FileProviderError)?.code == .syncAnchorExpired
        }
    }

    @Test func violationsDescribeTheRuleAndTheCall() {
        let violation = ContractViolation(
            .didNotFinish,
            call: "enumerateItems(startingAt: Page.initialPageSortedByName)"
        )
        #expect(
            violation.description
                == "Contract violation in enumerateItems(startingAt: Page.initialPageSortedByName): "
                + "the call returned without calling a finish method."
        )
    }
}

/// Expects `body` to throw a ``ContractViolation`` of the given kind.
func expectViolation<T>(
    _ kind: ContractViolation.Kind,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> T
) async {
    do {
        _ = try await body()
        Issue.record("expected the violation \(kind), but the call succeeded", sourceLocation: sourceLocation)
    } catch let violation as ContractViolation {
        #expect(violation.kind == kind, sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected the violation \(kind), got \(error)", sourceLocation: sourceLocation)
    }
}
