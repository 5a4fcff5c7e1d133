import FileProviderKit
import Foundation

/// The MUT checks of rule 12, *creation* — every creation option, in every kind of parent, with
/// empty content too (MUT-111).
extension MutationChecks {
    static let creationOptionsInEveryParent = ConformanceCheck(
        "MUT-111",
        .mutations,
        "an empty file, a file with bytes and a folder, created under each creation option (none, mayAlreadyExist, "
            + "deletionConflicted, both) in the root, a folder and a nested folder, exist in that parent only, with "
            + "their exact content",
        rule: "Rule 12 (creation)",
        clauses: ["R12.1", "R12.3"],
        rationale: "Each option is a code path of its own in a provider (an import, a re-creation of an item the "
            + "server deleted): one that files the re-created item in the root, or takes an empty file for a "
            + "file that arrived without content and returns no item, deletes what the user saved.",
        requires: .writing
    ) { context in
        let outer = try await context.createFolder(named: "Outer")
        let nested = try await context.createFolder(named: "Nested", in: outer.itemIdentifier)
        let parents: [(name: String, identifier: ItemIdentifier)] = [
            ("the root", .rootContainer), ("a folder", outer.itemIdentifier),
            ("a nested folder", nested.itemIdentifier),
        ]
        let optionSets: [CreateItemOptions] = [
            [], .mayAlreadyExist, .deletionConflicted, [.mayAlreadyExist, .deletionConflicted],
        ]
        let kinds: [(name: String, contents: Data?)] = [
            ("empty", Data()), ("bytes", Data("kept".utf8)), ("folder", nil),
        ]
        var expected: [ItemIdentifier: Set<ItemIdentifier>] = [
            .rootContainer: [outer.itemIdentifier], outer.itemIdentifier: [nested.itemIdentifier],
            nested.itemIdentifier: [],
        ]
        for parent in parents {
            for (optionIndex, options) in optionSets.enumerated() {
                for kind in kinds {
                    let isFolder = kind.contents == nil
                    let name = "\(kind.name)-\(optionIndex)" + (isFolder ? "" : ".bin")
                    let described = "createItem(\"\(name)\", options \(options.rawValue)) in \(parent.name)"
                    var template = context.template(
                        named: name,
                        in: parent.identifier,
                        contentType: isFolder ? .folder : .data
                    )
                    if options.contains(.deletionConflicted) {
                        let gone =
                            isFolder
                            ? try await context.createFolder(named: name, in: parent.identifier)
                            : try await context.createFile(named: name, in: parent.identifier)
                        try await context.delete(gone)
                        template.itemIdentifier = gone.itemIdentifier
                    }
                    let result = try await context.createResult(template, contents: kind.contents, options: options)
                    let created = try context.require(
                        result?.item,
                        "\(described) returned no item: nothing was created"
                    )
                    let stored = try await context.item(created.itemIdentifier)
                    context.expectEqual(stored.parentItemIdentifier, parent.identifier, "\(described) filed the item")
                    context.expectEqual(stored.filename, name, "\(described) stored another name")
                    context.expectEqual(stored.contentType.isDirectory, isFolder, "\(described) made the other kind")
                    expected[parent.identifier, default: []].insert(created.itemIdentifier)
                    if let contents = kind.contents, !(result?.stillPendingFields.contains(.contents) ?? false) {
                        let (data, _) = try await context.fetch(created.itemIdentifier)
                        context.expectEqual(data, contents, "\(described) stored other bytes")
                    }
                }
            }
        }
        for parent in parents {
            let listed = try await context.list(parent.identifier, pageSize: 100).map(\.itemIdentifier)
            context.expectEqual(
                listed.count,
                Set(listed).count,
                "\(parent.name) lists an item created under a creation option twice"
            )
            context.expectEqual(
                Set(listed),
                expected[parent.identifier] ?? [],
                "\(parent.name) does not list exactly the items created in it under every option"
            )
        }
    }
}
