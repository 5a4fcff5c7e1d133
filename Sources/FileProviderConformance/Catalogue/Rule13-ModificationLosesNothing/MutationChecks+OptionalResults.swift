import FileProviderKit
import Foundation

/// The MUT checks of rule 13, *modification applies everything, and loses nothing* — a modification that returns no item (MUT-55).
extension MutationChecks {
    static let modifyExistingReturnsItem = ConformanceCheck(
        "MUT-55",
        .mutations,
        "modifying an item that exists returns the item, never nil",
        rule: "Rule 13 (modification)",
        clauses: ["R13.8"],
        rationale: "No item from modifyItem tells the system the item left the domain: it deletes its local copy. "
            + "A provider that answers a rename or a write with nil while the item still exists makes the file "
            + "vanish from the device although it is still on the server.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Destination")
        var file = try await context.createFile(named: "kept.txt", contents: Data("first".utf8))
        var steps: [(String, ItemFields, Data?, (inout ItemSnapshot) -> Void)] = [
            ("rename to \"still-kept.txt\"", .filename, nil, { $0.filename = "still-kept.txt" }),
            ("move into the folder", .parentItemIdentifier, nil, { $0.parentItemIdentifier = folder.itemIdentifier }),
            ("write 6 bytes", .contents, Data("second".utf8), { _ in }),
            ("set tags", .tagData, nil, { $0.tagData = Data("tag".utf8) }),
        ]
        if context.capabilities.contains(.trash) {
            steps.append(
                ("move to the trash", .parentItemIdentifier, nil, { $0.parentItemIdentifier = .trashContainer })
            )
            steps.append(
                ("restore to the root", .parentItemIdentifier, nil, { $0.parentItemIdentifier = .rootContainer })
            )
        }
        for (description, fields, contents, change) in steps {
            let result = try await context.modifyResult(
                file,
                fields: fields,
                contents: contents,
                description: description,
                change
            )
            guard let result else {
                let call = "modifyItem(\(file.itemIdentifier): \(description))"
                if await context.expectGone(file.itemIdentifier, after: call) {
                    context.fail("\(call) returned nil and the item is gone: the modification lost it")
                }
                return
            }
            file = ItemSnapshot(result.item)
        }
        let stored = try await context.item(file.itemIdentifier)
        context.expectEqual(stored.filename, "still-kept.txt", "the item's name after the modifications")
    }
}
