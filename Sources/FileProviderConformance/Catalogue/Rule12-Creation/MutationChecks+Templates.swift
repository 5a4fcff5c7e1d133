import FileProviderKit
import Foundation

/// The MUT checks of rule 12, *creation* — what the template's type and contents create (MUT-58, MUT-59, MUT-60, MUT-61, MUT-62, MUT-63, MUT-64, MUT-65).
extension MutationChecks {
    /// Creates every template of ``templates(_:named:under:)`` under `file`, with and without
    /// mayAlreadyExist, expecting noSuchItem each time.
    private static func createEachUnder(_ context: CheckContext, _ file: ItemSnapshot) async {
        for options in [CreateItemOptions(), .mayAlreadyExist] {
            for (template, contents) in templates(context, named: "inside", under: file.itemIdentifier) {
                await context.expectError(
                    .noSuchItem,
                    "createItem(\"\(template.filename)\" [\(template.contentType)]) under the file "
                        + "\(file.itemIdentifier)\(options.isEmpty ? "" : " with mayAlreadyExist")"
                ) {
                    try await context.createResult(template, contents: contents, options: options)
                }
            }
        }
    }

    static let createUnderFileRefused = ConformanceCheck(
        "MUT-58",
        .mutations,
        "creating a file, folder or link under a file fails with noSuchItem and creates nothing",
        rule: "Rule 12 (creation)",
        clauses: ["R12.6", "R16.1"],
        rationale: "A file cannot hold children; a provider that files the child in the root or elsewhere "
            + "instead makes an item appear where the user never put it, and the system never re-creates the parent.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Holder")
        let inRoot = try await context.createFile(named: "plain.txt")
        let nested = try await context.createFile(named: "nested.txt", in: folder.itemIdentifier)
        let before = ItemDigest.map(try await context.tree())
        for file in [inRoot, nested] { await createEachUnder(context, file) }
        let after = ItemDigest.map(try await context.tree())
        context.expectEqual(after, before, "creations under a file changed the tree")
    }

    static let createUnderFileReportsNothing = ConformanceCheck(
        "MUT-59",
        .mutations,
        "creations refused under a file report no change and leave the file as it was",
        rule: "Rule 12 (creation)",
        clauses: ["R12.6", "R16.1"],
        rationale: "A refused creation that still lands somewhere reaches every device through the working set: "
            + "the user's item appears in a folder they never chose.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "parent.dat", contents: Data("parent".utf8))
        let anchor = try await context.anchor()
        await createEachUnder(context, file)
        try await context.expectNoChanges(since: anchor, "after creations under a file that all failed")
        let stored = try await context.item(file.itemIdentifier)
        context.expectEqual(stored.itemVersion, file.itemVersion, "refused creations under the file changed it")
        let (data, _) = try await context.fetch(file.itemIdentifier)
        context.expectEqual(data, Data("parent".utf8), "refused creations under the file changed its content")
    }

    /// Names that suggest no content type, or another one, with the type each template declares.
    private static let typedNames: [(String, ContentType)] = [
        ("README", .plainText), ("Makefile", .sourceCode), ("photo", .png), ("settings.bin", .json),
        ("notes.txt", .markdown),
    ]

    static let contentTypeKept = ConformanceCheck(
        "MUT-60",
        .mutations,
        "a creation keeps the template's content type when the name suggests none or another",
        rule: "Rule 12 (creation)",
        clauses: ["R12.7", "R12.1"],
        rationale: "Apps create files such as README or Makefile with a declared type; a provider that guesses "
            + "the type from the name turns them into generic data, and the system opens them with the wrong app.",
        requires: .writing
    ) { context in
        var created: [ItemIdentifier: ContentType] = [:]
        for (name, type) in typedNames {
            let item = try await context.create(
                context.template(named: name, in: .rootContainer, contentType: type),
                contents: Data(name.utf8)
            )
            created[item.itemIdentifier] = type
            context.expectEqual(item.contentType, type, "createItem(\"\(name)\") returned another content type")
            context.expectEqual(
                try await context.item(item.itemIdentifier).contentType,
                type,
                "item(for:) of \"\(name)\" has another content type than its template"
            )
        }
        for item in try await context.list(.rootContainer) {
            guard let type = created[item.itemIdentifier] else { continue }
            context.expectEqual(item.contentType, type, "the listing gives \"\(item.filename)\" another content type")
        }
    }

    static let contentTypeKeptInChanges = ConformanceCheck(
        "MUT-61",
        .mutations,
        "a created file's content type survives in change feeds, renames and content writes",
        rule: "Rule 12 (creation)",
        clauses: ["R12.7"],
        rationale: "The system learns remote items from the working set's changes; a type lost there turns a "
            + "typed file into generic data on every other device.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Typed")
        let anchor = try await context.anchor()
        let file = try await context.create(
            context.template(named: "LICENSE", in: folder.itemIdentifier, contentType: .plainText),
            contents: Data("MIT".utf8)
        )
        let image = try await context.create(
            context.template(named: "scan", in: folder.itemIdentifier, contentType: .jpeg),
            contents: Data([0xFF, 0xD8, 0xFF])
        )
        let reported = try await context.changes(since: anchor).updatedItems
        for (item, type) in [(file, ContentType.plainText), (image, .jpeg)] {
            let update = reported.last { $0.itemIdentifier == item.itemIdentifier }
            context.expectEqual(
                update?.contentType,
                type,
                "the working set reports \"\(item.filename)\" with another content type than its template"
            )
        }
        let renamed = try await context.rename(file, to: "COPYING")
        context.expectEqual(renamed.contentType, .plainText, "renaming \"LICENSE\" to \"COPYING\" changed its type")
        let written = try await context.write(Data([0xFF, 0xD8, 0xFF, 0xE0]), to: image)
        context.expectEqual(written.contentType, .jpeg, "writing content to \"scan\" changed its type")
        let listed = try await context.list(folder.itemIdentifier).map(\.contentType)
        context.expectEqual(
            listed.sorted { $0.identifier < $1.identifier },
            [.jpeg, .plainText],
            "the listing lost a type"
        )
    }

    /// Creates `name` as a file of `type` with no contents and returns it, recording a finding when
    /// it is a folder.
    private static func createWithoutContents(
        _ context: CheckContext,
        named name: String,
        type: ContentType,
        in parent: ItemIdentifier = .rootContainer
    ) async throws -> ItemSnapshot {
        let item = try await context.create(context.template(named: name, in: parent, contentType: type), contents: nil)
        context.expect(
            !item.contentType.isDirectory,
            "createItem(\"\(name)\" [\(type)]) without contents created a folder",
            expected: "an empty file of type \(type)",
            actual: "\(item)"
        )
        return item
    }

    static let fileWithoutContentsIsEmptyFile = ConformanceCheck(
        "MUT-62",
        .mutations,
        "a file template created without contents is an empty file of the template's type",
        rule: "Rule 12 (creation)",
        clauses: ["R12.8", "R12.7"],
        rationale: "The system creates an empty document before its first save with no contents file; a provider "
            + "that makes a folder of it, or refuses it, loses the document the user just named.",
        requires: .writing
    ) { context in
        // Well-known types, and an app's own type that the provider cannot know.
        let types: [(String, ContentType)] = [
            ("empty.txt", .plainText), ("blank", .data), ("draft.md", .markdown),
            ("doc.custom", ContentType("com.example.custom-document", conformingTo: [.data])),
        ]
        for (name, type) in types {
            let item = try await createWithoutContents(context, named: name, type: type)
            context.expectEqual(item.contentType, type, "\"\(name)\" created without contents has another type")
            if let size = item.documentSize {
                context.expectEqual(size, 0, "\"\(name)\" without contents is not empty")
            }
            let (data, _) = try await context.fetch(item.itemIdentifier)
            context.expectEqual(data, Data(), "fetching \"\(name)\", created without contents, returned bytes")
        }
    }

    static let fileWithoutContentsIsNoFolder = ConformanceCheck(
        "MUT-63",
        .mutations,
        "a file created without contents holds no children and lists as a file",
        rule: "Rule 12 (creation)",
        clauses: ["R12.8", "R12.6"],
        rationale: "A file template without contents that becomes a folder on the server takes children the "
            + "system never meant to put there, and every other device shows a folder where the user saved a file.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Drafts")
        let custom = ContentType("com.example.project", conformingTo: [.data])
        for (name, type) in [("untitled", ContentType.data), ("untitled.project", custom)] {
            let item = try await createWithoutContents(context, named: name, type: type, in: folder.itemIdentifier)
            await context.expectError(.noSuchItem, "list \(item.itemIdentifier), a file created without contents") {
                try await context.list(item.itemIdentifier)
            }
            await context.expectError(
                .noSuchItem,
                "createItem under \(item.itemIdentifier), a file without contents"
            ) {
                try await context.createFile(named: "child.txt", in: item.itemIdentifier)
            }
        }
        let listed = try await context.list(folder.itemIdentifier)
        context.expectEqual(
            listed.map(\.contentType.isDirectory),
            [false, false],
            "the folder does not list two files"
        )
    }

    /// Creates `name` with `contents` from a template that declares `declared` as its size.
    private static func createDeclaring(
        _ context: CheckContext,
        _ declared: Int64,
        named name: String,
        contents: Data
    ) async throws -> ItemSnapshot {
        var template = context.template(named: name, in: .rootContainer, contentType: .forFilename(name))
        template.documentSize = declared
        return try await context.create(template, contents: contents)
    }

    static let createdSizeIsStoredSize = ConformanceCheck(
        "MUT-64",
        .mutations,
        "a creation returns the stored content's size, not the size the template declares",
        rule: "Rules 10 and 12 (versions and sizes, creation)",
        clauses: ["R12.11", "R10.3"],
        rationale: "The template's size is what the system saw when it queued the upload; a provider that echoes "
            + "it shows a wrong size until the next lookup, and the system may truncate or pad the file to it.",
        requires: .writing
    ) { context in
        for (declared, contents) in [(999, Data("abc".utf8)), (1, Data(repeating: 7, count: 4_097)), (12, Data())] {
            let name = "declared-\(declared).bin"
            let item = try await createDeclaring(context, Int64(declared), named: name, contents: contents)
            context.expectEqual(
                item.documentSize,
                Int64(contents.count),
                "createItem(\"\(name)\") with \(contents.count) bytes returned another size"
            )
        }
    }

    static let createdSizeMatchesLookups = ConformanceCheck(
        "MUT-65",
        .mutations,
        "a created file's size agrees in the creation's result, its lookup and its listing",
        rule: "Rules 10 and 12 (versions and sizes, creation)",
        clauses: ["R12.11", "R12.1"],
        rationale: "The creation's result is the first state the system records; a size that a lookup contradicts "
            + "makes the system see a content change that never happened and download the file again.",
        requires: .writing
    ) { context in
        let item = try await createDeclaring(context, 0, named: "sized.txt", contents: Data("five!".utf8))
        let looked = try await context.item(item.itemIdentifier)
        let listed = try await context.list(.rootContainer).first { $0.itemIdentifier == item.itemIdentifier }
        context.expectEqual(looked.documentSize, 5, "item(for:) of a 5-byte file gives another size")
        context.expectEqual(
            item.documentSize,
            looked.documentSize,
            "createItem returned another size than item(for:) for a template declaring 0 bytes"
        )
        context.expectEqual(listed?.documentSize, looked.documentSize, "the listing gives another size than item(for:)")
    }
}
