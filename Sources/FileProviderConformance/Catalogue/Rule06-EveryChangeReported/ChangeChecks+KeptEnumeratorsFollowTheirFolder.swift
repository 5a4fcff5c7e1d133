import FileProviderKit
import Foundation

/// The CHG checks of rule 6, *every change is reported, in a usable order* — enumerators kept while
/// their folder, its ancestors and its children change (CHG-70).
extension ChangeChecks {
    /// An enumerator kept from the start of a check: its container, the anchor it gave then (`nil`
    /// when it reports no changes) and the container's listing then.
    struct KeptView {
        let container: ItemIdentifier
        let enumerator: any Enumerator
        let anchor: SyncAnchor?
        let base: [ItemIdentifier: ItemDigest]
    }

    /// The page size of the kept enumerators' listings: small, so every listing crosses pages.
    static let keptPageSize = 2

    /// Makes an enumerator of each of `containers`, takes its anchor and lists it on that
    /// enumerator by name and by date.
    static func keptViews(_ context: CheckContext, of containers: [ItemIdentifier]) async throws -> [KeptView] {
        var views: [KeptView] = []
        for container in containers {
            let enumerator = try await context.enumerator(container)
            let anchor = try await context.changeAnchor(of: enumerator, for: container)
            context.note("list \(container) by name and by date on that enumerator (page size \(keptPageSize))")
            let base = try await enumerator.allItems(suggestedPageSize: keptPageSize)
            _ = try await enumerator.allItems(startingAt: .initialPageSortedByDate, suggestedPageSize: keptPageSize)
            views.append(
                KeptView(container: container, enumerator: enumerator, anchor: anchor, base: ItemDigest.map(base))
            )
        }
        return views
    }

    /// `base`, the state of `container`, with `changes` applied as a consumer applies them: an
    /// update moves the item in (or, with another parent, out of a folder), a deletion removes the
    /// item and, in the working set, everything below it.
    static func applying(
        _ changes: ChangeSet,
        to base: [ItemIdentifier: ItemDigest],
        of container: ItemIdentifier
    ) -> [ItemIdentifier: ItemDigest] {
        var state = base
        for item in changes.updatedItems {
            let keeps = container == .workingSet || item.parentItemIdentifier == container
            state[item.itemIdentifier] = keeps ? ItemDigest(item) : nil
        }
        let parents = state.mapValues(\.parent)
        let gone =
            container == .workingSet
            ? CheckContext.selfAndDescendants(of: changes.deletedItemIdentifiers, parents: parents)
            : Set(changes.deletedItemIdentifiers)
        for identifier in gone { state[identifier] = nil }
        return state
    }

    /// Records a finding unless each kept enumerator, re-listed by name and by date with the page
    /// size of its first listings, lists what a fresh enumerator lists, and its catch-up from the
    /// anchor it gave at the start — asked again — ends in that state.
    static func expectKeptViewsFollow(_ context: CheckContext, _ views: [KeptView], after step: String) async throws {
        try await context.settle()
        for view in views {
            let truth = ItemDigest.map(try await context.list(view.container).map { $0 as any FileProviderItem })
            for start in [Page.initialPageSortedByName, .initialPageSortedByDate] {
                let order = start == .initialPageSortedByDate ? "by date" : "by name"
                context.note("list \(view.container) \(order) on the kept enumerator (page size \(keptPageSize))")
                let listed = try await view.enumerator.allItems(startingAt: start, suggestedPageSize: keptPageSize)
                let differences = ItemDigest.differences(ItemDigest.map(listed), truth)
                context.expect(
                    differences.isEmpty && listed.count == truth.count,
                    "after \(step), the enumerator of \(view.container) made before it lists \(order) other than a "
                        + "fresh enumerator",
                    expected: "\(truth.count) items, as listed by a fresh enumerator",
                    actual: "\(listed.count) items; " + differences.joined(separator: "; ")
                )
            }
            guard let anchor = view.anchor else { continue }
            context.note("changes of \(view.container) since its first anchor \(anchor), on the kept enumerator")
            let changes: ChangeSet
            do {
                changes = try await view.enumerator.changes(since: anchor, suggestedBatchSize: keptPageSize)
            } catch {
                context.fail(
                    "after \(step), the enumerator of \(view.container) made before it failed to catch up from its "
                        + "first anchor",
                    expected: "the changes since that anchor",
                    actual: "\(error)"
                )
                continue
            }
            let differences = ItemDigest.differences(applying(changes, to: view.base, of: view.container), truth)
            context.expect(
                differences.isEmpty,
                "after \(step), the catch-up of \(view.container) from its first anchor on the enumerator made "
                    + "before it does not end in the state a fresh listing shows",
                actual: differences.joined(separator: "; ")
            )
        }
    }

    static let keptEnumeratorsFollowTheirFolder = ConformanceCheck(
        "CHG-70",
        .changes,
        "enumerators of a folder, its parent, the root and the working set, kept while the folder and its ancestors "
            + "are renamed, moved, trashed and restored and children are written by this and another client, "
            + "re-list by name and by date and catch up from their first anchor as fresh ones do",
        rule: "Rule 6 (changes), rule 2 (pages), rule 9 (identifiers)",
        clauses: ["R6.14", "R6.8", "R2.1", "R9.1"],
        rationale: "The system keeps its enumerators for as long as it likes and re-lists and polls them after "
            + "every write; an enumerator that resolved its folder by path, or that caches its first listing, "
            + "lists nothing or stale items after the folder or an ancestor moves, or fails its catch-up with "
            + "noSuchItem, and the folder's window in Finder goes blank.",
        requires: .writing
    ) { context in
        let elsewhere = try await context.createFolder(named: "Elsewhere").itemIdentifier
        var parent = try await context.createFolder(named: "G")
        var folder = try await context.createFolder(named: "F", in: parent.itemIdentifier)
        let child = try await context.createFile(named: "k.txt", in: folder.itemIdentifier)
        let views = try await keptViews(
            context,
            of: [folder.itemIdentifier, parent.itemIdentifier, .rootContainer, .workingSet]
        )
        _ = try await context.createFile(named: "a.txt", in: folder.itemIdentifier)
        try await expectKeptViewsFollow(context, views, after: "a creation in the folder")
        _ = try await context.write(Data("written".utf8), to: child)
        folder = try await context.rename(try await context.item(folder.itemIdentifier), to: "F renamed")
        try await expectKeptViewsFollow(context, views, after: "a write in the folder and the folder's rename")
        parent = try await context.rename(try await context.item(parent.itemIdentifier), to: "G renamed")
        try await expectKeptViewsFollow(context, views, after: "the rename of the folder's parent")
        parent = try await context.move(parent, to: elsewhere)
        try await expectKeptViewsFollow(context, views, after: "the move of the folder's parent into another folder")
        folder = try await context.move(try await context.item(folder.itemIdentifier), to: .rootContainer)
        try await expectKeptViewsFollow(context, views, after: "the move of the folder to the root")
        if context.capabilities.contains(.trash) {
            folder = try await context.move(try await context.item(folder.itemIdentifier), to: .trashContainer)
            folder = try await context.move(folder, to: parent.itemIdentifier)
            try await expectKeptViewsFollow(context, views, after: "trashing the folder and restoring it to G")
        }
        guard context.capabilities.contains(.remoteChanges) else { return }
        let remote = try context.remote()
        context.note("remote: create r.txt in the folder, rename the folder, move its parent to the root")
        _ = try await remote.createItem(named: "r.txt", in: folder.itemIdentifier, contents: Data("remote".utf8))
        try await remote.rename(folder.itemIdentifier, to: "F remote")
        let grandparent = try await context.item(parent.itemIdentifier).parentItemIdentifier
        if grandparent != .rootContainer { try await remote.move(parent.itemIdentifier, to: .rootContainer) }
        try await expectKeptViewsFollow(
            context,
            views,
            after: "another client's creation in the folder, rename of it and move of its parent"
        )
    }
}
