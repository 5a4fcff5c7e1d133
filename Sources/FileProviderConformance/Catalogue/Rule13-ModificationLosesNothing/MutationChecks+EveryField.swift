import FileProviderKit
import Foundation

/// The MUT checks of rule 13, *modification applies everything, and loses nothing* — every field
/// edited on its own, to a value and back, through every way of reading it (MUT-93, MUT-94).
extension MutationChecks {
    /// One edit of one field: the value it sets.
    struct FieldEdit: Sendable {
        let field: ItemFields
        let description: String
        let set: @Sendable (inout ItemSnapshot) -> Void

        /// The field's value in `item`, comparable and printable, as ``templateFields`` shows it.
        func value(_ item: ItemSnapshot) -> String {
            templateFields.first { $0.field == field }?.value(item) ?? ""
        }
    }

    /// Every field a modification can change besides the name, the parent and the contents, each
    /// edited to a value no provider defaults to and then back to empty — the edge values included
    /// (an attribute with an empty value, the hidden flag set then cleared, a type and creator
    /// removed). The files' edits; folders take the same without `typeAndCreator` and with a
    /// folder's permissions.
    static func fieldEdits(folder: Bool) -> [FieldEdit] {
        let base: FileSystemFlags =
            folder ? [.userReadable, .userWritable, .userExecutable] : [.userReadable, .userWritable]
        var edits = [
            FieldEdit(field: .tagData, description: "tags set", set: { $0.tagData = Data([7, 0, 7]) }),
            FieldEdit(field: .tagData, description: "tags removed", set: { $0.tagData = nil }),
            FieldEdit(
                field: .favoriteRank,
                description: "favorite rank set",
                set: { $0.favoriteRank = 3 }
            ),
            FieldEdit(
                field: .favoriteRank,
                description: "favorite rank removed",
                set: { $0.favoriteRank = nil }
            ),
            FieldEdit(
                field: .lastUsedDate,
                description: "last-used date set",
                set: { $0.lastUsedDate = Date(timeIntervalSince1970: 1_600_000_000) }
            ),
            FieldEdit(
                field: .lastUsedDate,
                description: "last-used date moved back",
                set: { $0.lastUsedDate = Date(timeIntervalSince1970: 1_400_000_000) }
            ),
            FieldEdit(field: .lastUsedDate, description: "last-used date cleared", set: { $0.lastUsedDate = nil }),
            FieldEdit(
                field: .creationDate,
                description: "creation date set after 2106",
                set: { $0.creationDate = Date(timeIntervalSince1970: 4_400_000_000) }
            ),
            FieldEdit(
                field: .creationDate,
                description: "creation date set",
                set: { $0.creationDate = Date(timeIntervalSince1970: 1_500_000_000) }
            ),
            FieldEdit(
                field: .contentModificationDate,
                description: "modification date set after 2038",
                set: { $0.contentModificationDate = Date(timeIntervalSince1970: 2_200_000_000) }
            ),
            FieldEdit(
                field: .contentModificationDate,
                description: "modification date set",
                set: { $0.contentModificationDate = Date(timeIntervalSince1970: 1_550_000_000) }
            ),
            FieldEdit(
                field: .extendedAttributes,
                description: "an attribute with an empty value and one with bytes",
                set: { $0.extendedAttributes = ["user.empty": Data(), "user.bytes": Data([0, 1, 2])] }
            ),
            FieldEdit(
                field: .extendedAttributes,
                description: "every attribute removed",
                set: { $0.extendedAttributes = [:] }
            ),
            FieldEdit(
                field: .fileSystemFlags,
                description: "the hidden flag set",
                set: { $0.fileSystemFlags = base.union(.hidden) }
            ),
            FieldEdit(
                field: .fileSystemFlags,
                description: "the hidden flag cleared",
                set: { $0.fileSystemFlags = base }
            ),
        ]
        if !folder {
            edits += [
                FieldEdit(
                    field: .typeAndCreator,
                    description: "type and creator set",
                    set: { $0.typeAndCreator = TypeAndCreator(type: 0x5445_5854, creator: 0x4D53_5744) }
                ),
                FieldEdit(
                    field: .typeAndCreator,
                    description: "type and creator removed",
                    set: { $0.typeAndCreator = nil }
                ),
            ]
        }
        return edits
    }

    /// Applies every edit of ``fieldEdits(folder:)`` to `item` in turn, each on its own: `before`
    /// runs before each edit, and `observe` after each edit the provider applied (did not return as
    /// still pending) with the edit, what it sent, what `before` returned, and whether the edit
    /// changed the field's value. The result must hold the value sent.
    private static func editEveryField<Mark>(
        _ context: CheckContext,
        _ item: ItemSnapshot,
        folder: Bool,
        before: () async throws -> Mark,
        observe: (FieldEdit, ItemSnapshot, Mark, Bool) async throws -> Void
    ) async throws {
        var current = item
        for edit in fieldEdits(folder: folder) {
            let mark = try await before()
            let previous = current
            var sent = current
            edit.set(&sent)
            let result = try await context.modify(current, fields: edit.field, description: edit.description) {
                edit.set(&$0)
            }
            current = ItemSnapshot(result.item)
            guard !result.stillPendingFields.contains(edit.field) else { continue }
            context.expectEqual(
                edit.value(current),
                edit.value(sent),
                "\(edit.description) on \(folder ? "a folder" : "a file"): the result holds another value "
                    + "and does not return the field as still pending"
            )
            try await observe(edit, sent, mark, edit.value(sent) != edit.value(previous))
        }
    }

    static let everyFieldStoredOrPending = ConformanceCheck(
        "MUT-93",
        .mutations,
        "every field edited on its own, to a value and back to empty, is stored exactly or returned as pending",
        rule: "Rule 13 (nothing lost)",
        clauses: ["R13.1", "R13.9"],
        rationale: "A provider that maps some fields to its backend and drops the others (a hidden flag, an "
            + "attribute with an empty value, a type and creator) reports success while the user's edit is gone.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "fields.txt")
        let folder = try await context.createFolder(named: "Fields")
        for (item, isFolder) in [(file, false), (folder, true)] {
            try await editEveryField(context, item, folder: isFolder, before: {}) { edit, sent, _, _ in
                let stored = try await context.item(sent.itemIdentifier)
                context.expectEqual(
                    edit.value(stored),
                    edit.value(sent),
                    "\(edit.description) on \(isFolder ? "a folder" : "a file"): item(for:) gives another value"
                )
            }
        }
    }

    static let everyFieldEditReported = ConformanceCheck(
        "MUT-94",
        .mutations,
        "every field edited on its own is what the working set's changes and the listing report",
        rule: "Rule 13 (nothing lost)",
        clauses: ["R13.1", "R13.9"],
        rationale: "The system learns an edit from change batches and listings; a field stored but reported "
            + "from a stale or partial record reverts the user's edit on every device.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "reported.txt")
        let folder = try await context.createFolder(named: "Reported")
        for (item, isFolder) in [(file, false), (folder, true)] {
            let kind = isFolder ? "a folder" : "a file"
            try await editEveryField(context, item, folder: isFolder, before: { try await context.anchor() }) {
                edit,
                sent,
                anchor,
                changed in
                // An edit to the value the field already held need not be reported.
                let changes = try await context.changes(since: anchor)
                let reported = changes.updatedItems.last { $0.itemIdentifier == sent.itemIdentifier }
                if changed || reported != nil {
                    context.expectEqual(
                        reported.map(edit.value),
                        edit.value(sent),
                        "\(edit.description) on \(kind): the working set's changes since the edit report another value"
                    )
                }
                let listed = try await context.list(.rootContainer).first { $0.itemIdentifier == sent.itemIdentifier }
                context.expectEqual(
                    listed.map(edit.value),
                    edit.value(sent),
                    "\(edit.description) on \(kind): the root's listing gives another value"
                )
            }
        }
    }
}
