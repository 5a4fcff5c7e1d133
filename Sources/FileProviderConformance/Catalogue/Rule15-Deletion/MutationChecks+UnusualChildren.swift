import FileProviderKit
import Foundation

/// The MUT checks of rule 15 on folders whose only children are unusual or many (MUT-106, MUT-107).
extension MutationChecks {
    static let folderWithUnusualChildNotDeleted = ConformanceCheck(
        "MUT-106",
        .mutations,
        "a folder whose only child is a dot-file, an AppleDouble file, an empty file, a folder, a hidden folder or "
            + "a symbolic link is not deleted without recursive, and keeps that child",
        rule: "Rule 15 (directoryNotEmpty, recursive)",
        clauses: ["R15.1"],
        rationale: "Providers that treat .DS_Store, ._ files or empty subfolders as clutter delete such a folder "
            + "without recursive, and its child with it: a hidden file or a folder tree the user kept is gone.",
        requires: .writing
    ) { context in
        var folders: [(ItemSnapshot, ItemSnapshot)] = []
        func folder(_ name: String, holding child: (ItemIdentifier) async throws -> ItemSnapshot) async throws {
            let folder = try await context.createFolder(named: name)
            folders.append((folder, try await child(folder.itemIdentifier)))
        }
        try await folder("OnlyDSStore") { try await context.createFile(named: ".DS_Store", in: $0) }
        try await folder("OnlyAppleDouble") { try await context.createFile(named: "._report.txt", in: $0) }
        try await folder("OnlyEmptyFile") { try await context.createFile(named: "empty.txt", in: $0, contents: Data()) }
        try await folder("OnlyFolder") { try await context.createFolder(named: "sub", in: $0) }
        try await folder("OnlyHiddenFolder") { try await context.createFolder(named: ".git", in: $0) }
        if context.capabilities.contains(.symbolicLinks) {
            try await folder("OnlyLink") {
                let template = context.template(
                    named: "link",
                    in: $0,
                    contentType: .symbolicLink,
                    symlinkTarget: "a.txt"
                )
                return try await context.create(template, contents: nil)
            }
        }
        for (folder, child) in folders {
            let current = try await context.item(folder.itemIdentifier)
            await context.expectError(
                .directoryNotEmpty,
                "delete \(folder.filename), whose only child is \"\(child.filename)\", without recursive"
            ) {
                try await context.delete(current)
            }
            context.expectEqual(
                try await context.list(folder.itemIdentifier).map(\.itemIdentifier),
                [child.itemIdentifier],
                "the listing of \(folder.filename) after the refused deletion of it"
            )
            let kept = try await context.item(child.itemIdentifier)
            context.expectEqual(
                kept.parentItemIdentifier,
                folder.itemIdentifier,
                "the parent of \"\(child.filename)\" after the refused deletion of \(folder.filename)"
            )
        }
    }

    /// How many folders and files ``wideRecursiveDeletion`` puts directly in the folder it deletes:
    /// together past the 1,000 items a backend's listing page commonly holds.
    static let wideFolderShape = (folders: 3, files: 1_000)

    static let wideRecursiveDeletion = ConformanceCheck(
        "MUT-107",
        .mutations,
        "a recursive deletion of a folder with 1,003 direct children deletes all of them, or fails having deleted none",
        rule: "Rule 15 (directoryNotEmpty, recursive)",
        clauses: ["R15.1", "R16.8"],
        rationale: "A provider that deletes a folder's children one by one from the first page of its backend's "
            + "listing stops at the page size and then fails the folder's deletion: half the folder is gone, and "
            + "the caller was told nothing was deleted.",
        requires: .writing
    ) { context in
        let shape = wideFolderShape
        let wide = try await context.createFolder(named: "Wide")
        context.note(
            "create in \(wide.itemIdentifier) \(shape.folders) folders holding a file each and \(shape.files) files"
        )
        let contents = try context.file(containing: Data("wide".utf8))
        var created: [ItemIdentifier] = []
        let parent = wide.itemIdentifier
        for index in 0..<shape.folders {
            let folder = try await context.createUnnoted(
                named: "d\(index)",
                in: parent,
                folder: true,
                contents: contents
            )
            created += [
                folder,
                try await context.createUnnoted(named: "inner.txt", in: folder, folder: false, contents: contents),
            ]
        }
        for index in 0..<shape.files {
            let name = String(format: "f%04d.txt", index)
            created.append(try await context.createUnnoted(named: name, in: parent, folder: false, contents: contents))
        }
        let direct = shape.folders + shape.files
        let current = try await context.item(wide.itemIdentifier)
        do {
            try await context.delete(current, options: .recursive)
        } catch let error as FileProviderError {
            context.fail(
                "the recursive deletion of a folder with \(direct) direct children failed",
                expected: "success",
                actual: "\(error)"
            )
            let remaining = try await context.list(wide.itemIdentifier, pageSize: 500).count
            context.expectEqual(
                remaining,
                direct,
                "the failed recursive deletion left the folder with another number of children (R16.8: all or nothing)"
            )
            return
        }
        await context.expectError(.noSuchItem, "item(for: \(wide.itemIdentifier)) after its recursive deletion") {
            try await context.provider.item(for: wide.itemIdentifier, request: Request())
        }
        let doomed = Set(created)
        let left = try await context.list(.workingSet, pageSize: 500).filter { doomed.contains($0.itemIdentifier) }
        context.expect(
            left.isEmpty,
            "the working set still lists items of the recursively deleted folder",
            expected: "none of its \(created.count) descendants",
            actual: "\(left.count), for example \(left.prefix(3).map(\.filename))"
        )
    }
}
