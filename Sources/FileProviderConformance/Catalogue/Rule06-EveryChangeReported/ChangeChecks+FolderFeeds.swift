import FileProviderKit
import Foundation

/// The CHG checks of rule 6 on what a folder's own change enumeration reports: edits of one
/// metadata field, and other clients' changes of items the provider never handed out (CHG-68, CHG-69).
extension ChangeChecks {
    /// The anchor of `container`'s change enumeration, or `nil` when it reports no changes (it
    /// returns no anchor, or the subject declares `listingOnlyFolders`): the working set then
    /// carries its changes alone.
    static func feedAnchor(_ context: CheckContext, of container: ItemIdentifier) async throws -> SyncAnchor? {
        try await context.changeAnchor(of: try await context.enumerator(container), for: container)
    }

    static let metadataOnlyEditsInFolderFeeds = ConformanceCheck(
        "CHG-68",
        .changes,
        "an edit of one metadata field alone (tags, favorite rank, last-used date, extended attributes, dates, "
            + "flags, type and creator) is reported by the folder's and the root's change enumeration, with the "
            + "new value, as well as by the working set's",
        rule: "Rule 6 (changes)",
        clauses: ["R6.20", "R6.14"],
        rationale: "Backends that derive a folder's changes from its etag or modification time miss edits that "
            + "change neither (a tag, a favorite): a device that follows the folder never sees them.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Fed").itemIdentifier
        for container in [folder, .rootContainer] {
            var items: [(MutationChecks.TemplateField, ItemSnapshot)] = []
            for field in MutationChecks.templateFields {
                items.append((field, try await context.createFile(named: "\(field.name).txt", in: container)))
            }
            let tagged = MutationChecks.templateFields[0]
            items.append((tagged, try await context.createFolder(named: "tagged folder", in: container)))
            var feeds: [(ItemIdentifier, SyncAnchor)] = [(.workingSet, try await context.anchor(.workingSet))]
            if let anchor = try await feedAnchor(context, of: container) { feeds.append((container, anchor)) }
            var edited: [(MutationChecks.TemplateField, ItemSnapshot)] = []
            for (field, item) in items {
                _ = try await context.modify(item, fields: field.field, description: "set \(field.name) alone") {
                    field.set(&$0)
                }
                let after = try await context.item(item.itemIdentifier)
                if after.itemVersion != item.itemVersion || field.value(after) != field.value(item) {
                    edited.append((field, after))
                }
            }
            for (feed, since) in feeds {
                let changes = try await context.changes(feed, since: since, batchSize: 3)
                for (field, after) in edited {
                    guard let update = changes.updatedItems.last(where: { $0.itemIdentifier == after.itemIdentifier })
                    else {
                        context.fail(
                            "the changes of \(feed) do not report the edit of \(field.name) alone on \(after.filename) "
                                + "in \(container)",
                            expected: "an update of \(after.itemIdentifier)",
                            actual: "\(changes.updatedItems.count) updates: \(changes.updatedItems.map(\.filename))"
                        )
                        continue
                    }
                    context.expectEqual(
                        field.value(update),
                        field.value(after),
                        "the changes of \(feed) report \(after.filename)'s \(field.name) with another value than its lookup"
                    )
                }
            }
        }
    }

    static let remoteChangesOfUnseenItemsInFolderFeeds = ConformanceCheck(
        "CHG-69",
        .changes,
        "other clients' creations, edits and moves of items the provider never handed out are reported by the "
            + "change enumeration of the folder they are in (a folder, the root, the trash) and the working set's, in "
            + "small batches",
        rule: "Rule 6 (changes by other clients)",
        clauses: ["R6.20"],
        rationale: "A provider that builds a folder's changes from the items it already returned (its local "
            + "index) never reports what another client created there: the folder stays without the new file on "
            + "every device that follows it.",
        requires: [.writing, .remoteChanges]
    ) { context in
        let remote = try context.remote()
        let watched = try await context.createFolder(named: "Watched").itemIdentifier
        let elsewhere = try await context.createFolder(named: "Elsewhere").itemIdentifier
        var containers: [ItemIdentifier] = [watched, .rootContainer]
        if context.capabilities.contains(.trash) { containers.append(.trashContainer) }
        context.note("remote: create in \(elsewhere) a file and a folder to move into each container")
        var incoming: [ItemIdentifier: [ItemIdentifier]] = [:]
        for (index, container) in containers.enumerated() {
            incoming[container] = [
                try await remote.createItem(named: "incoming-\(index).txt", in: elsewhere, contents: Data("in".utf8)),
                try await remote.createItem(named: "incoming-folder-\(index)", in: elsewhere, contents: nil),
            ]
        }
        var anchors: [ItemIdentifier: SyncAnchor] = [:]
        for container in containers { anchors[container] = try await feedAnchor(context, of: container) }
        let workingSetAnchor = try await context.anchor(.workingSet)
        var expected: [ItemIdentifier: [(ItemIdentifier, String)]] = [:]
        for (index, container) in containers.enumerated() {
            let moved = incoming[container] ?? []
            if container == .trashContainer {
                context.note("remote: trash \(moved)")
                for identifier in moved { try await remote.trash(identifier) }
                expected[container] = moved.map { ($0, "trashed by another client") }
                continue
            }
            context.note("remote: create, edit and move in items of \(container)")
            let file = try await remote.createItem(
                named: "remote-\(index).txt",
                in: container,
                contents: Data("a".utf8)
            )
            let folder = try await remote.createItem(named: "remote-folder-\(index)", in: container, contents: nil)
            let edited = try await remote.createItem(
                named: "edited-\(index).txt",
                in: container,
                contents: Data("b".utf8)
            )
            try await remote.replaceContents(of: edited, with: Data("edited by another client".utf8))
            for identifier in moved { try await remote.move(identifier, to: container) }
            expected[container] =
                [
                    (file, "created by another client"), (folder, "a folder created by another client"),
                    (edited, "created and edited by another client"),
                ]
                + moved.map { ($0, "moved in by another client") }
        }
        let workingSet = try await context.changes(.workingSet, since: workingSetAnchor, batchSize: 2)
        for container in containers {
            var feeds = [(ItemIdentifier.workingSet, workingSet)]
            if let anchor = anchors[container] {
                feeds.append((container, try await context.changes(container, since: anchor, batchSize: 2)))
            }
            for (feed, changes) in feeds {
                for (identifier, what) in expected[container] ?? [] {
                    let update = changes.updatedItems.last { $0.itemIdentifier == identifier }
                    context.expect(
                        update?.parentItemIdentifier == container,
                        "the changes of \(feed) do not report \(identifier), \(what), with parent \(container)",
                        expected: "an update of \(identifier) with parent \(container)",
                        actual: update.map { "parent \($0.parentItemIdentifier)" }
                            ?? "no update; \(changes.updatedItems.count) updates: \(changes.updatedItems.map(\.filename))"
                    )
                }
            }
        }
    }
}
