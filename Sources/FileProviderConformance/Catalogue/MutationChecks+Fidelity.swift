import FileProviderKit
import Foundation

/// Mutation checks of contents handed in through a symbolic link (R12.20) and of trees deeper
/// than providers tend to expect (R12.21).
extension MutationChecks {
    static let fidelityChecks: [ConformanceCheck] = [createFromSymbolicLink, writeFromSymbolicLink, deepChain]

    /// How many folders deep ``deepChain`` and `CHG-44` nest: past the 16 levels a provider with
    /// a fixed-depth path buffer or recursion limit stops at.
    static let chainDepth = 24

    /// A symbolic link in the context's scratch folder to a new file holding `data`.
    static func symbolicLink(_ context: CheckContext, to data: Data) throws -> URL {
        let target = try context.file(containing: data)
        let link = target.deletingLastPathComponent().appendingPathComponent(target.lastPathComponent + "-link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        return link
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
}
