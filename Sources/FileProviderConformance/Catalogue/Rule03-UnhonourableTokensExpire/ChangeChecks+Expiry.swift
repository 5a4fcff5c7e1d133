import FileProviderKit
import Foundation

/// The CHG checks of rule 3, *tokens that cannot be honoured expire* (CHG-11, CHG-16, CHG-17).
extension ChangeChecks {
    static let storeReset = ConformanceCheck(
        "CHG-16",
        .changes,
        "after a store reset, older anchors and pages fail with -1002, and a new listing converges",
        rule: "Rule 3 (expiry)",
        clauses: ["R3.2", "R3.4"],
        rationale: "A provider that answers an anchor of a restored or re-created store with an empty success "
            + "hides every change since; the expiry makes the system list again and recover.",
        requires: [.writing, .storeResets]
    ) { context in
        let replica = try await HostReplica(context: context)
        let (folder, _) = try await EnumerationChecks.populatedFolder(context, count: 5, named: "Epoch")
        try await replica.catchUp(context: context)
        let anchor = try await context.anchor()
        _ = try await context.createFile(named: "after-anchor.txt")
        let enumerator = try await context.enumerator(folder.itemIdentifier)
        context.note("list the first page of \(folder.itemIdentifier) (page size 2)")
        var iterator = enumerator.pages(suggestedPageSize: 2).makeAsyncIterator()
        let page = try context.require(try await iterator.next()?.nextPage, "a folder of 5 items ended after 2")
        try await context.resetStore()
        await context.expectError(.syncAnchorExpired, "changes since an anchor from before the reset") {
            try await context.changes(since: anchor)
        }
        await context.expectError(.pageExpired, "the rest of a listing from a page from before the reset") {
            try await context.list(folder.itemIdentifier, pageSize: 2, startingAt: page)
        }
        try await replica.catchUp(context: context)
        try await replica.expectConverged(context: context, "after the store was reset")
        _ = try await context.createFile(named: "after-reset.txt", in: folder.itemIdentifier)
        try await replica.catchUp(context: context)
        try await replica.expectConverged(context: context, "after a change that followed the reset")
        await replica.stop()
    }

    static let historyExpiry = ConformanceCheck(
        "CHG-17",
        .changes,
        "an anchor older than the retained history fails with -1002, and a new listing converges",
        rule: "Rule 3 (expiry)",
        clauses: ["R3.3", "R3.4"],
        rationale: "A provider that drops old history and then answers an old anchor with what it still has — or "
            + "with nothing — loses the dropped changes for good.",
        requires: [.writing, .historyExpiry]
    ) { context in
        let replica = try await HostReplica(context: context)
        let anchor = try await context.anchor()
        let file = try await context.createFile(named: "history.txt")
        let renamed = try await context.rename(file, to: "history-renamed.txt")
        _ = try await context.write(Data("after".utf8), to: renamed)
        try await context.expireHistory()
        await context.expectError(.syncAnchorExpired, "changes since an anchor older than the retained history") {
            try await context.changes(since: anchor, batchSize: 1)
        }
        let fresh = try await context.anchor()
        let quiet = try await context.changes(since: fresh)
        context.expect(quiet.isEmpty, "an anchor taken after the history expired reports changes with no writes")
        try await replica.catchUp(context: context)
        try await replica.expectConverged(context: context, "after the history expired")
        _ = try await context.createFile(named: "after-expiry.txt")
        try await replica.catchUp(context: context)
        try await replica.expectConverged(context: context, "after a change that followed the expiry")
        await replica.stop()
    }

    static let garbageAnchor = ConformanceCheck(
        "CHG-11",
        .changes,
        "a garbage anchor fails with syncAnchorExpired, never an empty success",
        rule: "Rule 3 (expiry)",
        clauses: ["R3.1"],
        rationale: "An empty success on an anchor the provider cannot read hides every change since; "
            + "syncAnchorExpired makes the system re-list and recover.",
        tier: .smoke
    ) { context in
        let enumerator = try await context.enumerator(.workingSet)
        let garbage: [(String, Data)] = [
            ("empty bytes", Data()),
            (
                "random bytes",
                Data(context.random { generator in (0..<48).map { _ in UInt8.random(in: 0...255, using: &generator) } })
            ),
            ("a JSON-looking anchor", Data(#"{"rank":0,"epoch":"other"}"#.utf8)),
            ("500 bytes of 0x00", Data(count: 500)),
        ]
        for (label, bytes) in garbage {
            let anchor = try SyncAnchor(bytes)
            await context.expectError(.syncAnchorExpired, "enumerateChanges(from: \(label))") {
                try await enumerator.changeBatch(from: anchor)
            }
        }
    }
}
