import FileProviderKit
import Foundation

/// The WS checks of rule 8, *the working set covers everything* (WS-01, WS-02, WS-03, WS-04, WS-05, WS-06, WS-07).
extension WorkingSetChecks {
    static let listsTrashedItems = ConformanceCheck(
        "WS-04",
        .workingSet,
        "the working set lists trashed items, with the trash as parent, and the children of trashed folders",
        rule: "Rule 8 (working set covers everything, trash included)",
        clauses: ["R8.2", "R8.3"],
        rationale: "Items missing from the working set never receive remote changes: a file restored on another "
            + "device stays in this device's trash.",
        requires: [.writing, .trash]
    ) { context in
        let folder = try await context.createFolder(named: "Binned")
        let child = try await context.createFile(named: "inside.txt", in: folder.itemIdentifier)
        let file = try await context.createFile(named: "binned.txt")
        for item in [file, folder] { _ = try await context.move(item, to: .trashContainer) }
        let listed = Dictionary(
            try await context.list(.workingSet, pageSize: 2).map { ($0.itemIdentifier, $0) },
            uniquingKeysWith: { first, _ in first }
        )
        for item in [file, folder] {
            let entry = try context.require(
                listed[item.itemIdentifier],
                "the working set does not list the trashed \(item.itemIdentifier)"
            )
            context.expectEqual(
                entry.parentItemIdentifier,
                .trashContainer,
                "a trashed item is listed with another parent"
            )
        }
        let inner = try context.require(
            listed[child.itemIdentifier],
            "the working set does not list \(child.itemIdentifier), inside a trashed folder"
        )
        context.expectEqual(
            inner.parentItemIdentifier,
            folder.itemIdentifier,
            "a trashed folder's child lost its parent"
        )
    }

    static let remoteNestedCreations = ConformanceCheck(
        "WS-05",
        .workingSet,
        "another client's new folder and the file it creates inside are both reported, the folder never listed",
        rule: "Rule 8 (working set covers everything)",
        clauses: ["R8.1", "R6.8"],
        rationale: "On Apple's systems remote changes reach the device only through the working set; a provider "
            + "that reports changes only in folders this device has opened never shows a file another device "
            + "saved in a new folder until someone opens that folder here.",
        requires: [.writing, .remoteChanges]
    ) { context in
        let anchor = try await context.anchor()
        context.note("remote: create folder \"Shared\" in the root, then \"inside.txt\" in it")
        let folder = try await context.remote().createItem(named: "Shared", in: .rootContainer, contents: nil)
        let file = try await context.remote().createItem(named: "inside.txt", in: folder, contents: Data("x".utf8))
        let (updated, _) = try await ChangeChecks.changes(context, since: anchor)
        context.expect(updated[folder] != nil, "the working set does not report another client's new folder \(folder)")
        let reported = try context.require(
            updated[file],
            "the working set does not report the file \(file) another client created in a folder never listed"
        )
        context.expectEqual(reported.parentItemIdentifier, folder, "the nested file is reported with another parent")
    }

    static let remoteEditsInUnlistedFolders = ConformanceCheck(
        "WS-06",
        .workingSet,
        "another client's edit and rename of a file in a folder never listed are reported",
        rule: "Rule 8 (working set covers everything)",
        clauses: ["R8.1", "R6.8"],
        rationale: "The system holds items it never listed a folder for (the working set's own listing); a "
            + "provider that watches only folders opened on this device leaves those replicas stale forever.",
        requires: [.writing, .remoteChanges]
    ) { context in
        context.note("remote: create folder \"Team\" with \"plan.txt\" in it")
        let folder = try await context.remote().createItem(named: "Team", in: .rootContainer, contents: nil)
        let file = try await context.remote().createItem(named: "plan.txt", in: folder, contents: Data("v1".utf8))
        let anchor = try await context.anchor()
        context.note("remote: write \(file), then rename it to \"plan-final.txt\"")
        try await context.remote().replaceContents(of: file, with: Data("version two".utf8))
        try await context.remote().rename(file, to: "plan-final.txt")
        let (updated, _) = try await ChangeChecks.changes(context, since: anchor)
        let reported = try context.require(
            updated[file],
            "the working set does not report another client's edit of \(file) in a folder never listed"
        )
        context.expectEqual(reported.filename, "plan-final.txt", "the remote rename is reported with another name")
        context.expectEqual(reported.documentSize, 11, "the remote write is reported with another size")
    }

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
