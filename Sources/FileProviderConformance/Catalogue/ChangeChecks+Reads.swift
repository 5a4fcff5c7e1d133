import FileProviderKit
import Foundation

/// Change checks of what reads must not report and empty files must not miss.
extension ChangeChecks {
    static let readChecks: [ConformanceCheck] = [
        fetchesNotReported, fetchesNotReportedInFolders, emptyCreationsReported, remoteEmptyCreationsReported,
    ]

    static let fetchesNotReported = ConformanceCheck(
        "CHG-32",
        .changes,
        "fetching a file's contents reports no change in the working set",
        rule: "Rule 7 (no self-sustaining loops)",
        clauses: ["R7.1", "R7.2"],
        rationale: "The system fetches a file because the working set reported it; a provider that reports every "
            + "download as a change makes the system fetch it again, and again, forever.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "read.txt", contents: Data("read me".utf8))
        let anchor = try await context.anchor()
        let (data, fetched) = try await context.fetch(file.itemIdentifier)
        context.expectEqual(data, Data("read me".utf8), "the fetch returned other bytes")
        _ = try await context.fetch(file.itemIdentifier, version: fetched.itemVersion)
        let (updated, deleted) = try await changes(context, since: anchor)
        context.expect(
            updated.isEmpty && deleted.isEmpty,
            "the working set reports changes after only fetches",
            expected: "no changes",
            actual: "updated \(updated.keys.sorted { $0.rawValue < $1.rawValue }), deleted \(deleted)"
        )
    }

    static let fetchesNotReportedInFolders = ConformanceCheck(
        "CHG-33",
        .changes,
        "fetching a file's contents reports no change in its folder's enumerator",
        rule: "Rule 7 (no self-sustaining loops)",
        clauses: ["R7.1"],
        rationale: "A folder the user keeps open is enumerated for changes after every download; a provider that "
            + "reports downloads as changes keeps the folder refreshing while nobody writes.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Reading")
        let file = try await context.createFile(named: "page.txt", in: folder.itemIdentifier)
        let anchor = try await context.anchor(folder.itemIdentifier)
        _ = try await context.fetch(file.itemIdentifier)
        let changes = try await context.changes(folder.itemIdentifier, since: anchor)
        context.expect(
            changes.updatedItems.isEmpty && changes.deletedItemIdentifiers.isEmpty,
            "the folder's enumerator reports changes after only a fetch",
            expected: "no changes",
            actual: "updated \(changes.updatedItems.map(\.itemIdentifier)), deleted \(changes.deletedItemIdentifiers)"
        )
    }

    static let emptyCreationsReported = ConformanceCheck(
        "CHG-34",
        .changes,
        "creating an empty file is reported like creating any other",
        rule: "Rule 6 (every change is reported)",
        clauses: ["R6.1"],
        rationale: "Touch files, placeholders and lock files are empty; a provider that reports a file only once "
            + "bytes were uploaded never shows them on other devices, and an app waiting for a lock file waits "
            + "forever.",
        requires: .writing
    ) { context in
        let anchor = try await context.anchor()
        let empty = try await context.createFile(named: "empty.txt", contents: Data())
        let full = try await context.createFile(named: "full.txt", contents: Data("bytes".utf8))
        let (updated, _) = try await changes(context, since: anchor)
        for (item, kind) in [(empty, "empty"), (full, "non-empty")] {
            context.expect(
                updated[item.itemIdentifier] != nil,
                "the working set does not report the creation of the \(kind) file \(item.itemIdentifier)",
                actual: "updated \(updated.keys.sorted { $0.rawValue < $1.rawValue })"
            )
        }
        context.expectEqual(updated[empty.itemIdentifier]?.documentSize, 0, "the empty file is reported with a size")
    }

    static let remoteEmptyCreationsReported = ConformanceCheck(
        "CHG-35",
        .changes,
        "another client's creation of an empty file is reported",
        rule: "Rule 6 (every change is reported)",
        clauses: ["R6.1", "R6.8"],
        rationale: "An empty file another device made must reach this one like any file; a provider whose feed "
            + "skips files without bytes leaves it missing here until someone writes into it.",
        requires: [.writing, .remoteChanges]
    ) { context in
        let anchor = try await context.anchor()
        context.note("remote: create \"remote-empty.txt\" (0 bytes) and \"remote-full.txt\" in the root")
        let empty = try await context.remote().createItem(
            named: "remote-empty.txt",
            in: .rootContainer,
            contents: Data()
        )
        let full = try await context.remote().createItem(
            named: "remote-full.txt",
            in: .rootContainer,
            contents: Data("bytes".utf8)
        )
        let (updated, _) = try await changes(context, since: anchor)
        for (identifier, kind) in [(empty, "empty"), (full, "non-empty")] {
            context.expect(
                updated[identifier] != nil,
                "the working set does not report another client's creation of the \(kind) file \(identifier)",
                actual: "updated \(updated.keys.sorted { $0.rawValue < $1.rawValue })"
            )
        }
    }
}
