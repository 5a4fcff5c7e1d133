import FileProviderKit
import Foundation

/// The ITEM checks of rule 9, *identifiers are the provider's* — an item's kind kept (ITEM-20, ITEM-21).
extension ItemChecks {
    static let kindKeptLocally = ConformanceCheck(
        "ITEM-20",
        .items,
        "an item of the other kind created at a renamed item's old name gets an identifier of its own",
        rule: "Rule 9 (identifiers)",
        clauses: ["R9.5", "R9.1"],
        rationale: "Apple's framework never lets an identifier turn from a file into a folder; a provider whose "
            + "identifiers are paths hands the renamed file's identifier to the new folder, and the system files "
            + "the folder's children under a file.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Kinds")
        let file = try await context.createFile(named: "shape", in: folder.itemIdentifier)
        let renamedFile = try await context.rename(file, to: "shape-file")
        let newFolder = try await context.createFolder(named: "shape", in: folder.itemIdentifier)
        let directory = try await context.createFolder(named: "frame", in: folder.itemIdentifier)
        let renamedDirectory = try await context.rename(directory, to: "frame-folder")
        let newFile = try await context.createFile(named: "frame", in: folder.itemIdentifier)
        try await expectKinds(
            context,
            [
                (file.itemIdentifier, false, "shape-file"), (newFolder.itemIdentifier, true, "shape"),
                (directory.itemIdentifier, true, "frame-folder"), (newFile.itemIdentifier, false, "frame"),
            ],
            in: folder.itemIdentifier
        )
        context.expect(
            newFolder.itemIdentifier != renamedFile.itemIdentifier,
            "the folder created at the renamed file's old name took the file's identifier",
            actual: "\(newFolder.itemIdentifier)"
        )
        context.expect(
            newFile.itemIdentifier != renamedDirectory.itemIdentifier,
            "the file created at the renamed folder's old name took the folder's identifier",
            actual: "\(newFile.itemIdentifier)"
        )
    }

    static let kindKeptRemotely = ConformanceCheck(
        "ITEM-21",
        .items,
        "a folder another client creates where it deleted a file is a new identifier, reported as such",
        rule: "Rule 9 (identifiers)",
        clauses: ["R9.5", "R9.2", "R6.5"],
        rationale: "A provider whose identifiers are server paths reports the new folder under the deleted file's "
            + "identifier: the system sees a file turn into a folder, which it never allows, and the file's "
            + "local copy and the folder's children collide.",
        requires: .remoteChanges
    ) { context in
        let remote = try context.remote()
        context.note("remote: create the folder Swaps with the file swap in it")
        let parent = try await remote.createItem(named: "Swaps", in: .rootContainer, contents: nil)
        let file = try await remote.createItem(named: "swap", in: parent, contents: Data("a file".utf8))
        _ = try await context.list(parent)
        let anchor = try await context.anchor()
        context.note("remote: delete the file swap, then create a folder named swap in its place")
        try await remote.delete(file)
        let folder = try await remote.createItem(named: "swap", in: parent, contents: nil)
        context.expect(
            folder != file,
            "the folder created in the deleted file's place has the file's identifier",
            actual: "\(folder)"
        )
        let changes = try await context.changes(since: anchor)
        let updated = Dictionary(
            changes.updatedItems.map { ($0.itemIdentifier, $0) },
            uniquingKeysWith: { _, last in last }
        )
        if let reported = updated[file] {
            context.fail(
                "the catch-up reports the deleted file's identifier \(file) as an item again",
                expected: "\(file) deleted",
                actual: "updated as \(reported.filename) (\(reported.contentType))"
            )
        }
        context.expect(
            changes.deletedItemIdentifiers.contains(file),
            "the catch-up does not report the deleted file \(file) as deleted",
            actual: "deleted: \(changes.deletedItemIdentifiers.map(\.rawValue))"
        )
        try await expectKinds(context, [(folder, true, "swap")], in: parent)
    }

    /// Records a finding unless each identifier, looked up and listed in `container`, is of its
    /// kind (`isFolder`) and carries its name.
    private static func expectKinds(
        _ context: CheckContext,
        _ expected: [(ItemIdentifier, Bool, String)],
        in container: ItemIdentifier
    ) async throws {
        let listed = Dictionary(
            try await context.list(container).map { ($0.itemIdentifier, $0) },
            uniquingKeysWith: { first, _ in first }
        )
        for (identifier, isFolder, filename) in expected {
            let kind = isFolder ? "folder" : "file"
            let item = try await context.item(identifier)
            context.expect(
                item.contentType.isDirectory == isFolder && item.filename == filename,
                "item(for: \(identifier)) is no longer the \(kind) \(filename)",
                expected: "the \(kind) \(filename)",
                actual: "\(item.filename) (\(item.contentType))"
            )
            let entry = listed[identifier]
            context.expect(
                entry?.contentType.isDirectory == isFolder && entry?.filename == filename,
                "the listing of \(container) does not hold \(identifier) as the \(kind) \(filename)",
                expected: "the \(kind) \(filename)",
                actual: entry.map { "\($0.filename) (\($0.contentType))" } ?? "not listed"
            )
        }
    }
}
