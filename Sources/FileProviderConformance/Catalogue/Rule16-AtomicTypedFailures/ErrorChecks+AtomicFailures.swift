import FileProviderKit
import Foundation

/// The ERR checks of rule 16, *failures are atomic and typed* (ERR-02, ERR-04, ERR-05, ERR-06, ERR-07).
extension ErrorChecks {
    static let unreachableMutations = ConformanceCheck(
        "ERR-04",
        .errors,
        "while the server is unreachable, lookups and writes fail with serverUnreachable, then work again",
        rule: "Rules 16 and 17 (typed failures, the host reacts to codes)",
        clauses: ["R16.5", "R16.1"],
        rationale: "The host parks operations on serverUnreachable and retries them when the network returns; any "
            + "other code is retried blindly or dropped, and an edit made offline is lost.",
        requires: [.writing, .unreachableServer]
    ) { context in
        let file = try await context.createFile(named: "offline.txt")
        let before = ItemDigest.map(try await context.tree())
        try await context.setReachable(false)
        await context.expectError(.serverUnreachable, "item(for:) while unreachable") {
            try await context.item(file.itemIdentifier)
        }
        await context.expectError(.serverUnreachable, "createItem while unreachable") {
            try await context.createFile(named: "made-offline.txt")
        }
        await context.expectError(.serverUnreachable, "write while unreachable") {
            try await context.write(Data("offline edit".utf8), to: file)
        }
        await context.expectError(.serverUnreachable, "delete while unreachable") {
            try await context.delete(file)
        }
        try await context.setReachable(true)
        context.expectEqual(
            ItemDigest.map(try await context.tree()),
            before,
            "calls refused while unreachable changed the tree"
        )
        let written = try await context.write(Data("online edit".utf8), to: try await context.item(file.itemIdentifier))
        let (data, _) = try await context.fetch(written.itemIdentifier)
        context.expectEqual(data, Data("online edit".utf8), "a write after the server came back was not stored")
    }

    static let unreachableEnumerations = ConformanceCheck(
        "ERR-05",
        .errors,
        "while the server is unreachable, listings, changes and fetches fail with serverUnreachable; no token "
            + "expires",
        rule: "Rules 16 and 17 (typed failures, the host reacts to codes)",
        clauses: ["R16.5"],
        rationale: "A provider that answers an unreachable server with syncAnchorExpired or an empty listing makes "
            + "the system drop its replica and re-download everything when the network returns.",
        requires: [.writing, .unreachableServer]
    ) { context in
        let file = try await context.createFile(named: "waiting.txt")
        let anchor = try await context.anchor()
        _ = try await context.write(Data("edit before the outage".utf8), to: file)
        try await context.setReachable(false)
        await context.expectError(.serverUnreachable, "list the root while unreachable") {
            try await context.list(.rootContainer)
        }
        await context.expectError(.serverUnreachable, "changes since an anchor while unreachable") {
            try await context.changes(since: anchor)
        }
        await context.expectError(.serverUnreachable, "fetch while unreachable") {
            try await context.fetch(file.itemIdentifier)
        }
        try await context.setReachable(true)
        let (updated, _) = try await ChangeChecks.changes(context, since: anchor)
        context.expect(updated[file.itemIdentifier] != nil, "after the outage, the anchor's changes miss the edit")
        context.expectEqual(
            try await context.list(.rootContainer).map(\.itemIdentifier),
            [file.itemIdentifier],
            "after the outage, the root lists other items"
        )
    }

    static let unreachableFolderChanges = ConformanceCheck(
        "ERR-06",
        .errors,
        "while the server is unreachable, enumerators made before the outage fail their changes with "
            + "serverUnreachable, and their anchors work after it",
        rule: "Rules 16 and 17 (typed failures, the host reacts to codes)",
        clauses: ["R16.5"],
        rationale: "The system keeps its enumerators across an outage; a provider that cannot verify an anchor "
            + "offline and answers syncAnchorExpired makes the system throw away every replica it holds and "
            + "re-list the whole domain each time the network drops.",
        requires: [.writing, .unreachableServer]
    ) { context in
        let folder = try await context.createFolder(named: "Offline")
        let file = try await context.createFile(named: "inside.txt", in: folder.itemIdentifier)
        var held: [(ItemIdentifier, any Enumerator, SyncAnchor)] = []
        for container in [folder.itemIdentifier, .rootContainer, .workingSet] {
            let enumerator = try await context.enumerator(container)
            let anchor = try await context.changeAnchor(of: enumerator, for: container)
            if anchor == nil, container != .workingSet {
                context.remark("the enumerator of \(container) reports no changes (no sync anchor): not held")
                continue
            }
            held.append((container, enumerator, try context.requireAnchor(anchor, of: container)))
        }
        let edited = try await context.write(Data("edited before the outage".utf8), to: file)
        try await context.setReachable(false)
        for (container, enumerator, anchor) in held {
            context.note("changes of \(container) since its anchor, from the enumerator made before the outage")
            await context.expectError(.serverUnreachable, "changes of \(container) while unreachable") {
                try await enumerator.changes(since: anchor, suggestedBatchSize: 50)
            }
        }
        try await context.setReachable(true)
        for (container, enumerator, anchor) in held where container != .rootContainer {
            context.note("changes of \(container) since its anchor after the outage")
            let changes = try await enumerator.changes(since: anchor, suggestedBatchSize: 50)
            context.expect(
                changes.updatedItems.contains { $0.itemIdentifier == edited.itemIdentifier },
                "after the outage, the changes of \(container) since its anchor miss the edit made before it"
            )
        }
    }

    static let unreachableContinuation = ConformanceCheck(
        "ERR-07",
        .errors,
        "a catch-up interrupted by an outage fails with serverUnreachable and continues from its anchor after",
        rule: "Rules 5, 16 and 17 (batches, typed failures, the host reacts to codes)",
        clauses: ["R16.5", "R5.1"],
        rationale: "A long catch-up is where outages strike; a provider that expires the continuation anchor "
            + "while offline makes the system drop the batches it already applied and re-list everything.",
        requires: [.writing, .unreachableServer]
    ) { context in
        let anchor = try await context.anchor()
        var created: Set<ItemIdentifier> = []
        for index in 0..<6 {
            created.insert(try await context.createFile(named: "backlog-\(index).txt").itemIdentifier)
        }
        let enumerator = try await context.enumerator(.workingSet)
        context.note("first batch of the working set's changes (batch size 2)")
        let first = try await enumerator.changeBatch(from: anchor, suggestedBatchSize: 2)
        var seen = Set(first.updatedItems.map(\.itemIdentifier))
        guard first.moreComing else {
            context.remark("the provider delivered the whole backlog in one batch")
            return
        }
        try await context.setReachable(false)
        context.note("next batch while unreachable, from the continuation anchor")
        await context.expectError(.serverUnreachable, "the next batch of the catch-up while unreachable") {
            try await enumerator.changeBatch(from: first.anchor, suggestedBatchSize: 2)
        }
        try await context.setReachable(true)
        context.note("the rest of the catch-up after the outage")
        let rest = try await enumerator.changes(since: first.anchor, suggestedBatchSize: 2)
        seen.formUnion(rest.updatedItems.map(\.itemIdentifier))
        context.expect(
            created.isSubset(of: seen),
            "after the outage, the catch-up from the continuation anchor misses creations",
            expected: "\(created.count) creations",
            actual: "missing \(created.subtracting(seen).sorted { $0.rawValue < $1.rawValue })"
        )
    }

    static let failuresAreAtomic = ConformanceCheck(
        "ERR-02",
        .errors,
        "a series of refused operations leaves the tree and the change history as they were",
        rule: "Rule 16 (atomic failures)",
        clauses: ["R16.1", "R15.1", "R12.2", "R11.2"],
        rationale: "A half-applied failure — a rename done before a collision was found — is invisible to the "
            + "system, which believes nothing changed.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Stable")
        let file = try await context.createFile(named: "one.txt", in: folder.itemIdentifier)
        _ = try await context.createFile(named: "two.txt", in: folder.itemIdentifier)
        let before = ItemDigest.map(try await context.tree())
        let anchor = try await context.anchor()
        _ = try? await context.modify(
            file,
            fields: [.filename, .contents],
            contents: Data("lost?".utf8),
            description: "rename onto a sibling and write"
        ) { $0.filename = "two.txt" }
        _ = try? await context.modify(
            file,
            fields: [.parentItemIdentifier, .filename],
            description: "move to a missing parent and rename"
        ) {
            $0.parentItemIdentifier = ItemIdentifier("missing-\(context.seed)")
            $0.filename = "three.txt"
        }
        _ = try? await context.createFile(named: "one.txt", in: folder.itemIdentifier)
        let unreadable = context.template(named: "unreadable.txt", in: folder.itemIdentifier, contentType: .plainText)
        context.note("createItem(\"unreadable.txt\") from a contents file that does not exist")
        _ = try? await context.provider.createItem(
            basedOn: unreadable,
            fields: [.filename, .parentItemIdentifier, .contents],
            contents: context.missingFileURL(),
            options: [],
            request: Request()
        )
        _ = try? await context.delete(folder)
        let after = ItemDigest.map(try await context.tree())
        let differences = ItemDigest.differences(after, before)
        context.expect(
            differences.isEmpty,
            "refused operations changed the tree",
            actual: differences.joined(separator: "; ")
        )
        let changes = try await context.changes(.workingSet, since: anchor)
        let changed = changes.updatedItems.filter { ItemDigest($0) != before[$0.itemIdentifier] }
        context.expect(
            changed.isEmpty && changes.deletedItemIdentifiers.isEmpty,
            "refused operations left changes in the history",
            actual: (changed.map { "\($0.itemIdentifier) updated" }
                + changes.deletedItemIdentifiers.map { "\($0) deleted" })
                .joined(separator: ", ")
        )
    }
}
