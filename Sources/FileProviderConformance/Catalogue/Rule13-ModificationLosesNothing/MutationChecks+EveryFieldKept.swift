import FileProviderKit
import Foundation

/// The MUT checks of rule 13, *modification applies everything, and loses nothing* — an item whose
/// every field holds a value no provider defaults to keeps them all through the operations that
/// do not name them, and every modification option applies the fields it carries (MUT-96, MUT-99).
extension MutationChecks {
    /// Records a finding for each field of `fields` whose value in `actual` differs from `expected`'s,
    /// `situation` saying which operation and which answer.
    static func expectKept(
        _ context: CheckContext,
        _ fields: [TemplateField],
        in actual: ItemSnapshot,
        as expected: ItemSnapshot,
        _ situation: String
    ) {
        for field in fields {
            context.expectEqual(field.value(actual), field.value(expected), "\(situation) changed \(field.name)")
        }
    }

    static let everyFieldKeptThroughOperations = ConformanceCheck(
        "MUT-96",
        .mutations,
        "a file and a folder whose every field holds a non-default value keep them all through a rename, a move, "
            + "a content write, a trash, a rename in the trash and a restore",
        rule: "Rule 13 (nothing lost)",
        clauses: ["R13.2"],
        rationale: "Checks that start from default values cannot see a field reset to its default: a rename that "
            + "re-creates the backend record, or a content upload that writes a fresh one, drops the hidden flag, the "
            + "type and creator or the tags the user set.",
        requires: .writing
    ) { context in
        let elsewhere = try await context.createFolder(named: "Elsewhere").itemIdentifier
        for folder in [false, true] {
            let kind = folder ? "a folder" : "a file"
            let (created, stored) = try await createWithFields(
                context,
                folder ? "Kept" : "kept.bin",
                folder: folder,
                fields: nonDefaultFields(folder: folder)
            )
            var current = try await context.item(created.itemIdentifier)
            var steps: [(String, ItemFields, Data?, (inout ItemSnapshot) -> Void)] = [
                ("a rename", .filename, nil, { $0.filename = folder ? "Kept renamed" : "kept renamed.bin" }),
                ("a move", .parentItemIdentifier, nil, { $0.parentItemIdentifier = elsewhere }),
            ]
            if !folder {
                steps.append(("a content write", .contents, Data("rewritten".utf8), { _ in }))
            }
            if context.capabilities.contains(.trash) {
                steps.append(("a trash", .parentItemIdentifier, nil, { $0.parentItemIdentifier = .trashContainer }))
                steps.append(
                    ("a rename in the trash", .filename, nil, { $0.filename = folder ? "In trash" : "in trash.bin" })
                )
                steps.append(("a restore", .parentItemIdentifier, nil, { $0.parentItemIdentifier = .rootContainer }))
            }
            for (operation, changed, contents, edit) in steps {
                let result = try await context.modify(
                    current,
                    fields: changed,
                    contents: contents,
                    description: operation,
                    edit
                )
                // A content write moves the modification date forward (rule 10) unless it names one.
                let kept = stored.filter { !(changed == .contents && $0.field == .contentModificationDate) }
                let situation = "\(operation) of \(kind) with every field set"
                expectKept(context, kept, in: ItemSnapshot(result.item), as: current, "\(situation), in its result,")
                let after = try await context.item(current.itemIdentifier)
                expectKept(context, kept, in: after, as: current, "\(situation), as item(for:) shows,")
                var sent = current
                edit(&sent)
                if !result.stillPendingFields.contains(changed) {
                    context.expectEqual(after.filename, sent.filename, "\(situation) left another name")
                    context.expectEqual(
                        after.parentItemIdentifier,
                        sent.parentItemIdentifier,
                        "\(situation) left the item in another folder"
                    )
                }
                current = after
            }
        }
    }

    static let modificationOptionsApplyFields = ConformanceCheck(
        "MUT-99",
        .mutations,
        "a content write with a rename, and a tag edit, under each modification option and all of them at once, "
            + "apply their fields or return them as pending",
        rule: "Rule 13 (every field applied)",
        clauses: ["R13.1"],
        rationale: "Options arrive rarely (an application presenting the file asking for an immediate upload, a "
            + "folder merge): a provider that branches on them and takes the call for metadata-only drops the "
            + "user's bytes while reporting success.",
        requires: .writing
    ) { context in
        var choices: [(String, ModifyItemOptions)] = [
            ("mayAlreadyExist", .mayAlreadyExist),
            ("isImmediateUploadRequestByPresentingApplication", .isImmediateUploadRequestByPresentingApplication),
        ]
        if context.capabilities.contains(.failOnConflict) {
            choices.append(("failOnConflict", .failOnConflict))
        }
        choices.append(("every option", choices.reduce(into: ModifyItemOptions()) { $0.formUnion($1.1) }))
        for (index, (name, options)) in choices.enumerated() {
            let file = try await context.createFile(named: "option-\(index).txt", contents: Data("old".utf8))
            let bytes = Data("new bytes under \(name)".utf8)
            let result = try await context.modify(
                file,
                fields: [.contents, .filename],
                contents: bytes,
                options: options,
                description: "write and rename under \(name)"
            ) { $0.filename = "option-\(index) renamed.txt" }
            let pending = result.stillPendingFields
            let stored = try await context.item(file.itemIdentifier)
            if !pending.contains(.filename) {
                context.expectEqual(
                    stored.filename,
                    "option-\(index) renamed.txt",
                    "a rename under \(name) was neither applied nor returned as pending"
                )
            }
            if !pending.contains(.contents) {
                let (data, _) = try await context.fetch(file.itemIdentifier)
                context.expectEqual(
                    data,
                    bytes,
                    "a content write under \(name) was neither applied nor returned as pending"
                )
            }
            let tagged = try await context.modify(
                stored,
                fields: .tagData,
                options: options,
                description: "set tags under \(name)"
            ) { $0.tagData = Data([9, 9]) }
            if !tagged.stillPendingFields.contains(.tagData) {
                context.expectEqual(
                    try await context.item(file.itemIdentifier).tagData,
                    Data([9, 9]),
                    "a tag edit under \(name) was neither applied nor returned as pending"
                )
            }
        }
    }
}
