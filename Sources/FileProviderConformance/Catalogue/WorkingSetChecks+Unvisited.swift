import FileProviderKit
import Foundation

/// Working-set checks of another client's changes inside folders this device never listed.
extension WorkingSetChecks {
    static let unvisitedChecks: [ConformanceCheck] = [remoteNestedCreations, remoteEditsInUnlistedFolders]

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
}
