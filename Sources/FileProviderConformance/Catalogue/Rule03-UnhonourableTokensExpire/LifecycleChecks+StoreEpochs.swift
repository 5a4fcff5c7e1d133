import FileProviderKit
import Foundation

/// The LIFE checks of rule 3, *tokens that cannot be honoured expire* — tokens of another store (LIFE-14, LIFE-15).
extension LifecycleChecks {
    /// Runs `body` with a second fixture, a store created independently of the check's, and tears
    /// it down afterwards.
    private static func withOtherStore(
        _ context: CheckContext,
        _ body: (any FileProvider) async throws -> Void
    ) async throws {
        context.note("create a second, independent store (a fresh fixture)")
        let other = try await context.makeFixture()
        do {
            try await body(other.provider)
        } catch {
            await other.tearDown()
            throw error
        }
        await other.tearDown()
    }

    /// Creates the same three files in the root of `provider`.
    private static func populate(_ context: CheckContext, _ provider: any FileProvider) async throws {
        for name in ["a.txt", "b.txt", "c.txt"] {
            let template = context.template(named: name, in: .rootContainer, contentType: .plainText)
            _ = try await provider.createItem(
                basedOn: template,
                fields: [.filename, .parentItemIdentifier, .contents],
                contents: try context.file(containing: Data(name.utf8)),
                options: [],
                request: Request()
            )
        }
    }

    /// The page after the first item of the root's listing of `provider`.
    private static func secondPage(_ context: CheckContext, of provider: any FileProvider) async throws -> Page {
        let enumerator = try await provider.enumerator(for: .rootContainer, request: Request())
        let first = try await enumerator.pages(suggestedPageSize: 1).first { _ in true }
        return try context.require(first?.nextPage, "a root of three files ended after one with page size 1")
    }

    static let otherStoresPagesExpire = ConformanceCheck(
        "LIFE-14",
        .lifecycle,
        "a page of one fresh store fails with pageExpired on another, created the same way",
        rule: "Rule 3 (expiry)",
        clauses: ["R3.5", "R3.2"],
        rationale: "A store re-created after a wipe starts with the same items and identifiers; if its pages "
            + "match the old store's, the system resumes an old listing against the new store and skips items.",
        requires: .writing
    ) { context in
        try await populate(context, context.provider)
        let page = try await secondPage(context, of: context.provider)
        context.note("resume the root's listing from \(page) on a fresh enumerator of the same store")
        let own = try await context.provider.enumerator(for: .rootContainer, request: Request())
        let rest = try await own.allItems(startingAt: page, suggestedPageSize: 1).map(\.filename)
        context.expectEqual(rest, ["b.txt", "c.txt"], "the store's own page does not resume its listing")
        try await withOtherStore(context) { other in
            try await populate(context, other)
            let enumerator = try await other.enumerator(for: .rootContainer, request: Request())
            await context.expectError(.pageExpired, "resume from the first store's page on the second store") {
                try await enumerator.allItems(startingAt: page, suggestedPageSize: 1)
            }
            let theirs = try await secondPage(context, of: other)
            let mine = try await context.provider.enumerator(for: .rootContainer, request: Request())
            await context.expectError(.pageExpired, "resume from the second store's page on the first store") {
                try await mine.allItems(startingAt: theirs, suggestedPageSize: 1)
            }
        }
    }

    static let otherStoresAnchorsExpire = ConformanceCheck(
        "LIFE-15",
        .lifecycle,
        "an anchor of one fresh store fails with syncAnchorExpired on another, created the same way",
        rule: "Rule 3 (expiry)",
        clauses: ["R3.5", "R3.1"],
        rationale: "A host keeps its anchor across a reinstall that re-creates the store; an anchor the new "
            + "store accepts makes it report only the changes after that point, and everything before is missing.",
        requires: .writing
    ) { context in
        let anchor = try await context.anchor()
        try await withOtherStore(context) { other in
            let enumerator = try await other.enumerator(for: .workingSet, request: Request())
            context.note("currentSyncAnchor(working set) of the second store")
            let theirs = try context.requireAnchor(try await enumerator.currentSyncAnchor(), of: .workingSet)
            try await populate(context, other)
            await context.expectError(.syncAnchorExpired, "the second store's changes since the first store's anchor") {
                try await enumerator.changes(since: anchor, suggestedBatchSize: 10)
            }
            try await populate(context, context.provider)
            let mine = try await context.enumerator(.workingSet)
            await context.expectError(.syncAnchorExpired, "the first store's changes since the second store's anchor") {
                try await mine.changes(since: theirs, suggestedBatchSize: 10)
            }
        }
    }
}
