import FileProviderKit
import Foundation

/// The MUT checks of rule 13, *modification applies everything, and loses nothing* (MUT-08, MUT-09, MUT-10, MUT-12, MUT-18, MUT-26, MUT-27, MUT-28, MUT-29, MUT-30, MUT-34, MUT-36, MUT-37, MUT-38, MUT-39, MUT-44, MUT-45, MUT-46, MUT-47, MUT-48).
extension MutationChecks {
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

    /// Half a second past a whole second.
    static let halfPast = Date(timeIntervalSinceReferenceDate: 2_000.5)

    static let fractionalDatesInEdits = ConformanceCheck(
        "MUT-44",
        .mutations,
        "dates with fractions of a second set by a modification come back exactly",
        rule: "Rule 13 (modification)",
        clauses: ["R13.1"],
        rationale: "The system sets dates to the local file's, which carry fractions of a second; a provider that "
            + "rounds them stores a date no device wrote and reports the item changed on the next comparison.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "edited.txt")
        let dates: ItemFields = [.creationDate, .contentModificationDate, .lastUsedDate]
        var current = file
        for base in [2_000.0, 700_000_000] {
            let creation = base == 2_000 ? halfPast : fractionalDate(context, after: base)
            let modification = fractionalDate(context, after: base + 60)
            let lastUsed = fractionalDate(context, after: base + 120)
            let result = try await context.modify(
                current,
                fields: dates,
                description: "set creationDate \(FindingValue.describe(creation)), contentModificationDate "
                    + "\(FindingValue.describe(modification)), lastUsedDate \(FindingValue.describe(lastUsed))"
            ) {
                $0.creationDate = creation
                $0.contentModificationDate = modification
                $0.lastUsedDate = lastUsed
            }
            var expected = current
            expected.creationDate = creation
            expected.contentModificationDate = modification
            expected.lastUsedDate = lastUsed
            let applied = dates.subtracting(result.stillPendingFields)
            expectDates(context, ItemSnapshot(result.item), as: expected, applied, "of the modified item")
            current = try await context.item(file.itemIdentifier)
            expectDates(context, current, as: expected, applied, "from item(for:) after the modification")
        }
    }

    /// Expects moving `folder` into `target`, one of its descendants, to fail with invalidArgument
    /// and change nothing.
    private static func expectCycleRefused(
        _ context: CheckContext,
        moving folder: ItemSnapshot,
        into target: ItemSnapshot,
        _ depth: String
    ) async throws {
        let before = ItemDigest.map(try await context.tree())
        await context.expectError(
            .invalidArgument,
            "move \(folder.itemIdentifier) into \(target.itemIdentifier), its \(depth)"
        ) {
            try await context.move(try await context.item(folder.itemIdentifier), to: target.itemIdentifier)
        }
        let stored = try await context.item(folder.itemIdentifier)
        context.expectEqual(
            stored.parentItemIdentifier,
            .rootContainer,
            "the refused move into its \(depth) changed the folder's parent"
        )
        let after = ItemDigest.map(try await context.tree())
        context.expectEqual(after, before, "the refused move into its \(depth) changed the tree")
    }

    static let moveIntoGrandchild = ConformanceCheck(
        "MUT-45",
        .mutations,
        "moving a folder into its grandchild or deeper fails with invalidArgument and changes nothing",
        rule: "Rule 13 (no cycles)",
        clauses: ["R13.6", "R16.1"],
        rationale: "A cycle check that looks only at the folder's children accepts a move two levels down, which "
            + "detaches the whole subtree from the root: every item in it becomes unreachable.",
        requires: .writing
    ) { context in
        let top = try await context.createFolder(named: "A")
        let child = try await context.createFolder(named: "B", in: top.itemIdentifier)
        let grandchild = try await context.createFolder(named: "C", in: child.itemIdentifier)
        let greatGrandchild = try await context.createFolder(named: "D", in: grandchild.itemIdentifier)
        try await expectCycleRefused(context, moving: top, into: grandchild, "grandchild")
        try await expectCycleRefused(context, moving: top, into: greatGrandchild, "great-grandchild")
    }

    static let moveIntoGrandchildThroughRemoteMove = ConformanceCheck(
        "MUT-46",
        .mutations,
        "moving a folder into one another client moved two levels below it fails with invalidArgument",
        rule: "Rule 13 (no cycles)",
        clauses: ["R13.6"],
        rationale: "Another device's move can put a folder deep inside one this device is about to move; a "
            + "provider that checks only direct children, or only its own view, accepts the move and detaches "
            + "both folders from the root.",
        requires: [.writing, .remoteChanges]
    ) { context in
        let top = try await context.createFolder(named: "Top")
        let child = try await context.createFolder(named: "Child", in: top.itemIdentifier)
        let other = try await context.createFolder(named: "Other")
        context.note("remote: move \(other.itemIdentifier) into \(child.itemIdentifier)")
        try await context.remote().move(other.itemIdentifier, to: child.itemIdentifier)
        try await expectCycleRefused(context, moving: top, into: other, "grandchild after another client's move")
    }

    static let moveKeepsFields = ConformanceCheck(
        "MUT-47",
        .mutations,
        "a move to another folder keeps the dates, tags, favorite rank and extended attributes",
        rule: "Rule 13 (modification)",
        clauses: ["R13.2"],
        rationale: "A provider that moves by copying the file and deleting the original, as many servers do, "
            + "loses every field the copy does not carry: the user's tags and favorites vanish on a move.",
        requires: .writing
    ) { context in
        let home = try await context.createFolder(named: "Home")
        let away = try await context.createFolder(named: "Away")
        let elsewhere = try await context.createFolder(named: "Elsewhere")
        let stored = try await KeptFields.createFile(context, named: "moved.txt", in: home.itemIdentifier)
        let moved: ItemFields = .parentItemIdentifier
        let result = try await context.modify(
            stored,
            fields: moved,
            description: "move to \(away.itemIdentifier), with every other field of the template different"
        ) {
            KeptFields.differ(&$0, except: moved, elsewhere: elsewhere.itemIdentifier)
            $0.parentItemIdentifier = away.itemIdentifier
        }
        KeptFields.expectKept(context, ItemSnapshot(result.item), as: stored, except: moved, "in the returned item")
        let after = try await context.item(stored.itemIdentifier)
        KeptFields.expectKept(context, after, as: stored, except: moved, "after the move")
        context.expectEqual(after.parentItemIdentifier, away.itemIdentifier, "the move was not applied")
        let (data, _) = try await context.fetch(stored.itemIdentifier)
        context.expectEqual(data, Data("first".utf8), "the move changed the content")
    }

    static let contentWriteKeepsExplicitDate = ConformanceCheck(
        "MUT-48",
        .mutations,
        "a content write with an explicit contentModificationDate stores that date exactly",
        rule: "Rule 13 (every changed field in one call)",
        clauses: ["R13.1"],
        rationale: "The system sends the local file's modification date with its content; a provider that stamps "
            + "the upload's time instead reports a date the file never had, and the next comparison sees a "
            + "change that did not happen.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "dated.txt", contents: Data("v1".utf8))
        var current = file
        for (index, base) in [1_000.0, 500_000_000].enumerated() {
            let date = index == 0 ? quarterPast : fractionalDate(context, after: base)
            let contents = Data("version \(index + 2)".utf8)
            let result = try await context.modify(
                current,
                fields: [.contents, .contentModificationDate],
                contents: contents,
                description: "write \(contents.count) bytes dated \(FindingValue.describe(date))"
            ) {
                $0.contentModificationDate = date
            }
            let returned = ItemSnapshot(result.item)
            if !result.stillPendingFields.contains(.contentModificationDate) {
                context.expectEqual(
                    returned.contentModificationDate,
                    date,
                    "the content write's explicit contentModificationDate is not in the returned item"
                )
                current = try await context.item(file.itemIdentifier)
                context.expectEqual(
                    current.contentModificationDate,
                    date,
                    "the content write's explicit contentModificationDate is not stored"
                )
            } else {
                current = try await context.item(file.itemIdentifier)
            }
            let (data, _) = try await context.fetch(file.itemIdentifier)
            context.expectEqual(data, contents, "the dated content write was not applied")
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
        "a stale base version without failOnConflict loses neither side's content, small or over 2 MiB on either "
            + "side",
        rule: "Rule 13 (no bytes lost)",
        clauses: ["R13.4"],
        rationale: "Last-writer-wins silently destroys one device's edit; the reference behaviour keeps the "
            + "server's content on the item and the incoming content in a conflict copy. A provider that uploads "
            + "large files by another path (chunks, a multipart session) often skips the version check there.",
        requires: [.writing, .conflictCopies]
    ) { context in
        let small = (server: Data("server side".utf8), device: Data("device side".utf8))
        let cases: [(name: String, server: Data, device: Data)] = [
            ("contract.txt", small.server, small.device),
            ("large device side.bin", small.server, ModelState.largeContent(0)),
            ("large both sides.bin", ModelState.largeContent(1), ModelState.largeContent(0)),
        ]
        for (name, server, device) in cases {
            let folder = try await context.createFolder(named: "Conflict of \(name)")
            let file = try await context.createFile(named: name, in: folder.itemIdentifier, contents: Data("base".utf8))
            _ = try await context.write(server, to: file)
            let result = try await context.modify(
                file,
                fields: .contents,
                contents: device,
                baseVersion: file.itemVersion,
                description: "write \(device.count) bytes on the stale base"
            )
            var contents: [Data] = []
            for item in try await context.list(folder.itemIdentifier) where !item.contentType.isDirectory {
                contents.append(try await context.fetch(item.itemIdentifier).0)
            }
            context.expect(
                contents.contains(server),
                "the server's \(server.count) bytes were lost in the conflict over \(name)"
            )
            context.expect(
                contents.contains(device),
                "the incoming \(device.count) bytes were lost in the conflict over \(name)"
            )
            let (stored, _) = try await context.fetch(file.itemIdentifier)
            if stored != device {
                context.expect(
                    result.shouldFetchContent,
                    "the item kept other content than the \(device.count) bytes written, but the result does not ask "
                        + "to fetch it"
                )
            }
        }
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
}
