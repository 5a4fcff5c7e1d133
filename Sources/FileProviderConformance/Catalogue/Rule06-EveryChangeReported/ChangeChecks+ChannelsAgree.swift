import FileProviderKit
import Foundation

/// The CHG checks of rule 6, *every change is reported* — every observation channel reports every
/// field of an item alike, extreme values included (CHG-77).
extension ChangeChecks {
    /// An item to create: its template, its bytes, the fields it names.
    private struct Extreme {
        let template: ItemSnapshot
        let contents: Data?
        let fields: ItemFields
    }

    /// Items in `folder` whose fields sit at the edges of their ranges: ranks above 2^53 and at
    /// the top of `UInt64`, empty and 64 KiB tag data, dates before 1970 and with fractions, a
    /// folder, and a symbolic link where the subject has them.
    private static func extremes(_ context: CheckContext, in folder: ItemIdentifier) -> [Extreme] {
        func make(
            _ name: String,
            _ type: ContentType,
            target: String? = nil,
            _ edit: (inout ItemSnapshot) -> Void
        ) -> Extreme {
            var template = context.template(named: name, in: folder, contentType: type, symlinkTarget: target)
            edit(&template)
            let fields: ItemFields = [.favoriteRank, .tagData, .creationDate, .lastUsedDate]
            return Extreme(template: template, contents: type == .plainText ? Data("x".utf8) : nil, fields: fields)
        }
        var items = [
            make("rank-above-2^53.txt", .plainText) {
                $0.favoriteRank = (1 << 53) + 1
                $0.tagData = Data()
                $0.creationDate = Date(timeIntervalSince1970: -1_000_000_000.5)
                $0.lastUsedDate = Date(timeIntervalSince1970: 1_700_000_000.25)
            },
            make("rank-max.txt", .plainText) {
                $0.favoriteRank = .max
                $0.tagData = context.largeContent(count: 65_536, salt: 77)
                $0.creationDate = Date(timeIntervalSince1970: -86_400 * 365 * 60)
                $0.lastUsedDate = Date(timeIntervalSince1970: -0.75)
            },
            make("Rank folder", .folder) {
                $0.favoriteRank = (1 << 60) + 3
                $0.tagData = Data()
                $0.creationDate = Date(timeIntervalSince1970: -1.5)
                $0.lastUsedDate = Date(timeIntervalSince1970: 1_000_000_000.125)
            },
        ]
        if context.capabilities.contains(.symbolicLinks) {
            items.append(
                make("ln", .symbolicLink, target: "/somewhere/else") {
                    $0.favoriteRank = (1 << 53) + 1
                    $0.tagData = Data()
                    $0.creationDate = Date(timeIntervalSince1970: -2_000_000_000)
                    $0.lastUsedDate = Date(timeIntervalSince1970: 1_600_000_000.5)
                }
            )
        }
        return items
    }

    /// The fields a creation of `extreme` named that `stored` does not hold exactly, unless `pending`.
    private static func expectStoredExactly(
        _ context: CheckContext,
        _ stored: ItemSnapshot,
        _ extreme: Extreme,
        pending: ItemFields
    ) {
        let exact = StoredFields.metadata.filter {
            ($0.field.isEmpty && $0.name == "symlinkTargetPath" && extreme.template.contentType.isSymbolicLink)
                || (!$0.field.isEmpty && extreme.fields.contains($0.field) && !pending.contains($0.field))
        }
        StoredFields.expectSame(
            context,
            exact,
            in: stored,
            as: extreme.template,
            clauses: ["R13.10", "R12.1"],
            "in item(for:) from the template that created it, which named it"
        )
    }

    static let channelsAgreeOnExtremes = ConformanceCheck(
        "CHG-77",
        .changes,
        "lookups, listings by name and by date, and change entries of the folder and of the working set give "
            + "every field alike, for items made locally and by another client, with ranks above 2^53, empty and "
            + "large tag data, dates before 1970 and link targets",
        rule: "Rule 6 (changes report the item's state), rule 13 (values stored exactly)",
        clauses: ["R6.1", "R12.1", "R13.10"],
        rationale: "The system builds its replica from change entries, not lookups: a change feed that rounds a "
            + "rank through a Double, drops a link's target or turns empty tags into none hands every other "
            + "device a different item than the one stored, and the difference is uploaded back as an edit.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Channels")
        let workingSetAnchor = try await context.anchor()
        let folderEnumerator = try await context.enumerator(folder.itemIdentifier)
        let folderAnchor = try await context.changeAnchor(of: folderEnumerator, for: folder.itemIdentifier)
        var made: [ItemIdentifier] = []
        for extreme in extremes(context, in: folder.itemIdentifier) {
            let result = try context.require(
                try await context.createResult(
                    extreme.template,
                    contents: extreme.contents,
                    extraFields: extreme.fields
                ),
                "createItem(\(extreme.template.filename)) returned no item"
            )
            let stored = try await context.item(result.item.itemIdentifier)
            expectStoredExactly(context, stored, extreme, pending: result.stillPendingFields)
            made.append(stored.itemIdentifier)
        }
        let edited = try await context.createFile(named: "tags-emptied.txt", in: folder.itemIdentifier)
        let emptied = try await context.modify(edited, fields: [.tagData, .favoriteRank], description: "empty tags") {
            $0.tagData = Data()
            $0.favoriteRank = .max - 1
        }
        if !emptied.stillPendingFields.contains(.tagData) {
            context.expectEqual(
                FindingValue.describe(try await context.item(edited.itemIdentifier).tagData as Any),
                FindingValue.describe(Data()),
                "tag data edited to empty (0 bytes, not nil) is not stored exactly"
            )
        }
        made.append(edited.itemIdentifier)
        if context.capabilities.contains(.remoteChanges) {
            let remote = try context.remote()
            context.note("another client creates a file, an empty file and a folder in \(folder.itemIdentifier)")
            made.append(
                try await remote.createItem(named: "remote.txt", in: folder.itemIdentifier, contents: Data("r".utf8))
            )
            made.append(
                try await remote.createItem(named: "remote-empty.txt", in: folder.itemIdentifier, contents: Data())
            )
            made.append(try await remote.createItem(named: "Remote folder", in: folder.itemIdentifier, contents: nil))
        }
        var lookups: [ItemIdentifier: ItemSnapshot] = [:]
        for identifier in made { lookups[identifier] = try await context.item(identifier) }
        var channels: [(String, [ItemSnapshot])] = [
            ("the folder's listing by name", try await context.list(folder.itemIdentifier)),
            (
                "the folder's listing by date",
                try await context.list(folder.itemIdentifier, startingAt: .initialPageSortedByDate)
            ),
            ("the working set's listing", try await context.list(.workingSet)),
            ("the working set's changes", try await context.changes(since: workingSetAnchor).updatedItems),
        ]
        if let folderAnchor {
            channels.append(
                (
                    "the folder's changes",
                    try await context.changes(folder.itemIdentifier, since: folderAnchor).updatedItems
                )
            )
        }
        for (channel, items) in channels {
            let byIdentifier = Dictionary(items.map { ($0.itemIdentifier, $0) }, uniquingKeysWith: { _, last in last })
            for identifier in made {
                guard let observed = byIdentifier[identifier], let lookup = lookups[identifier] else {
                    context.fail(
                        "\(channel) lacks \(identifier)",
                        clauses: ["R6.1", "R2.1"],
                        expected: "\(identifier) reported",
                        actual: "\(items.count) items without it"
                    )
                    continue
                }
                StoredFields.expectSame(
                    context,
                    StoredFields.all,
                    in: observed,
                    as: lookup,
                    clauses: ["R6.1", "R12.1", "R13.10"],
                    "in \(channel) from its lookup"
                )
            }
        }
    }
}
