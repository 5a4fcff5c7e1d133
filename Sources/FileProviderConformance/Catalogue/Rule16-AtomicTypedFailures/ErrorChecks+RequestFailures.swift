import FileProviderKit
import Foundation

/// The ERR checks of rule 16, *failures are atomic and typed* — a request failing inside an operation (ERR-60, ERR-61).
extension ErrorChecks {
    /// The size of the content the checks upload: several chunks of a chunked upload (64 KiB for
    /// the reference provider).
    static let chunkedContentSize = 200 * 1_024

    static let fileChangeFailsWhole = ConformanceCheck(
        "ERR-60",
        .errors,
        "a file's creation, and its write with a rename and a move, failing at any backend request change all or nothing",
        rule: "Rule 16 (atomic failures)",
        clauses: ["R16.8", "R16.1"],
        rationale: "A backend that renames by copy and delete, or uploads in chunks, fails between two requests: "
            + "a provider that applied the first leaves a file under both names, a half-written file, or new "
            + "bytes under the old name, and the system, told the call failed, never learns of it.",
        requires: [.writing, .requestFailures]
    ) { context in
        let old = context.largeContent(count: chunkedContentSize, salt: 60)
        let new = context.largeContent(count: chunkedContentSize, salt: 61)
        try await context.failEachRequest(of: "createItem of a file with \(chunkedContentSize) bytes") { number in
            let folder = try await context.createFolder(named: "Create-\(number)").itemIdentifier
            let url = try context.file(containing: old)
            let template = context.template(named: "upload.bin", in: folder, contentType: .data)
            let provider = context.provider
            return (
                folder,
                TreeShape(entries: [:]),
                TreeShape(entries: ["upload.bin": .init(identifier: nil, content: old)]),
                {
                    _ = try await provider.createItem(
                        basedOn: template,
                        fields: [.filename, .parentItemIdentifier, .contents],
                        contents: url,
                        options: [],
                        request: Request()
                    )
                }
            )
        }
        try await context.failEachRequest(of: "modifyItem writing, renaming and moving a file") { number in
            let folder = try await context.createFolder(named: "Modify-\(number)").itemIdentifier
            let from = try await context.createFolder(named: "From", in: folder).itemIdentifier
            let to = try await context.createFolder(named: "To", in: folder).itemIdentifier
            let file = try await context.createFile(named: "draft.bin", in: from, contents: old)
            var edit = file
            edit.filename = "final.bin"
            edit.parentItemIdentifier = to
            let changed = edit
            let url = try context.file(containing: new)
            let provider = context.provider
            return (
                folder,
                TreeShape(entries: [
                    "From": .init(identifier: from, content: nil), "To": .init(identifier: to, content: nil),
                    "From/draft.bin": .init(identifier: file.itemIdentifier, content: old),
                ]),
                TreeShape(entries: [
                    "From": .init(identifier: from, content: nil), "To": .init(identifier: to, content: nil),
                    "To/final.bin": .init(identifier: file.itemIdentifier, content: new),
                ]),
                {
                    _ = try await provider.modifyItem(
                        changed,
                        baseVersion: file.itemVersion,
                        changedFields: [.filename, .parentItemIdentifier, .contents],
                        contents: url,
                        options: [],
                        request: Request()
                    )
                }
            )
        }
    }

    static let folderChangeFailsWhole = ConformanceCheck(
        "ERR-61",
        .errors,
        "a folder's move with a rename, and its recursive deletion, failing at any backend request change all or nothing",
        rule: "Rule 16 (atomic failures)",
        clauses: ["R16.8", "R16.1"],
        rationale: "A backend without folders moves and deletes a folder object by object: a provider that stops "
            + "midway leaves part of the folder in each place, or a folder missing some of its files, while the "
            + "system, told the call failed, shows the folder whole where it was.",
        requires: [.writing, .requestFailures]
    ) { context in
        try await context.failEachRequest(of: "modifyItem moving and renaming a folder with descendants") { number in
            let (folder, album, tree) = try await makeAlbum(context, number: number)
            var edit = album
            edit.filename = "Album 2"
            edit.parentItemIdentifier = tree.to
            let changed = edit
            let provider = context.provider
            return (
                folder,
                tree.shape(albumPath: "From/Album"),
                tree.shape(albumPath: "To/Album 2"),
                {
                    _ = try await provider.modifyItem(
                        changed,
                        baseVersion: album.itemVersion,
                        changedFields: [.filename, .parentItemIdentifier],
                        contents: nil,
                        options: [],
                        request: Request()
                    )
                }
            )
        }
        try await context.failEachRequest(of: "deleteItem of a folder with descendants, recursively") { number in
            let (folder, album, tree) = try await makeAlbum(context, number: 100 + number)
            let provider = context.provider
            return (
                folder,
                tree.shape(albumPath: "From/Album"),
                tree.shape(albumPath: nil),
                {
                    try await provider.deleteItem(
                        identifier: album.itemIdentifier,
                        baseVersion: album.itemVersion,
                        options: .recursive,
                        request: Request()
                    )
                }
            )
        }
    }

    /// Makes `Attempt-<number>` holding `From/Album` (two files and `Inner` with one) and an
    /// empty `To`.
    static func makeAlbum(
        _ context: CheckContext,
        number: Int
    ) async throws -> (ItemIdentifier, ItemSnapshot, AlbumTree) {
        let folder = try await context.createFolder(named: "Attempt-\(number)").itemIdentifier
        let from = try await context.createFolder(named: "From", in: folder).itemIdentifier
        let to = try await context.createFolder(named: "To", in: folder).itemIdentifier
        let album = try await context.createFolder(named: "Album", in: from)
        let inner = try await context.createFolder(named: "Inner", in: album.itemIdentifier).itemIdentifier
        var files: [(name: String, identifier: ItemIdentifier, content: Data)] = []
        for (name, parent) in [("a.txt", album.itemIdentifier), ("b.txt", album.itemIdentifier), ("c.txt", inner)] {
            let content = Data("\(name) of attempt \(number)".utf8)
            let file = try await context.createFile(named: name, in: parent, contents: content)
            files.append((parent == inner ? "Inner/" + name : name, file.itemIdentifier, content))
        }
        return (folder, album, AlbumTree(from: from, to: to, album: album.itemIdentifier, inner: inner, files: files))
    }
}
