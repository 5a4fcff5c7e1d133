import FileProviderKit
import Foundation

/// Checks of error codes and atomic failures (`ERR-…`).
enum ErrorChecks {
    static let all: [ConformanceCheck] =
        [missingContents, failuresAreAtomic, readOnlyRefusesWrites] + clauseChecks
        + requestFailureChecks

    static let missingContents = ConformanceCheck(
        "ERR-01",
        .errors,
        "a missing contents file fails with a file-read error and creates nothing",
        rule: "Rule 16 (errors, atomicity)",
        clauses: ["API.4", "R16.1"],
        rationale: "A creation that succeeds without its content publishes an empty file over the user's data.",
        requires: .writing
    ) { context in
        let missing = context.missingFileURL()
        let template = context.template(named: "no-bytes.txt", in: .rootContainer, contentType: .plainText)
        await context.expectError([.fileReadNoSuchFile, .fileReadUnknown], "createItem with a missing contents file") {
            try await context.provider.createItem(
                basedOn: template,
                fields: [.contents, .filename],
                contents: missing,
                options: [],
                request: Request()
            )
        }
        let names = try await context.list(.rootContainer).map(\.filename)
        context.expect(!names.contains("no-bytes.txt"), "the failed creation left an item behind")
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

    static let readOnlyRefusesWrites = ConformanceCheck(
        "ERR-03",
        .errors,
        "a subject that does not declare writing refuses every write and changes nothing",
        rule: "Capability cross-check",
        clauses: ["API.9"],
        rationale: "A read-only provider that half-accepts writes shows the user changes that are never uploaded.",
        excludes: .writing,
        tier: .smoke
    ) { context in
        let before = ItemDigest.map(try await context.tree())
        let refused: Set<FileProviderError.Code> = [.fileWriteNoPermission, .featureUnsupported]
        await context.expectError(refused, "createItem on a read-only provider") {
            try await context.createFile(named: "refused.txt")
        }
        await context.expectError(refused, "createItem of a folder on a read-only provider") {
            try await context.createFolder(named: "Refused")
        }
        if let existing = try await context.tree().first(where: { !$0.contentType.isDirectory }) {
            await context.expectError(refused, "rename on a read-only provider") {
                try await context.rename(existing, to: "renamed-\(existing.filename)")
            }
            await context.expectError(refused, "delete on a read-only provider") {
                try await context.delete(existing)
            }
        }
        let after = ItemDigest.map(try await context.tree())
        context.expectEqual(after, before, "refused writes changed the tree")
    }
}
