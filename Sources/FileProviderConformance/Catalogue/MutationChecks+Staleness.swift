import FileProviderKit
import Foundation

/// Mutation checks of what a stale base version must not cost: a metadata edit applied or
/// returned as pending, never dropped; a refused recursive deletion that removes nothing; and
/// extended attributes that hold any bytes.
extension MutationChecks {
    static let stalenessChecks: [ConformanceCheck] = [
        staleRenameApplied, staleMetadataEditApplied, staleRecursiveDeletionAfterRename,
        staleRecursiveDeletionAfterMove, binaryExtendedAttributesAtCreation, binaryExtendedAttributesInEdits,
    ]

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

    /// Creates `A` with a child, makes `A`'s version stale with `change`, then deletes `A`
    /// recursively on the older version: expects deletionRejected and nothing changed.
    private static func expectStaleRecursiveDeletionRefused(
        _ context: CheckContext,
        _ situation: String,
        change: (ItemSnapshot) async throws -> Void
    ) async throws {
        let folder = try await context.createFolder(named: "A")
        let child = try await context.createFile(named: "x.txt", in: folder.itemIdentifier)
        let inner = try await context.createFolder(named: "Inner", in: folder.itemIdentifier)
        _ = try await context.createFile(named: "deep.txt", in: inner.itemIdentifier)
        try await change(folder)
        let before = ItemDigest.map(try await context.tree())
        await context.expectError(
            .deletionRejected,
            "recursive deleteItem(\(folder.itemIdentifier)) on the version before \(situation)"
        ) {
            try await context.delete(folder, options: .recursive)
        }
        let listed = try await context.list(folder.itemIdentifier).map(\.itemIdentifier)
        context.expectEqual(
            Set(listed),
            [child.itemIdentifier, inner.itemIdentifier],
            "the refused recursive deletion removed the folder's children"
        )
        let after = ItemDigest.map(try await context.tree())
        context.expectEqual(after, before, "the refused recursive deletion changed the tree")
    }

    static let staleRecursiveDeletionAfterRename = ConformanceCheck(
        "MUT-51",
        .mutations,
        "a recursive deletion on a folder's version before a rename fails with deletionRejected and removes nothing",
        rule: "Rules 15 and 16 (deletion, failures are atomic)",
        clauses: ["R16.1", "R15.2"],
        rationale: "A provider that deletes a folder's children before checking the folder's version refuses the "
            + "deletion only after the children are gone: the system keeps the folder, and the files the user "
            + "was told were kept are lost.",
        requires: .writing
    ) { context in
        try await expectStaleRecursiveDeletionRefused(context, "a rename") { folder in
            _ = try await context.rename(folder, to: "B")
        }
    }

    static let staleRecursiveDeletionAfterMove = ConformanceCheck(
        "MUT-52",
        .mutations,
        "a recursive deletion on a folder's version before a move fails with deletionRejected and removes nothing",
        rule: "Rules 15 and 16 (deletion, failures are atomic)",
        clauses: ["R16.1", "R15.2"],
        rationale: "A folder moved on another device and deleted on this one must survive with its contents; a "
            + "provider that purges the children first leaves an empty folder where the user's files were.",
        requires: .writing
    ) { context in
        let elsewhere = try await context.createFolder(named: "Elsewhere")
        try await expectStaleRecursiveDeletionRefused(context, "a move") { folder in
            _ = try await context.move(folder, to: elsewhere.itemIdentifier)
        }
    }

    /// Extended-attribute values that are not UTF-8: a lone 0xFF, a NUL, a truncated sequence, an
    /// overlong encoding and an encoded surrogate.
    static let binaryAttributes: [String: Data] = [
        "com.example.binary": Data([0xFF, 0x00, 0xC3]),
        "com.example.overlong": Data([0xC0, 0xAF, 0xED, 0xA0, 0x80, 0x80]),
        "com.example.text": Data("plain".utf8),
    ]

    static let binaryExtendedAttributesAtCreation = ConformanceCheck(
        "MUT-53",
        .mutations,
        "extended-attribute values that are not UTF-8 given at creation come back byte for byte",
        rule: "Rule 12 (creation)",
        clauses: ["R12.1", "R13.1"],
        rationale: "Extended attributes hold binary data (quarantine records, resource forks, finder info); a "
            + "provider that carries them as strings replaces every byte that is not UTF-8 with U+FFFD and "
            + "corrupts them on every device.",
        requires: .writing
    ) { context in
        var template = context.template(named: "attributes.bin", in: .rootContainer, contentType: .data)
        template.extendedAttributes = binaryAttributes
        let result = try await context.createResult(
            template,
            contents: Data("body".utf8),
            extraFields: .extendedAttributes
        )
        let created = try context.require(result, "createItem(\"attributes.bin\") returned no item")
        guard !created.stillPendingFields.contains(.extendedAttributes) else { return }
        context.expectEqual(
            ItemSnapshot(created.item).extendedAttributes,
            binaryAttributes,
            "the created item's extended attributes differ from the template's"
        )
        let stored = try await context.item(created.item.itemIdentifier)
        context.expectEqual(
            stored.extendedAttributes,
            binaryAttributes,
            "the stored extended attributes differ from the ones given at creation"
        )
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
