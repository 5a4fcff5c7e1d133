import FileProviderKit
import Foundation

/// The ITEM checks of rule 13, *modification loses nothing* — every field an operation does not name
/// stays identical in its result, its lookup and its parent's listing (ITEM-50).
extension ItemChecks {
    /// One modification of a sequence: what it does, the fields it names, its bytes, its edit.
    private struct Step {
        let operation: String
        let fields: ItemFields
        var contents: Data? = nil
        let edit: (inout ItemSnapshot) -> Void
    }

    /// Renames to `filename`.
    private static func rename(_ description: String, _ filename: String) -> Step {
        Step(operation: "\(description) (to \"\(filename)\")", fields: .filename) { $0.filename = filename }
    }

    /// Creates `filename` in the root, a folder or a text file, with every template field but the
    /// flags set (a folder without type and creator) and `flags` named when given; returns its lookup.
    private static func createWithFields(
        _ context: CheckContext,
        _ filename: String,
        folder: Bool,
        flags: FileSystemFlags?
    ) async throws -> ItemSnapshot {
        var template = context.template(
            named: filename,
            in: .rootContainer,
            contentType: folder ? .folder : .plainText
        )
        var fields: ItemFields = []
        for field in MutationChecks.templateFields
        where field.field != .fileSystemFlags && !(folder && field.field == .typeAndCreator) {
            field.set(&template)
            fields.insert(field.field)
        }
        if let flags {
            template.fileSystemFlags = flags
            fields.insert(.fileSystemFlags)
        }
        let created = try await context.create(
            template,
            contents: folder ? nil : Data("kept".utf8),
            extraFields: fields
        )
        return try await context.item(created.itemIdentifier)
    }

    /// Runs `steps` on `item` in turn and records a finding for every field a step does not name
    /// that its result, the item's lookup or its parent's listing show otherwise than before it.
    private static func expectUnnamedFieldsStay(
        _ context: CheckContext,
        _ item: ItemSnapshot,
        _ kind: String,
        _ steps: [Step]
    ) async throws {
        var current = item
        for step in steps {
            let result = try await context.modify(
                current,
                fields: step.fields,
                contents: step.contents,
                description: step.operation,
                step.edit
            )
            var unnamed = StoredFields.metadata.filter { step.fields.isDisjoint(with: $0.field) }
            if !step.fields.contains(.contents) { unnamed += StoredFields.content }
            let after = try await context.item(item.itemIdentifier)
            let listed = try await context.list(after.parentItemIdentifier).first {
                $0.itemIdentifier == item.itemIdentifier
            }
            let situation = "after \(step.operation) of \(kind)"
            var observations = [(ItemSnapshot(result.item), "in the modification's result"), (after, "in item(for:)")]
            if let listed {
                observations.append((listed, "in the listing of \(after.parentItemIdentifier)"))
            } else {
                context.fail(
                    "\(situation), the listing of its parent \(after.parentItemIdentifier) lacks it",
                    clauses: ["R2.1"],
                    expected: "\(item.itemIdentifier) listed",
                    actual: "not listed"
                )
            }
            for (observed, channel) in observations {
                StoredFields.expectSame(
                    context,
                    unnamed,
                    in: observed,
                    as: current,
                    clauses: ["R13.2"],
                    "\(channel) \(situation), which does not name it"
                )
            }
            current = after
        }
    }

    static let unnamedFieldsStay = ConformanceCheck(
        "ITEM-50",
        .items,
        "renames that change the extension or make or unmake a dot-name, moves, content writes, trashes and "
            + "restores of files and folders leave every field they do not name identical in the result, the lookup "
            + "and the listing",
        rule: "Rule 13 (nothing lost)",
        clauses: ["R13.2"],
        rationale: "A provider that re-derives fields from the name — the content type from the extension, the "
            + "hidden flag from a leading dot — or rewrites the record on a move or an upload changes what the user "
            + "set: a text file renamed to .jpg opens as an image, a dot-renamed file hides, a restored one loses "
            + "its tags.",
        requires: .writing
    ) { context in
        let elsewhere = try await context.createFolder(named: "Unnamed fields elsewhere").itemIdentifier
        let hasTrash = context.capabilities.contains(.trash)
        for folder in [false, true] {
            let kind = folder ? "a folder" : "a file"
            let base = folder ? "Dir" : "r.txt"
            let item = try await createWithFields(context, base, folder: folder, flags: nil)
            var steps = [
                rename("a rename changing the extension", folder ? "Dir.jpg" : "r.jpg"),
                rename("a rename to a dot-name", folder ? ".Dir.jpg" : ".r.jpg"),
                rename("a rename back from a dot-name", folder ? "Dir.txt" : "r.txt"),
                rename("a rename dropping the extension", folder ? "Dir" : "r"),
                Step(operation: "a move", fields: .parentItemIdentifier) { $0.parentItemIdentifier = elsewhere },
                Step(operation: "a move and a rename", fields: [.parentItemIdentifier, .filename]) {
                    $0.parentItemIdentifier = .rootContainer
                    $0.filename = folder ? "Dir.png" : "r.png"
                },
            ]
            if !folder {
                steps.append(
                    Step(operation: "a content write", fields: .contents, contents: Data("rewritten".utf8)) { _ in }
                )
                steps.append(
                    Step(operation: "a content write and a rename", fields: [.contents, .filename], contents: Data()) {
                        $0.filename = "r.md"
                    }
                )
            }
            if hasTrash {
                steps.append(
                    Step(operation: "a trash", fields: .parentItemIdentifier) {
                        $0.parentItemIdentifier = .trashContainer
                    }
                )
                steps.append(
                    Step(operation: "a restore with a rename", fields: [.parentItemIdentifier, .filename]) {
                        $0.parentItemIdentifier = elsewhere
                        $0.filename = folder ? ".Restored folder.gif" : ".restored file.gif"
                    }
                )
            }
            try await expectUnnamedFieldsStay(context, item, kind, steps)
            let hidden = try await createWithFields(
                context,
                folder ? ".Hidden folder" : ".hidden.txt",
                folder: folder,
                flags: [.userReadable, .userWritable, .hidden]
            )
            try await expectUnnamedFieldsStay(
                context,
                hidden,
                "a hidden \(folder ? "folder" : "file") with a dot-name",
                [
                    rename("a rename to a plain name", folder ? "Shown folder" : "shown.txt"),
                    rename("a rename to another extension", folder ? "Shown folder.pdf" : "shown.pdf"),
                ]
            )
        }
    }
}
