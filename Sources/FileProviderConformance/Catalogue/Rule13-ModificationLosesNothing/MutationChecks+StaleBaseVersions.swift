import FileProviderKit
import Foundation

/// The MUT checks of rule 13, *modification applies everything, and loses nothing* — edits on a stale base version (MUT-49, MUT-50, MUT-54).
extension MutationChecks {
    /// Records a finding unless `field`, edited on a stale base version without failOnConflict,
    /// was applied (in the returned item and from item(for:)) or returned as still pending.
    private static func expectStaleEditApplied(
        _ context: CheckContext,
        _ result: ItemMutationResult,
        _ field: ItemFields,
        _ name: String,
        holds: (ItemSnapshot) -> Bool
    ) async throws {
        guard !result.stillPendingFields.contains(field) else { return }
        context.expect(
            holds(ItemSnapshot(result.item)),
            "the \(name) edit on a stale base version without failOnConflict is neither in the returned item nor "
                + "still pending",
            actual: "\(ItemSnapshot(result.item))"
        )
        let stored = try await context.item(result.item.itemIdentifier)
        context.expect(
            holds(stored),
            "the \(name) edit on a stale base version without failOnConflict was dropped",
            actual: "\(stored)"
        )
    }

    static let staleRenameApplied = ConformanceCheck(
        "MUT-49",
        .mutations,
        "a rename on a stale base version without failOnConflict is applied or returned as pending",
        rule: "Rule 13 (every changed field in one call, stale versions)",
        clauses: ["R13.1", "R13.4"],
        rationale: "After a tag changed elsewhere, the system's rename still carries the older version; a provider "
            + "that lets the server win silently reports success, the system believes the rename done, and the "
            + "user's new name is lost for good.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "x.txt")
        let tagged = try await context.modify(file, fields: .tagData, description: "set tags") {
            $0.tagData = Data("red".utf8)
        }
        let result = try await context.modify(
            file,
            fields: .filename,
            baseVersion: file.itemVersion,
            description: "rename to \"y.txt\" on the version before the tag edit"
        ) {
            $0.filename = "y.txt"
        }
        try await expectStaleEditApplied(context, result, .filename, "rename") { $0.filename == "y.txt" }
        let stored = try await context.item(file.itemIdentifier)
        context.expectEqual(stored.tagData, tagged.item.tagData, "the stale rename undid the tag edit")
    }

    static let staleMetadataEditApplied = ConformanceCheck(
        "MUT-50",
        .mutations,
        "a tag and favorite-rank edit on a stale base version without failOnConflict is applied or pending",
        rule: "Rule 13 (every changed field in one call, stale versions)",
        clauses: ["R13.1", "R13.4"],
        rationale: "A rename on another device makes every later local tag edit stale; a provider that drops stale "
            + "metadata edits while reporting success loses the user's tags and favorites without a trace.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "tags.txt")
        _ = try await context.rename(file, to: "renamed.txt")
        let tags = Data("blue".utf8)
        let result = try await context.modify(
            file,
            fields: [.tagData, .favoriteRank],
            baseVersion: file.itemVersion,
            description: "set tags and favorite rank 7 on the version before the rename"
        ) {
            $0.tagData = tags
            $0.favoriteRank = 7
        }
        try await expectStaleEditApplied(context, result, .tagData, "tag") { $0.tagData == tags }
        try await expectStaleEditApplied(context, result, .favoriteRank, "favorite-rank") { $0.favoriteRank == 7 }
        let stored = try await context.item(file.itemIdentifier)
        context.expectEqual(stored.filename, "renamed.txt", "the stale metadata edit undid the rename")
    }

    static let binaryExtendedAttributesInEdits = ConformanceCheck(
        "MUT-54",
        .mutations,
        "extended-attribute values that are not UTF-8 set by a modification come back byte for byte",
        rule: "Rule 13 (every changed field in one call)",
        clauses: ["R13.1", "R12.1"],
        rationale: "The system writes a file's extended attributes as raw bytes; a provider that stores them as "
            + "text hands back different bytes, which the system takes for a change and writes back forever.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "edited.bin")
        let result = try await context.modify(
            file,
            fields: .extendedAttributes,
            description: "set extended attributes with bytes that are not UTF-8"
        ) {
            $0.extendedAttributes = binaryAttributes
        }
        guard !result.stillPendingFields.contains(.extendedAttributes) else { return }
        context.expectEqual(
            ItemSnapshot(result.item).extendedAttributes,
            binaryAttributes,
            "the modified item's extended attributes differ from the ones set"
        )
        let stored = try await context.item(file.itemIdentifier)
        context.expectEqual(
            stored.extendedAttributes,
            binaryAttributes,
            "the stored extended attributes differ from the ones set"
        )
    }
}
