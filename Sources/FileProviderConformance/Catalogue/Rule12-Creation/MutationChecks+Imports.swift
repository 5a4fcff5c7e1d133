import FileProviderKit
import Foundation

/// The MUT checks of rule 12, *creation* — imports with mayAlreadyExist (MUT-66, MUT-67, MUT-68, MUT-69).
extension MutationChecks {
    /// Creates an item of the kind `existing` is not, named like it, with mayAlreadyExist, and
    /// expects filenameCollision carrying `existing`.
    private static func expectOtherKindCollides(_ context: CheckContext, with existing: ItemSnapshot) async {
        let parent = existing.parentItemIdentifier
        let isFolder = existing.contentType.isDirectory
        let template = context.template(
            named: existing.filename,
            in: parent,
            contentType: isFolder ? .plainText : .folder
        )
        let contents: [Data?] = isFolder ? [Data("a file".utf8), nil] : [nil]
        for data in contents {
            let error = await context.expectError(
                .filenameCollision,
                "createItem(\"\(existing.filename)\" as a \(isFolder ? "file" : "folder")"
                    + "\(data == nil ? "" : " with contents"), mayAlreadyExist) next to the "
                    + "\(isFolder ? "folder" : "file") of that name"
            ) {
                try await context.createResult(template, contents: data, options: .mayAlreadyExist)
            }
            if let error {
                context.expectEqual(
                    error.item?.itemIdentifier ?? error.itemIdentifier,
                    existing.itemIdentifier,
                    "the collision does not carry the existing item of the other kind"
                )
            }
        }
    }

    static let mayAlreadyExistOtherKindCollides = ConformanceCheck(
        "MUT-66",
        .mutations,
        "mayAlreadyExist does not match an item of the other kind: the creation collides and changes nothing",
        rule: "Rule 12 (mayAlreadyExist)",
        clauses: ["R12.9", "R16.1"],
        rationale: "A reimport sends every file and folder with mayAlreadyExist; a provider that answers a file's "
            + "template with the folder of its name tells the system the file is a folder, and the file's bytes "
            + "are never uploaded.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Shared")
        let file = try await context.createFile(named: "notes.txt", contents: Data("notes".utf8))
        let before = ItemDigest.map(try await context.tree())
        await expectOtherKindCollides(context, with: folder)
        await expectOtherKindCollides(context, with: file)
        let after = ItemDigest.map(try await context.tree())
        context.expectEqual(after, before, "mayAlreadyExist creations of the other kind changed the tree")
    }

    static let mayAlreadyExistOtherKindChangesNothing = ConformanceCheck(
        "MUT-67",
        .mutations,
        "mayAlreadyExist creations of the other kind in a folder report no change and keep both items",
        rule: "Rule 12 (mayAlreadyExist)",
        clauses: ["R12.9"],
        rationale: "A directory merge resends a folder's children with mayAlreadyExist; matching a folder to a "
            + "file of its name merges the folder's children into a file, which the system then deletes.",
        requires: .writing
    ) { context in
        let parent = try await context.createFolder(named: "Merge")
        let folder = try await context.createFolder(named: "assets", in: parent.itemIdentifier)
        let file = try await context.createFile(
            named: "index.html",
            in: parent.itemIdentifier,
            contents: Data("<html>".utf8)
        )
        let anchor = try await context.anchor()
        await expectOtherKindCollides(context, with: folder)
        await expectOtherKindCollides(context, with: file)
        try await context.expectNoChanges(since: anchor, "after mayAlreadyExist creations that all failed")
        let listed = try await context.list(parent.itemIdentifier).map {
            "\($0.filename):\($0.contentType.isDirectory)"
        }
        context.expectEqual(listed.sorted(), ["assets:true", "index.html:false"], "the folder's children changed")
    }

    /// Creates a file named like `existing` in its folder with `incoming` and mayAlreadyExist,
    /// and records a finding unless the incoming bytes survive: as the existing item's new content
    /// version, in another item (a conflict copy), or refused with filenameCollision carrying the
    /// existing item, which then keeps `original`.
    static func expectIncomingKept(
        _ context: CheckContext,
        _ existing: ItemSnapshot,
        original: Data,
        incoming: Data
    ) async throws {
        let template = context.template(
            named: existing.filename,
            in: existing.parentItemIdentifier,
            contentType: existing.contentType
        )
        let call = "createItem(\"\(existing.filename)\", \(incoming.count) other bytes, mayAlreadyExist)"
        let result: ItemMutationResult?
        do {
            result = try await context.createResult(template, contents: incoming, options: .mayAlreadyExist)
        } catch let error as FileProviderError where error.code == .filenameCollision {
            context.expectEqual(
                error.item?.itemIdentifier ?? error.itemIdentifier,
                existing.itemIdentifier,
                "\(call) collided without the existing item"
            )
            let (data, _) = try await context.fetch(existing.itemIdentifier)
            context.expectEqual(data, original, "\(call) failed but changed the existing file")
            return
        }
        let expected = "the incoming bytes as a new content version, in a conflict copy, or filenameCollision"
        guard let returned = result.map({ ItemSnapshot($0.item) }) else {
            context.fail("\(call) returned no item: the system deletes the file", expected: expected, actual: "nil")
            return
        }
        let (data, fetched) = try await context.fetch(returned.itemIdentifier)
        guard returned.itemIdentifier == existing.itemIdentifier else {
            context.expectEqual(data, incoming, "\(call) returned another item that does not hold the incoming bytes")
            return
        }
        context.expect(
            data == incoming && fetched.itemVersion.contentVersion != existing.itemVersion.contentVersion,
            "\(call) returned the existing item without the incoming bytes: they are lost",
            expected: expected,
            actual: "the existing item, content \(FindingValue.describe(data)), version \(fetched.itemVersion)"
        )
    }

    static let mayAlreadyExistKeepsIncomingBytes = ConformanceCheck(
        "MUT-68",
        .mutations,
        "mayAlreadyExist on a file with other content never drops the incoming bytes, of another size or the same",
        rule: "Rule 12 (mayAlreadyExist)",
        clauses: ["R12.10"],
        rationale: "A restored backup resends the user's files with mayAlreadyExist; a provider that matches by "
            + "name alone answers an edited file with the server's old one, and the system replaces the user's "
            + "edit with it.",
        requires: .writing
    ) { context in
        let original = Data("server copy".utf8)
        let existing = try await context.createFile(named: "report.txt", contents: original)
        try await expectIncomingKept(context, existing, original: original, incoming: Data("edited on the device".utf8))
        // The same size, other bytes: a provider that matches by name and size takes them for the same file.
        let sameSize = try await context.createFile(named: "ledger.txt", contents: Data("1111".utf8))
        try await expectIncomingKept(context, sameSize, original: Data("1111".utf8), incoming: Data("2222".utf8))
    }

    static let mayAlreadyExistKeepsIncomingBytesNested = ConformanceCheck(
        "MUT-69",
        .mutations,
        "mayAlreadyExist on nested files keeps incoming bytes that are empty, larger or of the same size",
        rule: "Rule 12 (mayAlreadyExist)",
        clauses: ["R12.10", "R12.3"],
        rationale: "A directory merge resends every child with mayAlreadyExist; answering each with the server's "
            + "item unchanged silently reverts every file the user changed in the merged folder.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Merged")
        let emptied = try await context.createFile(named: "a.dat", in: folder.itemIdentifier, contents: Data("a".utf8))
        let grown = try await context.createFile(named: "b.dat", in: folder.itemIdentifier, contents: Data("b".utf8))
        try await expectIncomingKept(context, emptied, original: Data("a".utf8), incoming: Data())
        try await expectIncomingKept(
            context,
            grown,
            original: Data("b".utf8),
            incoming: context.largeContent(count: 70_000, salt: 69)
        )
        let resized = try await context.createFile(named: "d.dat", in: folder.itemIdentifier, contents: Data("d1".utf8))
        try await expectIncomingKept(context, resized, original: Data("d1".utf8), incoming: Data("d2".utf8))
        let same = try await context.create(
            context.template(named: "c.dat", in: folder.itemIdentifier, contentType: .data),
            contents: Data("c".utf8)
        )
        let again = try await context.create(
            context.template(named: "c.dat", in: folder.itemIdentifier, contentType: .data),
            contents: Data("c".utf8),
            options: .mayAlreadyExist
        )
        context.expectEqual(again.itemIdentifier, same.itemIdentifier, "mayAlreadyExist with equal bytes duplicated")
    }
}
