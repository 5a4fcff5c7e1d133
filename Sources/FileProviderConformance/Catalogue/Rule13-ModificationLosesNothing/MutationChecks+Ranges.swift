import FileProviderKit
import Foundation

/// The MUT checks of rule 13, *modification applies everything, and loses nothing* — extreme values of every field (MUT-70, MUT-71, MUT-72, MUT-73).
extension MutationChecks {
    /// Attributes whose names differ only in case, each with its own value.
    private static let caseTwinAttributes: [String: Data] = [
        "com.example.Note": Data("upper".utf8),
        "com.example.note": Data("lower".utf8),
        "COM.EXAMPLE.LOUD": Data([0x00, 0xFF]),
    ]

    /// Favorite ranks a Double cannot hold exactly.
    private static let largeRanks: [UInt64] = [(1 << 53) + 1, (1 << 60) + 3, UInt64.max - 1]

    /// Records a finding unless `result`'s item and its lookup hold `attributes` exactly; a
    /// provider that returns the attributes as still pending (it does not store them) is not judged.
    private static func expectAttributes(
        _ context: CheckContext,
        _ result: ItemMutationResult,
        _ attributes: [String: Data],
        _ situation: String
    ) async throws {
        guard !result.stillPendingFields.contains(.extendedAttributes) else { return }
        let item = ItemSnapshot(result.item)
        context.expectEqual(item.extendedAttributes, attributes, "\(situation): the result's attributes differ")
        let stored = try await context.item(item.itemIdentifier).extendedAttributes
        context.expectEqual(stored, attributes, "\(situation): item(for:) gives other attributes")
    }

    static let attributeNamesKeepCaseInCreations = ConformanceCheck(
        "MUT-70",
        .mutations,
        "a creation keeps extended attributes whose names differ only in case as distinct attributes",
        rule: "Rule 13 (metadata stored exactly)",
        clauses: ["R13.9", "R12.1"],
        rationale: "Extended-attribute names are case-sensitive on Apple's file systems; a backend that folds "
            + "them (HTTP headers do) merges two attributes and loses one value.",
        requires: .writing
    ) { context in
        var template = context.template(named: "attrs.bin", in: .rootContainer, contentType: .data)
        template.extendedAttributes = caseTwinAttributes
        let result = try await context.createResult(
            template,
            contents: Data("x".utf8),
            extraFields: .extendedAttributes
        )
        let created = try context.require(result, "createItem(\"attrs.bin\") returned no item")
        try await expectAttributes(context, created, caseTwinAttributes, "a creation with case-twin attribute names")
    }

    static let attributeNamesKeepCaseInEdits = ConformanceCheck(
        "MUT-71",
        .mutations,
        "an edit adding an attribute whose name differs from another's only in case keeps both",
        rule: "Rule 13 (metadata stored exactly)",
        clauses: ["R13.9", "R13.1"],
        rationale: "Apps keep their own attributes next to others of the same name in another case; a provider "
            + "that folds the names overwrites one app's attribute with the other's.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Tagged")
        let attributes = ["user.tag": Data("one".utf8), "user.Tag": Data("two".utf8), "USER.TAG": Data("three".utf8)]
        let edited = try await context.modify(
            folder,
            fields: .extendedAttributes,
            description: "set three attributes whose names differ only in case"
        ) { $0.extendedAttributes = attributes }
        try await expectAttributes(context, edited, attributes, "an edit with case-twin names")
        guard !edited.stillPendingFields.contains(.extendedAttributes) else { return }
        let listed = try await context.list(.rootContainer).first { $0.itemIdentifier == folder.itemIdentifier }
        context.expectEqual(listed?.extendedAttributes, attributes, "the listing gives other attributes")
    }

    /// Records a finding unless `item` holds `rank` and the early dates.
    /// Records a finding unless `item` holds `rank` and the early dates, leaving out the fields in
    /// `pending`: the ones the provider returned as still pending, as it does not store them.
    private static func expectExtremes(
        _ context: CheckContext,
        _ item: ItemSnapshot,
        rank: UInt64,
        pending: ItemFields,
        _ situation: String
    ) {
        let kept: [(ItemFields, Bool, String)] = [
            (.favoriteRank, item.favoriteRank == rank, "the favorite rank \(rank) is not kept exactly"),
            (.creationDate, item.creationDate == earlyDates.creation, "a creation date in 1900 is not kept"),
            (
                .contentModificationDate, item.contentModificationDate == earlyDates.modification,
                "a modification date before 1970 is not kept"
            ),
            (.lastUsedDate, item.lastUsedDate == earlyDates.lastUsed, "a last-used date in 1969 is not kept"),
        ]
        for (field, isKept, message) in kept where !pending.contains(field) {
            context.expect(isKept, "\(situation): \(message)", actual: "\(item)")
        }
    }

    private static let extremeFields: ItemFields = [
        .favoriteRank, .creationDate, .contentModificationDate, .lastUsedDate,
    ]

    /// Sets `rank` and the early dates on `item`.
    private static func setExtremes(_ item: inout ItemSnapshot, rank: UInt64) {
        item.favoriteRank = rank
        item.creationDate = earlyDates.creation
        item.contentModificationDate = earlyDates.modification
        item.lastUsedDate = earlyDates.lastUsed
    }

    static let extremeValuesKeptInCreations = ConformanceCheck(
        "MUT-72",
        .mutations,
        "a creation keeps favorite ranks above 2^53 and dates before 1970 exactly",
        rule: "Rules 12 and 13 (metadata stored exactly)",
        clauses: ["R13.10", "R12.1"],
        rationale: "A favorite rank is a UInt64 (milliseconds since 1970 by default); one sent through a JSON "
            + "Double loses its low bits, and dates stored as unsigned seconds turn a 1969 photo into 1970.",
        requires: .writing
    ) { context in
        for (index, rank) in largeRanks.enumerated() {
            var template = context.template(named: "old-\(index).jpg", in: .rootContainer, contentType: .jpeg)
            setExtremes(&template, rank: rank)
            let result = try await context.createResult(template, contents: Data([0xFF]), extraFields: extremeFields)
            let created = try context.require(result, "createItem(\"\(template.filename)\") returned no item")
            let item = ItemSnapshot(created.item)
            let pending = created.stillPendingFields
            expectExtremes(context, item, rank: rank, pending: pending, "createItem(\"\(template.filename)\")")
            expectExtremes(
                context,
                try await context.item(item.itemIdentifier),
                rank: rank,
                pending: pending,
                "item(for:) of \"\(template.filename)\""
            )
        }
    }

    static let extremeValuesKeptInEdits = ConformanceCheck(
        "MUT-73",
        .mutations,
        "an edit keeps favorite ranks above 2^53 and dates before 1970 exactly",
        rule: "Rule 13 (metadata stored exactly)",
        clauses: ["R13.10", "R13.1"],
        rationale: "Scanned archives carry dates before 1970 and ranks near UInt64's top; an edit that clamps or "
            + "rounds them reports a change on every sync and reorders the user's favorites.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Archive")
        var current = try await context.createFile(named: "scan.tiff", in: folder.itemIdentifier)
        for rank in largeRanks {
            let edited = try await context.modify(
                current,
                fields: extremeFields,
                description: "set favorite rank \(rank) and dates before 1970"
            ) { setExtremes(&$0, rank: rank) }
            current = ItemSnapshot(edited.item)
            let pending = edited.stillPendingFields
            expectExtremes(context, current, rank: rank, pending: pending, "modifyItem to rank \(rank)")
            let listed = try await context.list(folder.itemIdentifier).first {
                $0.itemIdentifier == current.itemIdentifier
            }
            expectExtremes(
                context,
                try context.require(listed, "the folder no longer lists the file"),
                rank: rank,
                pending: pending,
                "the listing"
            )
        }
    }
}
