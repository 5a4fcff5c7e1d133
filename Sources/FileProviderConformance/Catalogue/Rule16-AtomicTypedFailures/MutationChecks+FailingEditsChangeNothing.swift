import FileProviderKit
import Foundation

/// The MUT checks of rule 16, *failures are atomic and typed* — a modification that fails, whatever
/// other fields it carries, changes none of them (MUT-97).
extension MutationChecks {
    static let failingEditsChangeNoField = ConformanceCheck(
        "MUT-97",
        .mutations,
        "a rename onto a sibling, a move onto a name, an invalid name, a move to a deleted folder and a stale write "
            + "under failOnConflict, each sent with every other field, fail and change no field",
        rule: "Rule 16 (atomic failures)",
        clauses: ["R16.1", "R11.2"],
        rationale: "A provider that writes the metadata first and checks the name or the parent last fails the call "
            + "with the fields already written: the system, told nothing changed, never learns the tags, dates and "
            + "flags that did.",
        requires: .writing
    ) { context in
        let fields = nonDefaultFields(folder: false)
        let named = fields.reduce(into: ItemFields()) { $0.insert($1.field) }
        let folder = try await context.createFolder(named: "Holds the name")
        let sibling = try await context.createFile(named: "taken.txt", in: folder.itemIdentifier)
        _ = try await context.createFile(named: "taken.txt")
        let doomed = try await context.createFolder(named: "Doomed")
        try await context.delete(doomed, options: .recursive)
        let item = try await context.createFile(named: "edited.txt", contents: Data("edited".utf8))
        /// An edit that must fail with `code`: the fields it changes besides every other one, and the
        /// base version it claims (`nil`: the item's current one).
        struct FailingEdit {
            let situation: String
            let code: FileProviderError.Code
            let changed: ItemFields
            var options: ModifyItemOptions = []
            var baseVersion: ItemVersion? = nil
            let edit: (inout ItemSnapshot) -> Void
        }
        var cases = [
            FailingEdit(situation: "a rename onto a sibling's name", code: .filenameCollision, changed: .filename) {
                $0.filename = "taken.txt"
            },
            FailingEdit(
                situation: "a move into a folder holding the name",
                code: .filenameCollision,
                changed: [.filename, .parentItemIdentifier]
            ) {
                $0.filename = sibling.filename
                $0.parentItemIdentifier = folder.itemIdentifier
            },
            FailingEdit(situation: "a rename to an invalid name", code: .invalidFilename, changed: .filename) {
                $0.filename = "in/valid"
            },
            FailingEdit(situation: "a move into a deleted folder", code: .noSuchItem, changed: .parentItemIdentifier) {
                $0.parentItemIdentifier = doomed.itemIdentifier
            },
        ]
        if context.capabilities.contains(.failOnConflict) {
            // The item is written once more, so that the version `item` carries is stale.
            _ = try await context.write(Data("newer".utf8), to: item)
            cases.append(
                FailingEdit(
                    situation: "a stale edit under failOnConflict",
                    code: .localVersionConflictingWithServer,
                    changed: [],
                    options: .failOnConflict,
                    baseVersion: item.itemVersion,
                    edit: { _ in }
                )
            )
        }
        let before = try await context.item(item.itemIdentifier)
        for failing in cases {
            let situation = failing.situation
            await context.expectError(failing.code, "\(situation), with every other field") {
                try await context.modifyResult(
                    before,
                    fields: named.union(failing.changed),
                    baseVersion: failing.baseVersion,
                    options: failing.options,
                    description: "\(situation), with every other field"
                ) { sent in
                    for field in fields { field.set(&sent) }
                    failing.edit(&sent)
                }
            }
            let after = try await context.item(item.itemIdentifier)
            expectKept(context, fields, in: after, as: before, "\(situation), which failed,")
            context.expectEqual(after.filename, before.filename, "\(situation), which failed, changed the name")
            context.expectEqual(
                after.parentItemIdentifier,
                before.parentItemIdentifier,
                "\(situation), which failed, moved the item"
            )
        }
    }
}
