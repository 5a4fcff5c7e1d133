import FileProviderKit
import Foundation

/// The MUT checks of rule 10, *versions say what changed* (MUT-07, MUT-20).
extension MutationChecks {
    static let writeContent = ConformanceCheck(
        "MUT-07",
        .mutations,
        "writing content with the current base version replaces it",
        rule: "Rules 10 and 13 (versions, modification)",
        clauses: ["R10.1"],
        rationale: "The basic upload: the new bytes must be served afterwards under a new content version.",
        requires: .writing,
        tier: .smoke
    ) { context in
        let file = try await context.createFile(named: "doc.txt", contents: Data("v1".utf8))
        let written = try await context.write(Data("version two".utf8), to: file)
        let (data, fetched) = try await context.fetch(file.itemIdentifier)
        context.expectEqual(data, Data("version two".utf8), "the written content is not served")
        context.expectEqual(
            fetched.itemVersion,
            written.itemVersion,
            "the fetched item's version differs from the write's"
        )
        if let size = written.documentSize {
            context.expectEqual(size, 11, "documentSize was not updated")
        }
    }

    static let metadataFields = ConformanceCheck(
        "MUT-20",
        .mutations,
        "metadata edits are stored and change metadataVersion only",
        rule: "Rule 10 (versions)",
        clauses: ["R10.2", "R13.1"],
        rationale: "Tags, favorites and dates are metadata: storing them without a new metadataVersion hides the "
            + "edit; bumping contentVersion forces a needless download.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "tagged.txt")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let result = try await context.modify(
            file,
            fields: [.tagData, .lastUsedDate, .favoriteRank],
            description: "set tagData, lastUsedDate and favoriteRank"
        ) {
            $0.tagData = Data([1, 2, 3])
            $0.lastUsedDate = date
            $0.favoriteRank = 7
        }
        let stored = try await context.item(file.itemIdentifier)
        let pending = result.stillPendingFields
        if !pending.contains(.tagData) {
            context.expectEqual(stored.tagData, Data([1, 2, 3]), "tagData was not stored")
        }
        if !pending.contains(.lastUsedDate) {
            context.expectEqual(stored.lastUsedDate, date, "lastUsedDate was not stored")
        }
        if !pending.contains(.favoriteRank) {
            context.expectEqual(stored.favoriteRank, 7, "favoriteRank was not stored")
        }
        context.expectEqual(
            stored.itemVersion.contentVersion,
            file.itemVersion.contentVersion,
            "a metadata edit changed contentVersion"
        )
        context.expect(
            stored.itemVersion.metadataVersion != file.itemVersion.metadataVersion,
            "a metadata edit kept metadataVersion"
        )
    }
}
