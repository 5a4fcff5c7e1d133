import FileProviderKit
import Foundation

/// Enumerators made while their folder existed, used after it was deleted: directly, after a stay
/// in the trash, and as a folder inside a deleted one. ENUM-07 makes its enumerator after the
/// deletion; a provider that resolves the folder when the enumerator is made and then asks its
/// backend for the children of a folder that is gone answers with an empty success instead.
extension EnumerationChecks {
    static let deletedContainerChecks: [ConformanceCheck] = [listingOfDeletedContainer]

    /// An enumerator made while its folder existed, with what it handed out before the folder went.
    struct StaleEnumerator {
        /// How the folder went, for findings: "deleted", "trashed, then deleted", ….
        let situation: String
        /// The folder the enumerator lists.
        let container: ItemIdentifier
        let enumerator: any Enumerator
        /// The enumerator's anchor before the deletion; `nil` when it does not report changes.
        let anchor: SyncAnchor?
        /// The page that followed the first page (of one item) before the deletion.
        let nextPage: Page?
    }

    /// Makes a folder with two files under `parent`, an enumerator for it, its anchor and its first
    /// page of one item.
    private static func prepare(
        _ context: CheckContext,
        named name: String,
        in parent: ItemIdentifier,
        situation: String
    ) async throws -> (ItemSnapshot, StaleEnumerator) {
        let folder = try await context.createFolder(named: name, in: parent)
        for child in ["one.txt", "two.txt"] {
            _ = try await context.createFile(named: child, in: folder.itemIdentifier)
        }
        let enumerator = try await context.enumerator(folder.itemIdentifier)
        let anchor = try await context.changeAnchor(of: enumerator, for: folder.itemIdentifier)
        context.note("its first page (page size 1)")
        var pages = enumerator.pages(suggestedPageSize: 1).makeAsyncIterator()
        let first = try await pages.next()
        let stale = StaleEnumerator(
            situation: situation,
            container: folder.itemIdentifier,
            enumerator: enumerator,
            anchor: anchor,
            nextPage: first?.nextPage
        )
        return (folder, stale)
    }

    /// Deletes `folder` recursively, based on its current version.
    private static func deleteCurrent(_ context: CheckContext, _ folder: ItemIdentifier) async throws {
        try await context.delete(try await context.item(folder), options: .recursive)
    }

    /// Enumerators of folders that were then deleted: directly, after a stay in the trash (when
    /// the subject has one), and as the child of a deleted folder.
    static func staleEnumerators(_ context: CheckContext) async throws -> [StaleEnumerator] {
        var stale: [StaleEnumerator] = []
        let (deleted, direct) = try await prepare(context, named: "Deleted", in: .rootContainer, situation: "deleted")
        try await deleteCurrent(context, deleted.itemIdentifier)
        stale.append(direct)
        if context.capabilities.contains(.trash) {
            let (trashed, viaTrash) = try await prepare(
                context,
                named: "Trashed",
                in: .rootContainer,
                situation: "trashed, then deleted"
            )
            _ = try await context.move(try await context.item(trashed.itemIdentifier), to: .trashContainer)
            try await deleteCurrent(context, trashed.itemIdentifier)
            stale.append(viaTrash)
        }
        let outer = try await context.createFolder(named: "Outer")
        let (_, nested) = try await prepare(
            context,
            named: "Inner",
            in: outer.itemIdentifier,
            situation: "deleted with the folder holding it"
        )
        try await deleteCurrent(context, outer.itemIdentifier)
        stale.append(nested)
        return stale
    }

    static let listingOfDeletedContainer = ConformanceCheck(
        "ENUM-24",
        .enumeration,
        "an enumerator made before its folder was deleted fails listing with noSuchItem",
        rule: "Rule 16 (errors)",
        clauses: ["R16.6", "R16.2"],
        rationale: "The system keeps an enumerator for every folder it shows; when the folder is deleted "
            + "elsewhere, an empty success from that enumerator leaves an empty folder in Finder that never "
            + "goes away, where noSuchItem makes the system remove it.",
        requires: .writing
    ) { context in
        for stale in try await staleEnumerators(context) {
            await context.expectError(
                .noSuchItem,
                "list the \(stale.situation) folder \(stale.container) with the enumerator made before"
            ) {
                try await stale.enumerator.allItems(suggestedPageSize: 10)
            }
            guard let next = stale.nextPage else { continue }
            await context.expectError(
                [.noSuchItem, .pageExpired],
                "continue the listing of the \(stale.situation) folder \(stale.container) from its second page"
            ) {
                try await stale.enumerator.allItems(startingAt: next, suggestedPageSize: 10)
            }
        }
    }
}
