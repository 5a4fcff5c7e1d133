import FileProviderKit
import Foundation

/// The ERR checks of promises the interface's doc comments make and no numbered rule restates (ERR-01, ERR-03).
extension ErrorChecks {
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
