import FileProviderKit
import Foundation

/// Checks of the working set (`WS-…`).
enum WorkingSetChecks {
    static let all: [ConformanceCheck] =
        [realParents, everyDepth, reportsChangesEverywhere, alwaysAnchored] + clauseChecks + unvisitedChecks

    static let realParents = ConformanceCheck(
        "WS-01",
        .workingSet,
        "working-set items carry their real parent",
        rule: "Rule 8 (working set)",
        clauses: ["R8.3"],
        rationale: "Items reported with the working set as parent are filed nowhere: they vanish from Finder.",
        tier: .smoke
    ) { context in
        if context.capabilities.contains(.writing) {
            let folder = try await context.createFolder(named: "Real")
            _ = try await context.createFile(named: "child.txt", in: folder.itemIdentifier)
        }
        let known = Set(try await context.tree().map(\.itemIdentifier)).union([.rootContainer, .trashContainer])
        for item in try await context.list(.workingSet) {
            context.expect(
                known.contains(item.parentItemIdentifier),
                "\(item.itemIdentifier) has a parent that is not a known folder",
                actual: "\(item.parentItemIdentifier)"
            )
        }
    }

    static let everyDepth = ConformanceCheck(
        "WS-02",
        .workingSet,
        "the working set lists items at every depth",
        rule: "Rule 8 (working set covers every item the system holds)",
        clauses: ["R8.2"],
        rationale: "The system learns of remote changes only through the working set; an item missing from it "
            + "never updates.",
        requires: .writing
    ) { context in
        var parent = ItemIdentifier.rootContainer
        var created: [ItemIdentifier] = []
        for depth in 0..<5 {
            let folder = try await context.createFolder(named: "level-\(depth)", in: parent)
            let file = try await context.createFile(named: "file-\(depth).txt", in: folder.itemIdentifier)
            created += [folder.itemIdentifier, file.itemIdentifier]
            parent = folder.itemIdentifier
        }
        let listed = Set(try await context.list(.workingSet, pageSize: 3).map(\.itemIdentifier))
        for identifier in created where !listed.contains(identifier) {
            context.fail("the working set does not list \(identifier)")
        }
    }

    static let reportsChangesEverywhere = ConformanceCheck(
        "WS-03",
        .workingSet,
        "the working set's changes cover edits at every depth",
        rule: "Rule 8 (working set)",
        clauses: ["R8.1", "R8.4"],
        rationale: "A working set that only reports top-level changes leaves nested edits unseen.",
        requires: .writing
    ) { context in
        let a = try await context.createFolder(named: "a")
        let b = try await context.createFolder(named: "b", in: a.itemIdentifier)
        let file = try await context.createFile(named: "deep.txt", in: b.itemIdentifier)
        let anchor = try await context.anchor()
        _ = try await context.write(Data("deep edit".utf8), to: file)
        let (updated, _) = try await ChangeChecks.changes(context, since: anchor)
        context.expect(updated[file.itemIdentifier] != nil, "an edit two folders deep was not reported")
    }

    static let alwaysAnchored = ConformanceCheck(
        "WS-07",
        .workingSet,
        "the working set's enumerator always returns a sync anchor",
        rule: "Rule 8 (the working set reports changes)",
        clauses: ["R8.4"],
        rationale: "Apple lets a folder's enumerator return no sync anchor when it does not report changes, never "
            + "the working set's: remote changes reach the system only through the working set's changes, so a "
            + "working set without an anchor leaves every replica stale for ever.",
        tier: .smoke
    ) { context in
        _ = try await context.anchor(.workingSet)
        let enumerator = try await context.enumerator(.workingSet)
        context.note("list the working set to its end, then currentSyncAnchor() of the same enumerator")
        _ = try await enumerator.allItems()
        _ = try context.requireAnchor(try await enumerator.currentSyncAnchor(), of: .workingSet)
        if context.capabilities.contains(.writing) {
            _ = try await context.createFile(named: "anchored.txt")
            _ = try await context.anchor(.workingSet)
        }
    }
}
