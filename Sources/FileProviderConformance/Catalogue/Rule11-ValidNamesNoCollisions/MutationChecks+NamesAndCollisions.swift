import FileProviderKit
import Foundation

/// The MUT checks of rule 11, *names are valid, and collisions are refused* (MUT-04, MUT-05, MUT-11, MUT-19, MUT-24, MUT-25, MUT-40).
extension MutationChecks {
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
}
