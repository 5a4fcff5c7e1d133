import FileProviderKit
import Foundation

/// The ITEM checks of rule 10, *versions say what changed* (ITEM-05, ITEM-08, ITEM-11, ITEM-12, ITEM-13).
extension ItemChecks {
    /// Records a finding when `folder` reports a childItemCount other than its listing's length.
    static func expectChildCount(_ context: CheckContext, of folder: ItemIdentifier, _ situation: String) async throws {
        let listed = try await context.list(folder, pageSize: 3).count
        if let count = try await context.item(folder).childItemCount {
            context.expectEqual(count, listed, "childItemCount of \(folder) is not the number of children \(situation)")
        }
    }

    static let childCountAfterChanges = ConformanceCheck(
        "ITEM-11",
        .items,
        "a folder's childItemCount, when reported, equals its listing after creations and deletions",
        rule: "Rule 10 (versions and metadata)",
        clauses: ["R10.5"],
        rationale: "The system sizes folder views and progress from childItemCount; a count cached at creation "
            + "shows folders as empty or endless.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Counted")
        try await expectChildCount(context, of: folder.itemIdentifier, "when empty")
        var files: [ItemSnapshot] = []
        for index in 0..<4 {
            files.append(try await context.createFile(named: "child-\(index).txt", in: folder.itemIdentifier))
        }
        _ = try await context.createFolder(named: "nested", in: folder.itemIdentifier)
        try await expectChildCount(context, of: folder.itemIdentifier, "after five creations")
        for file in files.prefix(3) { try await context.delete(file) }
        try await expectChildCount(context, of: folder.itemIdentifier, "after three deletions")
        try await expectChildCount(context, of: .rootContainer, "in the root")
    }

    static let childCountAfterMoves = ConformanceCheck(
        "ITEM-13",
        .items,
        "childItemCount follows moves and renames between folders",
        rule: "Rule 10 (versions and metadata)",
        clauses: ["R10.5"],
        rationale: "A move changes two folders' counts; a provider that updates only the destination's shows a "
            + "phantom child in the source.",
        requires: .writing
    ) { context in
        let source = try await context.createFolder(named: "From")
        let target = try await context.createFolder(named: "To")
        let file = try await context.createFile(named: "moving.txt", in: source.itemIdentifier)
        _ = try await context.createFile(named: "staying.txt", in: source.itemIdentifier)
        let moved = try await context.move(file, to: target.itemIdentifier)
        _ = try await context.rename(moved, to: "moved.txt")
        for folder in [source, target] {
            try await expectChildCount(context, of: folder.itemIdentifier, "after a move")
        }
        for listed in try await context.list(.rootContainer) where listed.contentType.isDirectory {
            guard let count = listed.childItemCount else { continue }
            let children = try await context.list(listed.itemIdentifier).count
            context.expectEqual(
                count,
                children,
                "the listing reports another childItemCount for \(listed.itemIdentifier)"
            )
        }
    }

    static let metadataOnlyEdits = ConformanceCheck(
        "ITEM-12",
        .items,
        "tag, favorite-rank and last-used edits each bump only the metadata version and leave other fields",
        rule: "Rules 10 and 13 (versions, changed fields)",
        clauses: ["R10.2", "R13.2"],
        rationale: "A tag edit that bumps contentVersion makes every device download the file again; one that "
            + "applies the template's other fields renames it.",
        requires: .writing
    ) { context in
        var current = try await context.createFile(named: "meta.txt", contents: Data("content".utf8))
        let edits: [(String, ItemFields, (inout ItemSnapshot) -> Void)] = [
            ("tagData", .tagData, { $0.tagData = Data([7, 7]) }),
            ("favoriteRank", .favoriteRank, { $0.favoriteRank = 42 }),
            ("lastUsedDate", .lastUsedDate, { $0.lastUsedDate = Date(timeIntervalSince1970: 1_234_567_890) }),
        ]
        for (name, field, edit) in edits {
            let result = try await context.modify(current, fields: field, description: "set \(name) only") {
                edit(&$0)
                $0.filename = "template-name.txt"
            }
            let stored = try await context.item(current.itemIdentifier)
            if !result.stillPendingFields.contains(field) {
                context.expect(
                    stored.itemVersion.metadataVersion != current.itemVersion.metadataVersion,
                    "setting \(name) did not change metadataVersion"
                )
            }
            context.expectEqual(
                stored.itemVersion.contentVersion,
                current.itemVersion.contentVersion,
                "setting \(name) changed contentVersion"
            )
            context.expectEqual(stored.filename, "meta.txt", "setting \(name) applied the template's filename")
            current = stored
        }
    }

    static let versionSemantics = ConformanceCheck(
        "ITEM-05",
        .items,
        "contentVersion changes exactly when content does; metadataVersion when metadata does",
        rule: "Rule 10 (versions)",
        clauses: ["R10.1", "R10.2"],
        rationale: "A spurious contentVersion change makes the system re-download the file on every open; a missing "
            + "one leaves stale content on disk.",
        requires: .writing,
        tier: .smoke
    ) { context in
        let file = try await context.createFile(named: "versions.txt", contents: Data("one".utf8))
        let renamed = try await context.rename(file, to: "versions-renamed.txt")
        context.expectEqual(
            renamed.itemVersion.contentVersion,
            file.itemVersion.contentVersion,
            "a rename changed contentVersion"
        )
        context.expect(
            renamed.itemVersion.metadataVersion != file.itemVersion.metadataVersion,
            "a rename did not change metadataVersion",
            actual: "\(renamed.itemVersion)"
        )
        let written = try await context.write(Data("two".utf8), to: renamed)
        context.expect(
            written.itemVersion.contentVersion != renamed.itemVersion.contentVersion,
            "new content did not change contentVersion",
            actual: "\(written.itemVersion)"
        )
        let again = try await context.item(written.itemIdentifier)
        context.expectEqual(again.itemVersion, written.itemVersion, "the version changed with no write in between")
    }

    static let documentSize = ConformanceCheck(
        "ITEM-08",
        .items,
        "a file's documentSize equals the length of its content",
        rule: "Rule 10 (versions and metadata)",
        clauses: ["R10.3"],
        rationale: "The system sizes downloads and partial fetches from documentSize; a wrong size truncates files "
            + "or reads past their end."
    ) { context in
        var empty: ItemIdentifier?
        if context.capabilities.contains(.writing) {
            _ = try await context.createFile(named: "sized.bin", contents: Data(repeating: 7, count: 1_000))
            empty = try await context.createFile(named: "empty.bin", contents: Data()).itemIdentifier
        }
        let files = try await context.tree().filter { !$0.contentType.isDirectory && !$0.contentType.isSymbolicLink }
        if let empty, files.contains(where: { $0.documentSize != nil }) {
            context.expectEqual(
                files.first { $0.itemIdentifier == empty }?.documentSize,
                0,
                "the provider reports sizes, but an empty file's documentSize is not 0"
            )
        }
        for item in files {
            guard let size = item.documentSize else { continue }
            let (data, _) = try await context.fetch(item.itemIdentifier)
            context.expectEqual(
                size,
                Int64(data.count),
                "documentSize of \(item.itemIdentifier) is not its content's length"
            )
        }
    }
}
