import FileProviderKit
import Foundation

/// The LIFE checks of rule 13, *modification applies everything, and loses nothing* — concurrent edits from one base version (LIFE-64, LIFE-65).
extension LifecycleChecks {
    static let concurrentMetadataEdits = ConformanceCheck(
        "LIFE-64",
        .lifecycle,
        "two edits of one item's different metadata fields at once, from one base version, lose neither",
        rule: "Rule 13 (modification loses nothing)",
        clauses: ["R13.11", "R13.1"],
        rationale: "Two devices tag and rank one file at once; a provider that writes back every field it read "
            + "before applying its own silently undoes the other edit, and both devices report success.",
        requires: .writing
    ) { context in
        for round in 0..<8 {
            let item = try await context.createFile(named: "edited-\(round).txt")
            let tags = Data("tag \(round)".utf8)
            let rank = 40 + UInt64(round)
            var tagged = item
            tagged.tagData = tags
            var ranked = item
            ranked.favoriteRank = rank
            try await raceTwoEdits(
                context,
                round: round,
                of: item,
                [(.tagData, tagged, nil), (.favoriteRank, ranked, nil)]
            ) { stored, field in
                field == .tagData ? stored.tagData == tags : stored.favoriteRank == rank
            }
        }
    }

    static let concurrentWriteAndRename = ConformanceCheck(
        "LIFE-65",
        .lifecycle,
        "a content write and a rename of one item at once, from one base version, lose neither",
        rule: "Rule 13 (modification loses nothing)",
        clauses: ["R13.11", "R13.1"],
        rationale: "The user renames a file while its new content uploads; a provider that stores the whole item "
            + "it read before the other call finished brings back the old name or the old bytes.",
        requires: .writing
    ) { context in
        for round in 0..<8 {
            let item = try await context.createFile(named: "draft-\(round).txt", contents: Data("old".utf8))
            let bytes = Data("new content \(round)".utf8)
            var renamed = item
            renamed.filename = "final-\(round).txt"
            try await raceTwoEdits(
                context,
                round: round,
                of: item,
                [(.contents, item, try context.file(containing: bytes)), (.filename, renamed, nil)]
            ) { stored, field in
                if field == .filename { return stored.filename == renamed.filename }
                return (try? await context.fetch(item.itemIdentifier).0) == bytes
            }
        }
    }

    /// Runs the `edits` of `item` (each a changed field, the template carrying it, and content for
    /// a write) at once from the item's base version — under `failOnConflict` from round 4, in
    /// reverse order in odd rounds — and records a finding unless each either failed with a
    /// version conflict (only under `failOnConflict`), returned its field as still pending, or is
    /// kept in the stored item (as `applied` judges).
    static func raceTwoEdits(
        _ context: CheckContext,
        round: Int,
        of item: ItemSnapshot,
        _ edits: [(field: ItemFields, template: ItemSnapshot, contents: URL?)],
        applied: (ItemSnapshot, ItemFields) async -> Bool
    ) async throws {
        let failOnConflict = round >= 4 && context.capabilities.contains(.failOnConflict)
        let options: ModifyItemOptions = failOnConflict ? .failOnConflict : []
        let results = LockedValue<[ItemFields: ItemMutationResult]>([:])
        context.note(
            "edit \(edits.map(\.field)) of \(item.itemIdentifier) at once from one base version"
                + (failOnConflict ? ", failOnConflict" : "")
        )
        let calls: [@Sendable () async throws -> Void] = edits.map { edit in
            { @Sendable in
                let result = try await context.provider.modifyItem(
                    edit.template,
                    baseVersion: item.itemVersion,
                    changedFields: edit.field,
                    contents: edit.contents,
                    options: options,
                    request: Request()
                )
                if let result { results.withLock { $0[edit.field] = result } }
            }
        }
        let outcomes = await context.concurrentOutcomes(of: round % 2 == 0 ? calls : Array(calls.reversed()))
        let allowed: Set<FileProviderError.Code> = failOnConflict ? [.localVersionConflictingWithServer] : []
        let failures = outcomes.compactMap { $0 }
        context.expect(
            failures.allSatisfy { allowed.contains($0) },
            "two concurrent edits of different fields of \(item.itemIdentifier) failed",
            expected: failOnConflict ? "success, or localVersionConflictingWithServer" : "success",
            actual: "\(failures)"
        )
        let stored = try await context.item(item.itemIdentifier)
        for (field, result) in results.withLock({ $0 }) where !result.stillPendingFields.contains(field) {
            context.expect(
                await applied(stored, field),
                "an edit of \(field) made at the same time as another edit of \(item.itemIdentifier) reported success but "
                    + "is lost",
                expected: "the edit kept, returned as still pending, or a version conflict",
                actual: "the stored item does not have it"
            )
        }
    }
}
