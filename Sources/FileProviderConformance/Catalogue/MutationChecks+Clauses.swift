import FileProviderKit
import Foundation

/// Mutation checks of names (invalid, canonically equivalent), fields left alone, metadata
/// conflicts, conflict copies, stale deletions and reserved containers.
extension MutationChecks {
    static let clauseChecks: [ConformanceCheck] = [
        invalidNamesInMoves, normalisationCollisions, unchangedFieldsStay, staleRename, staleMetadataEdit,
        conflictCopyBesideItsName, conflictCopyBesideLookAlike, mayAlreadyExistFile, staleDeletionAfterRename,
        reservedContainersCannotMove, remoteConflictCopyBesideCaseVariant, deleteRemotelyDeleted,
        modifyRemotelyDeleted, cycleThroughRemoteMove, contentWriteKeepsFields, metadataEditKeepsFields,
        caseOnlyRename,
    ]

    static let precomposed = "Caf\u{E9}.txt"
    static let decomposed = "Cafe\u{301}.txt"

    static let invalidNamesInMoves = ConformanceCheck(
        "MUT-24",
        .mutations,
        "invalid names are refused in folder creations and in moves that rename, changing nothing",
        rule: "Rule 11 (filenames)",
        clauses: ["R11.1", "R16.1"],
        rationale: "A provider that validates names only on one path lets \"a/b\" through another and then writes "
            + "an item no disk can hold.",
        requires: .writing
    ) { context in
        let target = try await context.createFolder(named: "Target")
        let file = try await context.createFile(named: "mover.txt")
        let before = ItemDigest.map(try await context.tree())
        for name in ["a/b", "/", "..", "\u{0}", "", String(repeating: "\u{E9}", count: 128)] {
            let shown = name.debugDescription
            await context.expectError(.invalidFilename, "create the folder \(shown) in \(target.itemIdentifier)") {
                try await context.createFolder(named: name, in: target.itemIdentifier)
            }
            await context.expectError(.invalidFilename, "move \(file.itemIdentifier) renaming it to \(shown)") {
                try await context.modify(
                    file,
                    fields: [.parentItemIdentifier, .filename],
                    description: "move to \(target.itemIdentifier) as \(shown)"
                ) {
                    $0.parentItemIdentifier = target.itemIdentifier
                    $0.filename = name
                }
            }
        }
        let after = ItemDigest.map(try await context.tree())
        context.expectEqual(after, before, "refused names changed the tree")
    }

    static let normalisationCollisions = ConformanceCheck(
        "MUT-25",
        .mutations,
        "names differing only in Unicode normalisation collide in creations, renames and moves",
        rule: "Rule 11 (collisions)",
        clauses: ["R11.3", "R11.4"],
        rationale: "macOS hands names over decomposed, servers often store them precomposed; a provider comparing "
            + "bytes keeps two \"Café.txt\" that no Mac folder can hold.",
        requires: .writing
    ) { context in
        let first = try await context.createFile(named: precomposed)
        context.expect(
            Array(first.filename.unicodeScalars) == Array(precomposed.unicodeScalars),
            "the precomposed name did not come back exactly as written",
            actual: first.filename.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
        )
        let error = await context.expectError(.filenameCollision, "create the decomposed form of \(precomposed)") {
            try await context.createFile(named: decomposed)
        }
        if let carried = error?.item {
            context.expectEqual(carried.itemIdentifier, first.itemIdentifier, "filenameCollision carries another item")
        }
        let other = try await context.createFile(named: "other.txt")
        await context.expectError(.filenameCollision, "rename other.txt to the decomposed form") {
            try await context.rename(other, to: decomposed)
        }
        let folder = try await context.createFolder(named: "Sub")
        let traveller = try await context.createFile(named: decomposed, in: folder.itemIdentifier)
        context.expect(
            Array(traveller.filename.unicodeScalars) == Array(decomposed.unicodeScalars),
            "the decomposed name did not come back exactly as written",
            actual: traveller.filename.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
        )
        await context.expectError(.filenameCollision, "move the decomposed name next to the precomposed one") {
            try await context.move(traveller, to: .rootContainer)
        }
        let matching = try await context.list(.rootContainer).filter { $0.filename == precomposed }
        context.expectEqual(matching.map(\.itemIdentifier), [first.itemIdentifier], "the root lists the name twice")
    }

    static let unchangedFieldsStay = ConformanceCheck(
        "MUT-26",
        .mutations,
        "fields not in changedFields stay as stored, however the template differs",
        rule: "Rule 13 (modification)",
        clauses: ["R13.2"],
        rationale: "The system sends the whole item and names the fields that changed; a provider that applies "
            + "the rest renames, moves or overwrites files with stale values.",
        requires: .writing
    ) { context in
        let home = try await context.createFolder(named: "Home")
        let away = try await context.createFolder(named: "Away")
        let file = try await context.createFile(
            named: "kept.txt",
            in: home.itemIdentifier,
            contents: Data("original".utf8)
        )
        let result = try await context.modify(
            file,
            fields: .tagData,
            contents: Data("not in changedFields".utf8),
            description: "set tagData only, with another name, parent, dates and a content file in the template"
        ) {
            $0.tagData = Data([9])
            $0.filename = "renamed.txt"
            $0.parentItemIdentifier = away.itemIdentifier
            $0.contentModificationDate = Date(timeIntervalSince1970: 1_000)
            $0.creationDate = Date(timeIntervalSince1970: 1_000)
        }
        let stored = try await context.item(file.itemIdentifier)
        context.expectEqual(
            ItemSnapshot(result.item).filename,
            "kept.txt",
            "the returned item took the template's name"
        )
        context.expectEqual(stored.filename, file.filename, "a filename not in changedFields was applied")
        context.expectEqual(
            stored.parentItemIdentifier,
            file.parentItemIdentifier,
            "a parent not in changedFields was applied"
        )
        context.expectEqual(
            stored.contentModificationDate,
            file.contentModificationDate,
            "a date not in changedFields was applied"
        )
        context.expectEqual(stored.creationDate, file.creationDate, "a creationDate not in changedFields was applied")
        context.expectEqual(
            stored.itemVersion.contentVersion,
            file.itemVersion.contentVersion,
            "content not in changedFields changed contentVersion"
        )
        let (data, _) = try await context.fetch(file.itemIdentifier)
        context.expectEqual(data, Data("original".utf8), "content not in changedFields was written")
    }

    static let staleRename = ConformanceCheck(
        "MUT-27",
        .mutations,
        "a stale rename with failOnConflict fails with localVersionConflictingWithServer",
        rule: "Rule 13 (conflicts)",
        clauses: ["R13.3"],
        rationale: "Providers often check the base version only for content; a stale rename then silently undoes "
            + "another device's edit of the name.",
        requires: [.writing, .failOnConflict]
    ) { context in
        let file = try await context.createFile(named: "first.txt")
        let current = try await context.rename(file, to: "second.txt")
        await context.expectError(.localVersionConflictingWithServer, "rename on the stale first version") {
            try await context.modify(
                file,
                fields: .filename,
                options: .failOnConflict,
                description: "rename to third.txt"
            ) {
                $0.filename = "third.txt"
            }
        }
        let stored = try await context.item(file.itemIdentifier)
        context.expectEqual(stored.filename, current.filename, "the refused stale rename changed the name")
    }

    static let staleMetadataEdit = ConformanceCheck(
        "MUT-28",
        .mutations,
        "a stale tag and favorite-rank edit with failOnConflict fails and changes nothing",
        rule: "Rule 13 (conflicts)",
        clauses: ["R13.3", "R16.1"],
        rationale: "Metadata-only edits conflict too: a stale tag edit that wins silently discards the tags another "
            + "device just set.",
        requires: [.writing, .failOnConflict]
    ) { context in
        let file = try await context.createFile(named: "tagged.txt")
        let current = try await context.write(Data("newer".utf8), to: file)
        await context.expectError(.localVersionConflictingWithServer, "tag edit on the stale first version") {
            try await context.modify(
                file,
                fields: [.tagData, .favoriteRank],
                options: .failOnConflict,
                description: "set tagData and favoriteRank"
            ) {
                $0.tagData = Data([4, 2])
                $0.favoriteRank = 3
            }
        }
        let stored = try await context.item(file.itemIdentifier)
        context.expectEqual(stored.itemVersion, current.itemVersion, "the refused stale edit changed the version")
        context.expectEqual(stored.tagData, current.tagData, "the refused stale edit changed the tags")
    }

    static let conflictCopyBesideItsName = ConformanceCheck(
        "MUT-29",
        .mutations,
        "a stale write keeps both sides even where the conflict copy's name is taken",
        rule: "Rule 13 (no bytes lost)",
        clauses: ["R13.4", "R13.5"],
        rationale: "A provider that names every conflict copy the same way overwrites the previous copy, or an "
            + "unrelated file that happens to bear that name.",
        requires: [.writing, .conflictCopies]
    ) { context in
        try await context.expectConflictCopyAvoids(baseName: "report.txt") { $0 }
    }

    static let conflictCopyBesideLookAlike = ConformanceCheck(
        "MUT-30",
        .mutations,
        "a conflict copy's name collides with no sibling under the case and normalisation rule",
        rule: "Rule 13 (no bytes lost) and rule 11 (collisions)",
        clauses: ["R13.5", "R13.4"],
        rationale: "A copy named by byte comparison lands next to a sibling that differs only in case or "
            + "normalisation: a folder the Mac cannot hold, and one of the two files disappears on disk.",
        requires: [.writing, .conflictCopies]
    ) { context in
        let caseInsensitive = !context.capabilities.contains(.caseSensitiveFilenames)
        try await context.expectConflictCopyAvoids(baseName: precomposed) { name in
            let lookAlike = name.decomposedStringWithCanonicalMapping
            return caseInsensitive ? lookAlike.uppercased() : lookAlike
        }
    }

    static let remoteConflictCopyBesideCaseVariant = ConformanceCheck(
        "MUT-34",
        .mutations,
        "a conflict with another client's edit makes a copy that collides with no sibling under the case rule",
        rule: "Rule 13 (no bytes lost) and rule 11 (collisions)",
        clauses: ["R13.5", "R13.4"],
        rationale: "Conflicts mostly come from edits on other devices; a provider whose conflict copies skip the "
            + "collision check it applies to creations places a copy next to a case variant of its name.",
        requires: [.writing, .conflictCopies, .remoteChanges]
    ) { context in
        let caseInsensitive = !context.capabilities.contains(.caseSensitiveFilenames)
        try await context.expectConflictCopyAvoids(baseName: "notes.txt", remotely: true) { name in
            caseInsensitive ? name.uppercased() : name
        }
    }

    static let deleteRemotelyDeleted = ConformanceCheck(
        "MUT-35",
        .mutations,
        "deleting an item another client already deleted succeeds",
        rule: "Rule 15 (unknown items)",
        clauses: ["R15.3"],
        rationale: "Two devices emptying the same folder is ordinary; a provider that answers the second deletion "
            + "with an error makes the system retry it forever.",
        requires: [.writing, .remoteChanges]
    ) { context in
        let file = try await context.createFile(named: "both-delete.txt")
        let folder = try await context.createFolder(named: "Both")
        _ = try await context.createFile(named: "inside.txt", in: folder.itemIdentifier)
        let remote = try context.remote()
        for item in [file, folder] {
            context.note("remote: delete \(item.itemIdentifier)")
            try await remote.delete(item.itemIdentifier)
        }
        do {
            try await context.delete(file)
            try await context.delete(folder, options: .recursive)
        } catch {
            context.fail("deleting an item another client deleted failed", expected: "success", actual: "\(error)")
        }
    }

    static let modifyRemotelyDeleted = ConformanceCheck(
        "MUT-36",
        .mutations,
        "modifying an item another client deleted fails with noSuchItem or returns no item, and brings nothing back",
        rule: "Rules 13 and 16",
        clauses: ["R13.7", "R13.8"],
        rationale: "The system answers noSuchItem by asking the user or re-creating the item itself; a provider "
            + "that quietly re-creates it resurrects a file the other device deleted.",
        requires: [.writing, .remoteChanges]
    ) { context in
        let file = try await context.createFile(named: "gone-elsewhere.txt", contents: Data("old".utf8))
        context.note("remote: delete \(file.itemIdentifier)")
        try await context.remote().delete(file.itemIdentifier)
        await context.expectMissing(file, "write to \(file.itemIdentifier), which another client deleted") {
            try await context.modifyResult(file, fields: .contents, contents: Data("edit".utf8), description: "write")
        }
        await context.expectMissing(file, "tag \(file.itemIdentifier), which another client deleted") {
            try await context.modifyResult(file, fields: .tagData, description: "set tags") {
                $0.tagData = Data("t".utf8)
            }
        }
        let names = try await context.list(.rootContainer).map(\.filename)
        context.expect(!names.contains("gone-elsewhere.txt"), "the modification brought the deleted file back")
    }

    static let cycleThroughRemoteMove = ConformanceCheck(
        "MUT-37",
        .mutations,
        "moving a folder into one another client moved into it fails with invalidArgument and changes nothing",
        rule: "Rule 13 (no cycles)",
        clauses: ["R13.6"],
        rationale: "Two devices moving two folders into each other is how cycles really arise; a provider that "
            + "checks only its own view accepts the second move and detaches both folders from the root.",
        requires: [.writing, .remoteChanges]
    ) { context in
        let first = try await context.createFolder(named: "First")
        let second = try await context.createFolder(named: "Second")
        context.note("remote: move \(second.itemIdentifier) into \(first.itemIdentifier)")
        try await context.remote().move(second.itemIdentifier, to: first.itemIdentifier)
        await context.expectError(.invalidArgument, "move \(first.itemIdentifier) into \(second.itemIdentifier)") {
            try await context.move(try await context.item(first.itemIdentifier), to: second.itemIdentifier)
        }
        let stored = try await context.item(first.itemIdentifier)
        context.expectEqual(stored.parentItemIdentifier, .rootContainer, "the refused move changed the folder's parent")
        let inRoot = try await context.list(.rootContainer).map(\.itemIdentifier)
        context.expect(inRoot.contains(first.itemIdentifier), "the root no longer lists the folder")
    }

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
    }

    static let staleDeletionAfterRename = ConformanceCheck(
        "MUT-32",
        .mutations,
        "deleting on a version older than a rename fails with deletionRejected carrying the current item",
        rule: "Rule 15 (deletionRejected)",
        clauses: ["R15.2"],
        rationale: "A provider that compares only content versions deletes a file another device just renamed or "
            + "moved, believing the deleting device saw it.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Moved")
        let file = try await context.createFile(named: "moving.txt")
        let moved = try await context.move(file, to: folder.itemIdentifier)
        let error = await context.expectError(
            .deletionRejected,
            "delete \(file.itemIdentifier) on its version before the move"
        ) {
            try await context.delete(file.itemIdentifier, baseVersion: file.itemVersion)
        }
        if let error {
            let carried = try context.require(error.item, "deletionRejected carries no item")
            context.expectEqual(carried.itemVersion, moved.itemVersion, "deletionRejected carries another version")
            context.expectEqual(
                carried.parentItemIdentifier,
                folder.itemIdentifier,
                "deletionRejected carries another parent"
            )
        }
        context.expectEqual(
            try await context.item(file.itemIdentifier).itemVersion,
            moved.itemVersion,
            "the refused deletion changed the item"
        )
    }

    static let reservedContainersCannotMove = ConformanceCheck(
        "MUT-33",
        .mutations,
        "the root, working set and trash cannot be moved or retagged",
        rule: "Rule 16 (errors, atomicity)",
        clauses: ["R16.4", "R16.1"],
        rationale: "Moving the root into one of its folders makes a cycle that no listing ends; the system walks it "
            + "forever.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Inside")
        let root = try await context.item(.rootContainer)
        let before = ItemDigest.map(try await context.tree())
        let refused: Set<FileProviderError.Code> = [.fileWriteNoPermission, .invalidArgument, .noSuchItem]
        for container in [ItemIdentifier.rootContainer, .workingSet, .trashContainer] {
            var template = root
            template.itemIdentifier = container
            await context.expectError(refused, "move \(container) into \(folder.itemIdentifier)") {
                try await context.move(template, to: folder.itemIdentifier)
            }
            await context.expectError(refused, "set the tags of \(container)") {
                try await context.modify(template, fields: .tagData, description: "set tagData") {
                    $0.tagData = Data([1])
                }
            }
        }
        context.expectEqual(ItemDigest(try await context.item(.rootContainer)), ItemDigest(root), "the root changed")
        context.expectEqual(
            ItemDigest.map(try await context.tree()),
            before,
            "refused changes of containers changed the tree"
        )
    }

    static let contentWriteKeepsFields = ConformanceCheck(
        "MUT-38",
        .mutations,
        "a content write leaves every other field as stored, however the template differs",
        rule: "Rule 13 (modification)",
        clauses: ["R13.2"],
        rationale: "A provider that uploads new content by re-creating the file, or that copies the template's "
            + "metadata along with it, resets the creation date and drops tags and extended attributes on every save.",
        requires: .writing
    ) { context in
        let elsewhere = try await context.createFolder(named: "Elsewhere")
        let stored = try await KeptFields.createFile(context, named: "saved.txt", in: .rootContainer)
        let result = try await context.modify(
            stored,
            fields: .contents,
            contents: Data("second".utf8),
            description: "write new content, with every other field of the template different"
        ) { KeptFields.differ(&$0, except: .contents, elsewhere: elsewhere.itemIdentifier) }
        KeptFields.expectKept(context, ItemSnapshot(result.item), as: stored, except: .contents, "in the returned item")
        let after = try await context.item(stored.itemIdentifier)
        KeptFields.expectKept(context, after, as: stored, except: .contents, "after the content write")
        let (data, _) = try await context.fetch(stored.itemIdentifier)
        context.expectEqual(data, Data("second".utf8), "the content write was not applied")
    }

    static let metadataEditKeepsFields = ConformanceCheck(
        "MUT-39",
        .mutations,
        "an edit of one metadata field leaves the other fields as stored, however the template differs",
        rule: "Rule 13 (modification)",
        clauses: ["R13.2"],
        rationale: "The system sends the whole item with every edit; a provider that applies the tags, favorite "
            + "rank or last-used date of the template whatever changedFields says undoes another device's tags "
            + "whenever this one marks a favorite.",
        requires: .writing
    ) { context in
        let elsewhere = try await context.createFolder(named: "Elsewhere")
        var stored = try await KeptFields.createFile(context, named: "edited.txt", in: .rootContainer)
        let edits: [(String, ItemFields, (inout ItemSnapshot) -> Void)] = [
            ("favoriteRank", .favoriteRank, { $0.favoriteRank = 3 }),
            ("tagData", .tagData, { $0.tagData = Data("new tags".utf8) }),
            ("lastUsedDate", .lastUsedDate, { $0.lastUsedDate = Date(timeIntervalSince1970: 1_700_000_000) }),
        ]
        for (name, field, edit) in edits {
            _ = try await context.modify(
                stored,
                fields: field,
                description: "set \(name) only, with every other field of the template different"
            ) {
                KeptFields.differ(&$0, except: field, elsewhere: elsewhere.itemIdentifier)
                edit(&$0)
            }
            let after = try await context.item(stored.itemIdentifier)
            KeptFields.expectKept(context, after, as: stored, except: field, "after setting \(name) only")
            stored = after
        }
    }

    static let caseOnlyRename = ConformanceCheck(
        "MUT-40",
        .mutations,
        "an item renamed to its own name in another case keeps exactly that name and collides with nothing",
        rule: "Rule 11 (collisions, names as written)",
        clauses: ["R11.2", "R11.4"],
        rationale: "Users fix the case of a name (\"readme\" to \"README\") all the time; a provider that "
            + "looks the new name up among the siblings finds the item itself and refuses the rename as a "
            + "collision, or keeps the old case.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "readme.txt")
        let folder = try await context.createFolder(named: "notes")
        _ = try await context.createFile(named: "inside.txt", in: folder.itemIdentifier)
        _ = try await context.list(.rootContainer)
        for (item, name) in [(file, "README.txt"), (folder, "Notes")] {
            let renamed = try await context.renameCase(of: item, to: name)
            context.expectEqual(renamed.filename, name, "the case-only rename returned another name")
            let stored = try await context.item(item.itemIdentifier)
            context.expectEqual(stored.filename, name, "item(for:) after the case-only rename has another name")
            let listed = try await context.list(.rootContainer).filter { $0.filename.lowercased() == name.lowercased() }
            context.expectEqual(
                listed.map(\.itemIdentifier),
                [item.itemIdentifier],
                "the root does not list the renamed item exactly once"
            )
            context.expectEqual(listed.map(\.filename), [name], "the root lists the renamed item with another name")
        }
        let children = try await context.list(folder.itemIdentifier).map(\.filename)
        context.expectEqual(children, ["inside.txt"], "the folder renamed in case lost its child")
    }
}
