import FileProviderKit
import Foundation

/// The CHG checks of rule 2, *pages are complete and bounded* — 255-byte names (CHG-36).
extension ChangeChecks {
    /// Catches up `enumerator` from `anchor` in batches of `batchSize`, following `moreComing`;
    /// records a finding naming R2.8 and returns `nil` when an enumeration or its anchor fails.
    static func catchUpExpectingSuccess(
        _ context: CheckContext,
        _ container: ItemIdentifier,
        since anchor: SyncAnchor,
        batchSize: Int
    ) async -> ChangeSet? {
        do {
            return try await context.changes(container, since: anchor, batchSize: batchSize)
        } catch {
            context.fail(
                "catching up \(container) after renames to names of 250 to 255 bytes failed "
                    + "(batch size \(batchSize))",
                clauses: ["R2.8"],
                expected: "every batch, each continuation anchor at most \(SyncAnchor.maximumSize) bytes",
                actual: "\(error)"
            )
            return nil
        }
    }

    static let longNameRenames = ConformanceCheck(
        "CHG-36",
        .changes,
        "after renames to names of 250 to 255 bytes, catch-ups in batches of 1 and 2 and a relisting succeed",
        rule: "Rules 2, 5 and 6 (tokens, batches, renames)",
        clauses: ["R2.8", "R6.2"],
        rationale: "Anchors and pages take at most 500 bytes and a name 255: a provider that writes the last "
            + "changed or listed name into its tokens, twice, fails every catch-up and relisting once a user "
            + "names a file at the limit, and the system never learns of that file again.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Renamed")
        var files: [ItemSnapshot] = []
        for index in EnumerationChecks.longNames.indices {
            files.append(try await context.createFile(named: "short-\(index).txt", in: folder.itemIdentifier))
        }
        let workingSetAnchor = try await context.anchor(.workingSet)
        let folderEnumerator = try await context.enumerator(folder.itemIdentifier)
        let folderAnchor = try await context.changeAnchor(of: folderEnumerator, for: folder.itemIdentifier)
        var expected: [ItemIdentifier: String] = [:]
        for (file, name) in zip(files, EnumerationChecks.longNames) {
            expected[file.itemIdentifier] = try await context.rename(file, to: name).filename
        }
        var catchUps: [(ItemIdentifier, SyncAnchor, Int)] = [(.workingSet, workingSetAnchor, 1)]
        catchUps.append((.workingSet, workingSetAnchor, 2))
        if let folderAnchor { catchUps.append((folder.itemIdentifier, folderAnchor, 1)) }
        for (container, anchor, batchSize) in catchUps {
            guard
                let changes = await catchUpExpectingSuccess(context, container, since: anchor, batchSize: batchSize)
            else { continue }
            let reported = Dictionary(changes.updatedItems.map { ($0.itemIdentifier, $0.filename) }) { $1 }
            let missed = expected.filter { reported[$0.key] != $0.value }
            context.expect(
                missed.isEmpty,
                "the changes of \(container) (batch size \(batchSize)) do not report every rename to a name of "
                    + "250 to 255 bytes with that name",
                expected: "\(expected.count) renames",
                actual: "\(missed.count) missing or with another name"
            )
        }
        let current = try await context.anchor(.workingSet)
        _ = await catchUpExpectingSuccess(context, .workingSet, since: current, batchSize: 1)
        guard
            let listed = await EnumerationChecks.listExpectingSuccess(
                context,
                folder.itemIdentifier,
                from: .initialPageSortedByName,
                pageSize: 1,
                "a folder renamed to names of 250 to 255 bytes",
                clauses: ["R2.8"]
            )
        else { return }
        EnumerationChecks.expectListed(context, listed, expected, from: .initialPageSortedByName, pageSize: 1)
    }
}
