import FileProviderKit
import Foundation

/// The MUT checks of rule 12, *creation* — every field a creation names is stored, for files and
/// folders alike, and the creation options create what they carry (MUT-95, MUT-100).
extension MutationChecks {
    /// The fields of ``templateFields`` a file or a folder can carry, each with a value no provider
    /// defaults to. A folder takes no type and creator, and its flags keep it readable, writable
    /// and searchable, so that the check can go on working inside it.
    static func nonDefaultFields(folder: Bool) -> [TemplateField] {
        guard folder else { return templateFields }
        return templateFields.compactMap { field in
            switch field.field {
            case .typeAndCreator: nil
            case .fileSystemFlags:
                TemplateField(
                    name: field.name,
                    field: field.field,
                    isChosenDate: false,
                    set: { $0.fileSystemFlags = [.userReadable, .userWritable, .userExecutable, .hidden] },
                    value: field.value
                )
            default: field
            }
        }
    }

    /// Creates a file (with content) or a folder named `name` in `parent` whose template sets
    /// every field of `fields` and names them, records a finding for each field the result
    /// neither holds nor returns as still pending, and returns the item with the fields it stored.
    static func createWithFields(
        _ context: CheckContext,
        _ name: String,
        in parent: ItemIdentifier = .rootContainer,
        folder: Bool,
        fields: [TemplateField]
    ) async throws -> (item: ItemSnapshot, stored: [TemplateField]) {
        var template = context.template(
            named: name,
            in: parent,
            contentType: folder ? .folder : .forFilename(name)
        )
        for field in fields { field.set(&template) }
        let named = fields.reduce(into: ItemFields()) { $0.insert($1.field) }
        let result = try await context.createResult(
            template,
            contents: folder ? nil : Data("named fields".utf8),
            extraFields: named
        )
        let created = try context.require(result?.item, "createItem(\(name)) returned no item")
        let item = ItemSnapshot(created)
        let pending = result?.stillPendingFields ?? []
        var stored: [TemplateField] = []
        for field in fields where !pending.contains(field.field) {
            if field.value(item) == field.value(template) {
                stored.append(field)
            } else {
                context.fail(
                    "createItem(\(name)) naming \(field.name) returned another value and not the field as pending",
                    clauses: ["R12.1", "R12.5"],
                    expected: field.value(template),
                    actual: field.value(item)
                )
            }
        }
        return (item, stored)
    }

    static let namedFieldsStoredAtCreation = ConformanceCheck(
        "MUT-95",
        .mutations,
        "a file's and a folder's creation naming every field, and naming each field alone, stores each value "
            + "exactly or returns it as pending, as lookups and the listing show",
        rule: "Rule 12 (creation)",
        clauses: ["R12.1", "R12.5"],
        rationale: "A provider that maps only some template fields to its backend, or only for files, reports a "
            + "created folder without the tags, dates or flags the user gave it, and the system overwrites them.",
        requires: .writing
    ) { context in
        for folder in [false, true] {
            let kind = folder ? "folder" : "file"
            let fields = nonDefaultFields(folder: folder)
            var created = [try await createWithFields(context, "every-\(kind)", folder: folder, fields: fields)]
            if let attributes = fields.first(where: { $0.field == .extendedAttributes }) {
                let edge = TemplateField(
                    name: "extendedAttributes (one empty, one of bytes)",
                    field: .extendedAttributes,
                    isChosenDate: false,
                    set: { $0.extendedAttributes = ["user.empty": Data(), "user.bytes": Data([0, 1, 2])] },
                    value: attributes.value
                )
                created.append(try await createWithFields(context, "edge-\(kind)", folder: folder, fields: [edge]))
            }
            for (index, field) in fields.enumerated() {
                created.append(try await createWithFields(context, "\(kind)-\(index)", folder: folder, fields: [field]))
            }
            let listing = try await context.list(.rootContainer, pageSize: 7)
            for (item, stored) in created {
                let looked = try await context.item(item.itemIdentifier)
                let listed = listing.first { $0.itemIdentifier == item.itemIdentifier }
                for field in stored {
                    context.expectEqual(
                        field.value(looked),
                        field.value(item),
                        "item(for:) of the \(kind) \(item.filename) gives another \(field.name) than its creation stored"
                    )
                    context.expectEqual(
                        listed.map(field.value),
                        field.value(item),
                        "the root's listing gives the \(kind) \(item.filename) another \(field.name)"
                    )
                }
            }
        }
    }

    static let creationOptionsCreate = ConformanceCheck(
        "MUT-100",
        .mutations,
        "a file and a folder re-created with deletionConflicted after their deletion, and created with "
            + "mayAlreadyExist where nothing matches, exist afterwards with their content",
        rule: "Rule 12 (creation), rule 13 (no item means gone)",
        clauses: ["R12.1", "R13.8"],
        rationale: "The system re-creates an item it holds unsent edits of with deletionConflicted once the server "
            + "deleted it; a provider that refuses the option, or ignores it and returns nothing, loses the edits.",
        requires: .writing
    ) { context in
        let cases: [(name: String, folder: Bool, options: CreateItemOptions)] = [
            ("conflicted.txt", false, .deletionConflicted), ("Conflicted", true, .deletionConflicted),
            ("imported.txt", false, .mayAlreadyExist), ("Imported", true, .mayAlreadyExist),
            ("both.txt", false, [.deletionConflicted, .mayAlreadyExist]),
        ]
        for (name, folder, options) in cases {
            var template = context.template(named: name, in: .rootContainer, contentType: folder ? .folder : .data)
            if options.contains(.deletionConflicted) {
                let gone =
                    folder ? try await context.createFolder(named: name) : try await context.createFile(named: name)
                try await context.delete(gone, options: folder ? .recursive : [])
                template.itemIdentifier = gone.itemIdentifier
            }
            let contents = folder ? nil : Data("edited while offline: \(name)".utf8)
            let result = try await context.createResult(template, contents: contents, options: options)
            let created = try context.require(
                result?.item,
                "createItem(\(name), options \(options.rawValue)) returned no item: the creation was refused"
            )
            let item = try await context.item(created.itemIdentifier)
            context.expectEqual(item.contentType.isDirectory, folder, "createItem(\(name)) made the other kind")
            if let contents, !(result?.stillPendingFields.contains(.contents) ?? false) {
                let (data, _) = try await context.fetch(item.itemIdentifier)
                context.expectEqual(data, contents, "createItem(\(name), options \(options.rawValue)) lost the content")
            }
            let listed = try await context.list(.rootContainer).map(\.itemIdentifier)
            context.expect(
                listed.contains(item.itemIdentifier),
                "the root does not list \(name), created with options \(options.rawValue)"
            )
        }
    }
}
