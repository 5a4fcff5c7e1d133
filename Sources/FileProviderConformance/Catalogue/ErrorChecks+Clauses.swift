import FileProviderKit
import Foundation

/// Error checks of an unreachable server.
extension ErrorChecks {
    static let clauseChecks: [ConformanceCheck] = [unreachableMutations, unreachableEnumerations]

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
}
