import FileProviderKit
import Foundation

/// Checks of creations, modifications and deletions (`MUT-…`).
enum MutationChecks {
    static let all: [ConformanceCheck] =
        [
            createFile, createNested, missingParent, createCollision, caseRule, mayAlreadyExist, writeContent,
            allFieldsInOneCall, failOnConflict, conflictCopy, renameCollision, moveIntoDescendant, moveToMissingParent,
            deleteFile, deleteNonEmptyFolder, staleDeletion, deleteUnknown, modifyUnknown, invalidNames, metadataFields,
            symbolicLinks, concurrentCompareAndSwap, reservedContainers,
        ] + clauseChecks + exactnessChecks + stalenessChecks + optionalResultChecks
        + creationFieldChecks + templateChecks + importChecks + rangeChecks + fidelityChecks

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

    static let createCollision = ConformanceCheck(
        "MUT-04",
        .mutations,
        "creating a name that exists fails with filenameCollision carrying the existing item",
        rule: "Rule 11 (collisions)",
        clauses: ["R11.2"],
        rationale: "The system resolves a collision by renaming one side, but only when told which item collided; "
            + "a silent overwrite loses a file.",
        requires: .writing,
        tier: .smoke
    ) { context in
        let existing = try await context.createFile(named: "report.txt", contents: Data("original".utf8))
        let error = await context.expectError(.filenameCollision, "createItem(\"report.txt\") again") {
            try await context.createFile(named: "report.txt", contents: Data("intruder".utf8))
        }
        if let error {
            context.expectEqual(
                error.item?.itemIdentifier ?? error.itemIdentifier,
                existing.itemIdentifier,
                "the collision error does not carry the existing item"
            )
        }
        let (data, _) = try await context.fetch(existing.itemIdentifier)
        context.expectEqual(data, Data("original".utf8), "the colliding creation changed the existing file")
    }

    static let caseRule = ConformanceCheck(
        "MUT-05",
        .mutations,
        "names differing only in case collide or coexist as the subject declares",
        rule: "Rule 11 (collisions under the case rule)",
        clauses: ["R11.2"],
        rationale: "On a case-insensitive disk two names differing in case cannot both exist; the provider must "
            + "agree with what it declares or items overwrite each other.",
        requires: .writing
    ) { context in
        _ = try await context.createFile(named: "Readme.md")
        if context.caseRule == .caseInsensitive {
            await context.expectError(.filenameCollision, "createItem(\"README.md\") next to \"Readme.md\"") {
                try await context.createFile(named: "README.md")
            }
        } else {
            let other = try await context.createFile(named: "README.md")
            context.expectEqual(other.filename, "README.md", "a case-sensitive provider changed the name")
            context.expectEqual(try await context.list(.rootContainer).count, 2, "both names are not listed")
        }
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

    static let writeContent = ConformanceCheck(
        "MUT-07",
        .mutations,
        "writing content with the current base version replaces it",
        rule: "Rules 10 and 13 (versions, modification)",
        clauses: ["R10.1"],
        rationale: "The basic upload: the new bytes must be served afterwards under a new content version.",
        requires: .writing,
        tier: .smoke
    ) { context in
        let file = try await context.createFile(named: "doc.txt", contents: Data("v1".utf8))
        let written = try await context.write(Data("version two".utf8), to: file)
        let (data, fetched) = try await context.fetch(file.itemIdentifier)
        context.expectEqual(data, Data("version two".utf8), "the written content is not served")
        context.expectEqual(
            fetched.itemVersion,
            written.itemVersion,
            "the fetched item's version differs from the write's"
        )
        if let size = written.documentSize {
            context.expectEqual(size, 11, "documentSize was not updated")
        }
    }

    static let allFieldsInOneCall = ConformanceCheck(
        "MUT-08",
        .mutations,
        "a modification of name, parent and content together applies all three",
        rule: "Rule 13 (every changed field in one call)",
        clauses: ["R13.1"],
        rationale: "The system batches changes; a provider that handles only one field per call (a real bug) "
            + "silently drops the others unless it returns them as still pending.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Dest")
        let file = try await context.createFile(named: "before.txt", contents: Data("old".utf8))
        let result = try await context.modify(
            file,
            fields: [.filename, .parentItemIdentifier, .contents],
            contents: Data("new content".utf8),
            description: "rename to \"after.txt\", move to \(folder.itemIdentifier), write 11 bytes"
        ) {
            $0.filename = "after.txt"
            $0.parentItemIdentifier = folder.itemIdentifier
        }
        let pending = result.stillPendingFields
        let stored = try await context.item(file.itemIdentifier)
        if !pending.contains(.filename) {
            context.expectEqual(stored.filename, "after.txt", "the rename was neither applied nor returned as pending")
        }
        if !pending.contains(.parentItemIdentifier) {
            context.expectEqual(
                stored.parentItemIdentifier,
                folder.itemIdentifier,
                "the move was neither applied nor pending"
            )
        }
        if !pending.contains(.contents) {
            let (data, _) = try await context.fetch(file.itemIdentifier)
            context.expectEqual(data, Data("new content".utf8), "the content was neither applied nor pending")
        }
    }

    static let failOnConflict = ConformanceCheck(
        "MUT-09",
        .mutations,
        "a stale base version with failOnConflict fails with localVersionConflictingWithServer",
        rule: "Rule 13 (conflicts)",
        clauses: ["R13.3"],
        rationale: "With failOnConflict the system merges and retries; a provider that overwrites the newer server "
            + "content loses another device's edit.",
        requires: [.writing, .failOnConflict],
        tier: .smoke
    ) { context in
        let file = try await context.createFile(named: "shared.txt", contents: Data("base".utf8))
        _ = try await context.write(Data("server edit".utf8), to: file)
        await context.expectError(.localVersionConflictingWithServer, "modifyItem with the stale base version") {
            try await context.modify(
                file,
                fields: .contents,
                contents: Data("local edit".utf8),
                baseVersion: file.itemVersion,
                options: .failOnConflict,
                description: "write \"local edit\" on the stale base, failOnConflict"
            )
        }
        let (data, _) = try await context.fetch(file.itemIdentifier)
        context.expectEqual(data, Data("server edit".utf8), "the refused conflicting write changed the content")
    }

    static let conflictCopy = ConformanceCheck(
        "MUT-10",
        .mutations,
        "a stale base version without failOnConflict loses neither side's content",
        rule: "Rule 13 (no bytes lost)",
        clauses: ["R13.4"],
        rationale: "Last-writer-wins silently destroys one device's edit; the reference behaviour keeps the "
            + "server's content on the item and the incoming content in a conflict copy.",
        requires: [.writing, .conflictCopies]
    ) { context in
        let file = try await context.createFile(named: "contract.txt", contents: Data("base".utf8))
        _ = try await context.write(Data("server side".utf8), to: file)
        let result = try await context.modify(
            file,
            fields: .contents,
            contents: Data("device side".utf8),
            baseVersion: file.itemVersion,
            description: "write \"device side\" on the stale base"
        )
        var contents: [Data] = []
        for item in try await context.list(.rootContainer) where !item.contentType.isDirectory {
            contents.append(try await context.fetch(item.itemIdentifier).0)
        }
        context.expect(contents.contains(Data("server side".utf8)), "the server's content was lost in the conflict")
        context.expect(contents.contains(Data("device side".utf8)), "the incoming content was lost in the conflict")
        let (stored, _) = try await context.fetch(file.itemIdentifier)
        if stored != Data("device side".utf8) {
            context.expect(
                result.shouldFetchContent,
                "the item kept other content but the result does not ask to fetch it"
            )
        }
    }

    static let renameCollision = ConformanceCheck(
        "MUT-11",
        .mutations,
        "renaming onto a sibling's name, or its case variant, fails with filenameCollision and changes nothing",
        rule: "Rule 11 (collisions)",
        clauses: ["R11.2", "R16.1"],
        rationale: "A rename that overwrites a sibling deletes a file the user never touched.",
        requires: .writing
    ) { context in
        let keep = try await context.createFile(named: "keep.txt", contents: Data("keep".utf8))
        let mover = try await context.createFile(named: "mover.txt")
        let error = await context.expectError(.filenameCollision, "rename \(mover.itemIdentifier) to \"keep.txt\"") {
            try await context.rename(mover, to: "keep.txt")
        }
        if let error {
            context.expectEqual(
                error.item?.itemIdentifier,
                keep.itemIdentifier,
                "filenameCollision does not carry the sibling"
            )
        }
        if !context.capabilities.contains(.caseSensitiveFilenames) {
            await context.expectError(.filenameCollision, "rename \(mover.itemIdentifier) to \"KEEP.txt\"") {
                try await context.rename(mover, to: "KEEP.txt")
            }
        }
        let stored = try await context.item(mover.itemIdentifier)
        context.expectEqual(stored.filename, "mover.txt", "the refused rename changed the name")
        let (data, _) = try await context.fetch(keep.itemIdentifier)
        context.expectEqual(data, Data("keep".utf8), "the refused rename changed the sibling")
    }

    static let moveIntoDescendant = ConformanceCheck(
        "MUT-12",
        .mutations,
        "moving a folder into itself or its descendant fails and changes nothing",
        rule: "Rule 13 (no cycles)",
        clauses: ["R13.6", "R16.1"],
        rationale: "Accepting the move detaches the whole subtree from the root: every item in it becomes "
            + "unreachable.",
        requires: .writing
    ) { context in
        let outer = try await context.createFolder(named: "Outer")
        let inner = try await context.createFolder(named: "Inner", in: outer.itemIdentifier)
        let before = ItemDigest.map(try await context.tree())
        await context.expectError(.invalidArgument, "move \(outer.itemIdentifier) into its child") {
            try await context.move(outer, to: inner.itemIdentifier)
        }
        await context.expectError(.invalidArgument, "move \(outer.itemIdentifier) into itself") {
            try await context.move(outer, to: outer.itemIdentifier)
        }
        let after = ItemDigest.map(try await context.tree())
        context.expectEqual(after, before, "the refused moves changed the tree")
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

    static let deleteFile = ConformanceCheck(
        "MUT-14",
        .mutations,
        "a deleted file is gone from lookups and listings",
        rule: "Rule 15 (deletion)",
        clauses: ["R14.3"],
        rationale: "A deletion that leaves the item visible resurrects it on every device.",
        requires: .writing,
        tier: .smoke
    ) { context in
        let file = try await context.createFile(named: "bye.txt")
        try await context.delete(file)
        await context.expectError(.noSuchItem, "item(for: the deleted \(file.itemIdentifier))") {
            try await context.provider.item(for: file.itemIdentifier, request: Request())
        }
        let listed = try await context.list(.rootContainer).map(\.itemIdentifier)
        context.expect(!listed.contains(file.itemIdentifier), "the deleted file is still listed")
    }

    static let deleteNonEmptyFolder = ConformanceCheck(
        "MUT-15",
        .mutations,
        "a non-empty folder is deleted only with recursive, and then with all its content",
        rule: "Rule 15 (directoryNotEmpty, recursive)",
        clauses: ["R15.1"],
        rationale: "A non-recursive deletion that takes the children with it destroys files the system still "
            + "thought were there.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Full")
        let child = try await context.createFile(named: "child.txt", in: folder.itemIdentifier)
        await context.expectError(.directoryNotEmpty, "delete the non-empty \(folder.itemIdentifier) without recursive")
        {
            try await context.delete(folder)
        }
        context.expectEqual(
            try await context.list(folder.itemIdentifier).map(\.itemIdentifier),
            [child.itemIdentifier],
            "the refused deletion changed the folder"
        )
        try await context.delete(try await context.item(folder.itemIdentifier), options: .recursive)
        for identifier in [folder.itemIdentifier, child.itemIdentifier] {
            await context.expectError(.noSuchItem, "item(for: \(identifier)) after the recursive deletion") {
                try await context.provider.item(for: identifier, request: Request())
            }
        }
    }

    static let staleDeletion = ConformanceCheck(
        "MUT-16",
        .mutations,
        "deleting with a stale base version fails with deletionRejected and keeps the item",
        rule: "Rule 15 (deletionRejected)",
        clauses: ["R15.2"],
        rationale: "A deletion based on an old version would destroy an edit the deleting device never saw.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "edited-elsewhere.txt", contents: Data("a".utf8))
        let written = try await context.write(Data("b".utf8), to: file)
        let error = await context.expectError(.deletionRejected, "delete \(file.itemIdentifier) on its stale version") {
            try await context.delete(file.itemIdentifier, baseVersion: file.itemVersion)
        }
        if let error {
            context.expectEqual(
                error.item?.itemVersion,
                written.itemVersion,
                "deletionRejected does not carry the current item"
            )
        }
        let (data, _) = try await context.fetch(file.itemIdentifier)
        context.expectEqual(data, Data("b".utf8), "the rejected deletion changed the file")
    }

    static let deleteUnknown = ConformanceCheck(
        "MUT-17",
        .mutations,
        "deleting an unknown identifier succeeds",
        rule: "Rule 15 (unknown items)",
        clauses: ["R15.3"],
        rationale: "A provider that fails here makes the system retry the deletion forever (a real bug with a 404).",
        requires: .writing
    ) { context in
        try await context.delete(ItemIdentifier("never-existed-\(context.seed)"), baseVersion: ItemVersion())
        let file = try await context.createFile(named: "twice.txt")
        try await context.delete(file)
        try await context.delete(file)
    }

    static let modifyUnknown = ConformanceCheck(
        "MUT-18",
        .mutations,
        "modifying an unknown or deleted item fails with noSuchItem or returns no item",
        rule: "Rules 13 and 16",
        clauses: ["R13.7", "R13.8"],
        rationale: "noSuchItem (or no item, Apple's nil) makes the system re-create a locally edited item; anything "
            + "else loses the edit.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "vanishing.txt")
        try await context.delete(file)
        await context.expectMissing(file, "rename the deleted \(file.itemIdentifier)") {
            try await context.modifyResult(file, fields: .filename, description: "rename to \"ghost.txt\"") {
                $0.filename = "ghost.txt"
            }
        }
        await context.expectMissing(file, "write to the deleted \(file.itemIdentifier)") {
            try await context.modifyResult(file, fields: .contents, contents: Data("ghost".utf8), description: "write")
        }
    }

    static let invalidNames = ConformanceCheck(
        "MUT-19",
        .mutations,
        "invalid names are refused with invalidFilename and change nothing",
        rule: "Rule 11 (filenames)",
        clauses: ["R11.1", "R16.1"],
        rationale: "A name with a slash or NUL cannot exist on disk; accepting it creates an item the system can "
            + "never write.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "valid.txt")
        let before = ItemDigest.map(try await context.tree())
        let invalid = ["", ".", "..", "a/b", "nul\u{0}char", String(repeating: "x", count: 256)]
        for name in invalid {
            let shown = name.debugDescription
            await context.expectError(.invalidFilename, "createItem(\(shown))") {
                try await context.createFile(named: name)
            }
            await context.expectError(.invalidFilename, "rename to \(shown)") {
                try await context.rename(file, to: name)
            }
        }
        let after = ItemDigest.map(try await context.tree())
        context.expectEqual(after, before, "refused names changed the tree")
    }

    static let metadataFields = ConformanceCheck(
        "MUT-20",
        .mutations,
        "metadata edits are stored and change metadataVersion only",
        rule: "Rule 10 (versions)",
        clauses: ["R10.2", "R13.1"],
        rationale: "Tags, favorites and dates are metadata: storing them without a new metadataVersion hides the "
            + "edit; bumping contentVersion forces a needless download.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "tagged.txt")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let result = try await context.modify(
            file,
            fields: [.tagData, .lastUsedDate, .favoriteRank],
            description: "set tagData, lastUsedDate and favoriteRank"
        ) {
            $0.tagData = Data([1, 2, 3])
            $0.lastUsedDate = date
            $0.favoriteRank = 7
        }
        let stored = try await context.item(file.itemIdentifier)
        let pending = result.stillPendingFields
        if !pending.contains(.tagData) {
            context.expectEqual(stored.tagData, Data([1, 2, 3]), "tagData was not stored")
        }
        if !pending.contains(.lastUsedDate) {
            context.expectEqual(stored.lastUsedDate, date, "lastUsedDate was not stored")
        }
        if !pending.contains(.favoriteRank) {
            context.expectEqual(stored.favoriteRank, 7, "favoriteRank was not stored")
        }
        context.expectEqual(
            stored.itemVersion.contentVersion,
            file.itemVersion.contentVersion,
            "a metadata edit changed contentVersion"
        )
        context.expect(
            stored.itemVersion.metadataVersion != file.itemVersion.metadataVersion,
            "a metadata edit kept metadataVersion"
        )
    }

    static let symbolicLinks = ConformanceCheck(
        "MUT-21",
        .mutations,
        "a symbolic link is stored with its target, and a new target arrives as content",
        rule: "Rules 10 and 13",
        clauses: ["API.7"],
        rationale: "A link without its target cannot be written to disk; the target is the link's content.",
        requires: [.writing, .symbolicLinks]
    ) { context in
        let template = context.template(
            named: "link",
            in: .rootContainer,
            contentType: .symbolicLink,
            symlinkTarget: "a/b.txt"
        )
        let link = try await context.create(template, contents: nil)
        context.expect(link.contentType.isSymbolicLink, "the created link is not a symbolic link")
        context.expectEqual(link.symlinkTargetPath, "a/b.txt", "the link's target was not stored")
        let result = try await context.modify(
            link,
            fields: .contents,
            description: "set the link's target to \"c.txt\""
        ) {
            $0.symlinkTargetPath = "c.txt"
        }
        let stored = ItemSnapshot(result.item)
        context.expectEqual(stored.symlinkTargetPath, "c.txt", "the link's new target was not stored")
        context.expect(
            stored.itemVersion.contentVersion != link.itemVersion.contentVersion,
            "a new target kept contentVersion"
        )
    }

    static let concurrentCompareAndSwap = ConformanceCheck(
        "MUT-22",
        .mutations,
        "of concurrent writes on one base version with failOnConflict, exactly one wins",
        rule: "Rules 13 and 16 (conflicts, atomicity)",
        clauses: ["API.6", "R13.3"],
        rationale: "Two devices editing the same version must not both succeed: one edit would vanish.",
        requires: [.writing, .failOnConflict]
    ) { context in
        let file = try await context.createFile(named: "counter.txt", contents: Data("0".utf8))
        let provider = context.provider
        context.note("8 concurrent writes on the same base version, failOnConflict")
        let calls: [@Sendable () async throws -> Void] = (0..<8).map { index in
            let url = try? context.file(containing: Data("writer \(index)".utf8))
            return {
                _ = try await provider.modifyItem(
                    file,
                    baseVersion: file.itemVersion,
                    changedFields: .contents,
                    contents: url,
                    options: .failOnConflict,
                    request: Request()
                )
            }
        }
        let outcomes = await context.concurrentOutcomes(of: calls)
        let winners = outcomes.count { $0 == nil }
        let conflicts = outcomes.count { $0 == .localVersionConflictingWithServer }
        context.expectEqual(winners, 1, "concurrent writes on one base version did not have exactly one winner")
        context.expectEqual(conflicts, 7, "the losing writes did not fail with localVersionConflictingWithServer")
    }

    static let reservedContainers = ConformanceCheck(
        "MUT-23",
        .mutations,
        "the root, working set and trash cannot be modified or deleted",
        rule: "Rule 16 (errors, atomicity)",
        clauses: ["R16.4"],
        rationale: "Deleting or renaming the root through a stray call would take the whole domain with it.",
        requires: .writing
    ) { context in
        let root = try await context.item(.rootContainer)
        let refused: Set<FileProviderError.Code> = [.fileWriteNoPermission, .invalidArgument, .noSuchItem]
        for container in [ItemIdentifier.rootContainer, .workingSet, .trashContainer] {
            await context.expectError(refused, "delete \(container)") {
                try await context.delete(container, baseVersion: root.itemVersion, options: .recursive)
            }
            var template = root
            template.itemIdentifier = container
            await context.expectError(refused, "rename \(container)") {
                try await context.rename(template, to: "Renamed")
            }
        }
        let after = try await context.item(.rootContainer)
        context.expectEqual(after.filename, root.filename, "the root was renamed")
    }
}
