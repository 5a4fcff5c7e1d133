import FileProviderKit
import Foundation

/// The MUT checks of rule 12, *creation* (MUT-01, MUT-02, MUT-03, MUT-06, MUT-13, MUT-31, MUT-41, MUT-42, MUT-43, MUT-90, MUT-91, MUT-92).
extension MutationChecks {
    static let mayAlreadyExistFile = ConformanceCheck(
        "MUT-31",
        .mutations,
        "creating a file with mayAlreadyExist twice leaves one file",
        rule: "Rule 12 (mayAlreadyExist)",
        clauses: ["R12.3"],
        rationale: "Restores resend files with mayAlreadyExist; a provider that only matches folders duplicates "
            + "every file, or fails the restore with a collision.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Restored")
        let first = try await context.createFile(named: "same.txt", in: folder.itemIdentifier, contents: Data("x".utf8))
        let again = try await context.createResult(
            context.template(named: "same.txt", in: folder.itemIdentifier, contentType: .plainText),
            contents: Data("x".utf8),
            options: .mayAlreadyExist
        )
        if let again {
            context.expectEqual(
                again.item.itemIdentifier,
                first.itemIdentifier,
                "mayAlreadyExist returned another item than the existing one"
            )
        }
        let listed = try await context.list(folder.itemIdentifier).map(\.itemIdentifier)
        context.expectEqual(
            listed,
            [first.itemIdentifier],
            "the folder holds duplicates after a mayAlreadyExist creation"
        )
        // A name equal under the domain's rule but spelled otherwise matches too: another Unicode
        // form, and where names are case-insensitive, another case.
        let docs = try await context.createFolder(named: "Caf\u{E9} Docs", in: folder.itemIdentifier)
        var spellings = ["Cafe\u{301} Docs"]
        if !context.capabilities.contains(.caseSensitiveFilenames) {
            spellings += ["caf\u{E9} docs", "CAF\u{C9} DOCS"]
        }
        for spelling in spellings {
            let matched = try await context.createResult(
                context.template(named: spelling, in: folder.itemIdentifier, contentType: .folder),
                contents: nil,
                options: .mayAlreadyExist
            )
            context.expectEqual(
                matched?.item.itemIdentifier,
                docs.itemIdentifier,
                "a folder created with mayAlreadyExist as \(spelling.debugDescription) did not return the folder "
                    + "named \(docs.filename.debugDescription)"
            )
        }
    }

    /// Creates `A` and `B` in the root and `name` in `A`, then creates `name` in `B` with
    /// mayAlreadyExist, and expects a new item in `B` with `A`'s item unchanged.
    private static func expectMayAlreadyExistCreates(
        _ context: CheckContext,
        named name: String,
        contentType: ContentType
    ) async throws {
        let first = try await context.createFolder(named: "A")
        let second = try await context.createFolder(named: "B")
        let contents = contentType.isDirectory ? nil : Data("in A".utf8)
        let existing = try await context.create(
            context.template(named: name, in: first.itemIdentifier, contentType: contentType),
            contents: contents
        )
        let result = try await context.createResult(
            context.template(named: name, in: second.itemIdentifier, contentType: contentType),
            contents: contentType.isDirectory ? nil : Data("in B".utf8),
            options: .mayAlreadyExist
        )
        let created = try context.require(
            result?.item,
            "createItem(\"\(name)\") with mayAlreadyExist in a folder without that name refused the item"
        )
        let returned = ItemSnapshot(created)
        context.expect(
            returned.itemIdentifier != existing.itemIdentifier,
            "mayAlreadyExist returned the item of that name in another folder instead of creating one",
            expected: "a new item in \(second.itemIdentifier)",
            actual: "\(existing.itemIdentifier) in \(existing.parentItemIdentifier)"
        )
        context.expectEqual(
            returned.parentItemIdentifier,
            second.itemIdentifier,
            "the item returned by mayAlreadyExist has another parent than the template's"
        )
        context.expectEqual(returned.filename, name, "the item returned by mayAlreadyExist has another name")
        let listed = try await context.list(second.itemIdentifier).map(\.itemIdentifier)
        context.expectEqual(
            listed,
            [returned.itemIdentifier],
            "the target folder does not list exactly the item mayAlreadyExist returned"
        )
        let kept = try await context.item(existing.itemIdentifier)
        context.expectEqual(
            ItemDigest(kept),
            ItemDigest(existing),
            "the item of that name in the other folder changed"
        )
        let inFirst = try await context.list(first.itemIdentifier).map(\.itemIdentifier)
        context.expectEqual(inFirst, [existing.itemIdentifier], "the other folder no longer lists only its item")
    }

    static let mayAlreadyExistFileElsewhere = ConformanceCheck(
        "MUT-41",
        .mutations,
        "a file created with mayAlreadyExist where only another folder holds its name is created there",
        rule: "Rule 12 (mayAlreadyExist, creation)",
        clauses: ["R12.3", "R12.1"],
        rationale: "mayAlreadyExist matches within the template's folder only; a provider that looks the name up "
            + "across the domain hands back another folder's file, creates nothing, and the system then treats "
            + "the user's new file as that one.",
        requires: .writing
    ) { context in
        try await expectMayAlreadyExistCreates(context, named: "x.txt", contentType: .plainText)
    }

    static let mayAlreadyExistFolderElsewhere = ConformanceCheck(
        "MUT-42",
        .mutations,
        "a folder created with mayAlreadyExist where only another folder holds its name is created there",
        rule: "Rule 12 (mayAlreadyExist, creation)",
        clauses: ["R12.3", "R12.1"],
        rationale: "A restore re-creates every folder with mayAlreadyExist; a provider that matches a folder "
            + "of the same name anywhere files the restored folder's children into a stranger's folder.",
        requires: .writing
    ) { context in
        try await expectMayAlreadyExistCreates(context, named: "Shared", contentType: .folder)
    }

    static let fractionalDatesAtCreation = ConformanceCheck(
        "MUT-43",
        .mutations,
        "dates with fractions of a second given at creation come back exactly",
        rule: "Rule 12 (creation)",
        clauses: ["R12.1", "R13.1"],
        rationale: "A provider that stores whole seconds hands back dates the system did not write; the "
            + "modification date then differs from the local file's by a fraction, and the system uploads or "
            + "downloads the file again on every comparison.",
        requires: .writing
    ) { context in
        let dates: ItemFields = [.creationDate, .contentModificationDate, .lastUsedDate]
        for (index, base) in [1_000.0, 600_000_000, -86_400].enumerated() {
            var template = context.template(named: "dated-\(index).txt", in: .rootContainer, contentType: .plainText)
            template.creationDate = index == 0 ? quarterPast : fractionalDate(context, after: base)
            template.contentModificationDate = fractionalDate(context, after: base + 3_600)
            template.lastUsedDate = fractionalDate(context, after: base + 7_200)
            let result = try await context.createResult(template, contents: Data("dated".utf8), extraFields: dates)
            let created = try context.require(result, "createItem(\"\(template.filename)\") returned no item")
            let applied = dates.subtracting(created.stillPendingFields)
            expectDates(context, ItemSnapshot(created.item), as: template, applied, "of the created item")
            let stored = try await context.item(created.item.itemIdentifier)
            expectDates(context, stored, as: template, applied, "from item(for:) after the creation")
        }
    }

    static let createFromSymbolicLink = ConformanceCheck(
        "MUT-90",
        .mutations,
        "createItem with a contents URL that is a symbolic link stores the linked file's bytes",
        rule: "Rule 12 (creation)",
        clauses: ["R12.20"],
        rationale: "The contents URL is the caller's file, wherever it lives; a provider that lstat()s it and "
            + "refuses a link, or uploads the link's target path, loses a file the user saved.",
        requires: .writing
    ) { context in
        let data = Data("through a link".utf8)
        let link = try symbolicLink(context, to: data)
        let template = context.template(named: "linked.txt", in: .rootContainer, contentType: .plainText)
        context.note("createItem(\"linked.txt\") with contents at a symbolic link")
        let result = try await context.provider.createItem(
            basedOn: template,
            fields: [.filename, .parentItemIdentifier, .contents],
            contents: link,
            options: [],
            request: Request()
        )
        let item = try context.require(result?.item, "createItem from a symbolic link returned no item")
        let (fetched, _) = try await context.fetch(item.itemIdentifier)
        context.expectEqual(fetched, data, "the item created from a symbolic link holds other bytes")
        context.expectEqual(item.documentSize, Int64(data.count), "the created item's documentSize")
    }

    static let writeFromSymbolicLink = ConformanceCheck(
        "MUT-91",
        .mutations,
        "modifyItem with new contents at a symbolic link stores the linked file's bytes as a new content version",
        rule: "Rule 13 (every changed field applied)",
        clauses: ["R12.20", "R13.1"],
        rationale: "Editors save through links and temporary folders; a provider that refuses a link as the "
            + "new contents fails the save, one that reads the link itself stores a path as the document.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "relinked.txt", contents: Data("before".utf8))
        let data = Data("after, through a link".utf8)
        let link = try symbolicLink(context, to: data)
        context.note("modifyItem(\(file.itemIdentifier): contents at a symbolic link)")
        let result = try await context.provider.modifyItem(
            file,
            baseVersion: file.itemVersion,
            changedFields: .contents,
            contents: link,
            options: [],
            request: Request()
        )
        let item = try context.require(result?.item, "modifyItem with contents at a symbolic link returned no item")
        let (fetched, _) = try await context.fetch(item.itemIdentifier)
        context.expectEqual(fetched, data, "the item written from a symbolic link holds other bytes")
        context.expect(
            item.itemVersion.contentVersion != file.itemVersion.contentVersion,
            "the write from a symbolic link kept the content version",
            clauses: ["R10.1"]
        )
    }

    static let deepChain = ConformanceCheck(
        "MUT-92",
        .mutations,
        "a chain of 24 nested folders is created, looked up, listed and moved like a shallow one",
        rule: "Rule 12 (creation)",
        clauses: ["R12.21"],
        rationale: "Real trees nest deeply (node_modules, photo archives); a provider with a fixed-size path "
            + "buffer or a recursion limit of 16 refuses or loses everything below it.",
        requires: .writing
    ) { context in
        var chain: [ItemSnapshot] = []
        var parent = ItemIdentifier.rootContainer
        for level in 1...chainDepth {
            let folder = try await context.createFolder(named: "level-\(level)", in: parent)
            chain.append(folder)
            parent = folder.itemIdentifier
        }
        let leaf = try await context.createFile(named: "leaf.txt", in: parent)
        let found = try await context.item(leaf.itemIdentifier)
        context.expectEqual(found.parentItemIdentifier, parent, "the leaf 24 folders down has another parent")
        let listed = try await context.list(parent).map(\.itemIdentifier)
        context.expectEqual(listed, [leaf.itemIdentifier], "the folder 24 levels down does not list its file")
        let mover = try await context.createFile(named: "mover.txt")
        let moved = try await context.move(mover, to: parent)
        context.expectEqual(moved.parentItemIdentifier, parent, "a file moved 24 levels down has another parent")
        let (data, _) = try await context.fetch(leaf.itemIdentifier)
        context.expectEqual(data, Data("hello".utf8), "the leaf 24 folders down holds other bytes")
    }

    static let createFile = ConformanceCheck(
        "MUT-01",
        .mutations,
        "a created file is returned as stored and is visible to lookups and listings",
        rule: "Rules 9 and 12 (identifiers, creation)",
        clauses: ["R12.1", "R9.3"],
        rationale: "The system replaces its copy with the returned item; a wrong parent, name or size misplaces it.",
        requires: .writing,
        tier: .smoke
    ) { context in
        let file = try await context.createFile(named: "created.txt", contents: Data("12345".utf8))
        context.expectEqual(file.filename, "created.txt", "the created item has another name")
        context.expectEqual(file.parentItemIdentifier, .rootContainer, "the created item has another parent")
        context.expect(!file.contentType.isDirectory, "the created file is a directory")
        if let size = file.documentSize {
            context.expectEqual(size, 5, "the created file's documentSize is wrong")
        }
        let listed = try await context.list(.rootContainer).map(\.itemIdentifier)
        context.expect(listed.contains(file.itemIdentifier), "the created file is not in its folder's listing")
        let (data, _) = try await context.fetch(file.itemIdentifier)
        context.expectEqual(data, Data("12345".utf8), "the created file's content differs")
    }

    static let createNested = ConformanceCheck(
        "MUT-02",
        .mutations,
        "folders nest, and files are created inside them",
        rule: "Rule 12 (creation)",
        clauses: ["R12.1"],
        rationale: "A provider that flattens or misfiles nested items scrambles the user's tree.",
        requires: .writing,
        tier: .smoke
    ) { context in
        let outer = try await context.createFolder(named: "Outer")
        let inner = try await context.createFolder(named: "Inner", in: outer.itemIdentifier)
        context.expect(inner.contentType.isDirectory, "a created folder is not a directory")
        let file = try await context.createFile(named: "deep.txt", in: inner.itemIdentifier)
        context.expectEqual(file.parentItemIdentifier, inner.itemIdentifier, "the nested file has another parent")
        let listed = try await context.list(inner.itemIdentifier).map(\.itemIdentifier)
        context.expectEqual(listed, [file.itemIdentifier], "the inner folder does not list exactly its file")
    }

    static let missingParent = ConformanceCheck(
        "MUT-03",
        .mutations,
        "creating under a missing parent fails with noSuchItem and creates nothing",
        rule: "Rule 12 (creation)",
        clauses: ["R12.2", "R16.1"],
        rationale: "noSuchItem makes the system re-create the parent first; another error, or a success that "
            + "files the item elsewhere, loses it.",
        requires: .writing
    ) { context in
        let before = ItemDigest.map(try await context.tree())
        await context.expectError(.noSuchItem, "createItem under a missing parent") {
            try await context.createFile(named: "orphan.txt", in: ItemIdentifier("missing-parent-\(context.seed)"))
        }
        let folder = try await context.createFolder(named: "Gone")
        try await context.delete(folder)
        await context.expectError(.noSuchItem, "createItem under the deleted \(folder.itemIdentifier)") {
            try await context.createFile(named: "orphan.txt", in: folder.itemIdentifier)
        }
        let after = ItemDigest.map(try await context.tree())
        context.expectEqual(after, before, "failed creations changed the tree")
    }

    static let mayAlreadyExist = ConformanceCheck(
        "MUT-06",
        .mutations,
        "creating with mayAlreadyExist returns the matching item instead of a duplicate",
        rule: "Rule 12 (mayAlreadyExist)",
        clauses: ["R12.3"],
        rationale: "Imports and restores resend every item with mayAlreadyExist; a provider that duplicates them "
            + "doubles the user's files.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Imported")
        let again = try await context.create(
            context.template(named: "Imported", in: .rootContainer, contentType: .folder),
            contents: nil,
            options: .mayAlreadyExist
        )
        context.expectEqual(again.itemIdentifier, folder.itemIdentifier, "mayAlreadyExist created a second folder")
        let names = try await context.list(.rootContainer).map(\.filename)
        context.expectEqual(names, ["Imported"], "the root holds duplicates after a mayAlreadyExist creation")
    }

    static let moveToMissingParent = ConformanceCheck(
        "MUT-13",
        .mutations,
        "moving to a missing parent fails with noSuchItem and changes nothing",
        rule: "Rules 13 and 16 (modification, errors)",
        clauses: ["R12.2"],
        rationale: "noSuchItem tells the system the destination is gone; moving the item elsewhere loses it.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "stay.txt")
        await context.expectError(.noSuchItem, "move \(file.itemIdentifier) to a missing folder") {
            try await context.move(file, to: ItemIdentifier("missing-folder-\(context.seed)"))
        }
        let stored = try await context.item(file.itemIdentifier)
        context.expectEqual(stored.parentItemIdentifier, .rootContainer, "the refused move changed the parent")
    }
}
