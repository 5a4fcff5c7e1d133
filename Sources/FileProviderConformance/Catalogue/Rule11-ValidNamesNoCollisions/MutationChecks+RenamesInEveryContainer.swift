import FileProviderKit
import Foundation

/// The MUT checks of rule 11, *names are valid, and collisions are refused* — an item renamed to
/// its own name, in every kind of container (MUT-108).
extension MutationChecks {
    static let ownNameInEveryContainer = ConformanceCheck(
        "MUT-108",
        .mutations,
        "a file and a folder renamed to their own name in another case, and to their exact name, in the root, a "
            + "folder, the trash and a folder inside the trash keep that name and collide with nothing",
        rule: "Rule 11 (collisions, names as written)",
        clauses: ["R11.2", "R11.4"],
        rationale: "An item never collides with itself, wherever it is: a provider that excludes the item from its "
            + "collision lookup in folders but not in the trash (a separate table, a separate code path) refuses "
            + "a user fixing the case of a trashed file's name, or a rename that changes nothing.",
        requires: .writing
    ) { context in
        /// Where the items are renamed: the container, where they are created, and what puts them there.
        struct Place {
            let name: String
            let container: ItemIdentifier
            let creationParent: ItemIdentifier
            let settle: ([ItemSnapshot]) async throws -> Void
        }
        let folder = try await context.createFolder(named: "Container")
        var places = [
            Place(name: "the root", container: .rootContainer, creationParent: .rootContainer) { _ in },
            Place(name: "a folder", container: folder.itemIdentifier, creationParent: folder.itemIdentifier) { _ in },
        ]
        if context.capabilities.contains(.trash) {
            places.append(
                Place(name: "the trash", container: .trashContainer, creationParent: .rootContainer) { items in
                    for item in items { _ = try await context.move(item, to: .trashContainer) }
                }
            )
            let trashedFolder = try await context.createFolder(named: "Trashed container")
            places.append(
                Place(
                    name: "a folder inside the trash",
                    container: trashedFolder.itemIdentifier,
                    creationParent: trashedFolder.itemIdentifier
                ) { _ in _ = try await context.move(trashedFolder, to: .trashContainer) }
            )
        }
        for (index, place) in places.enumerated() {
            let created = [
                try await context.createFile(named: "note-\(index).txt", in: place.creationParent),
                try await context.createFolder(named: "notes-\(index)", in: place.creationParent),
            ]
            try await place.settle(created)
            let names = [["NOTE-\(index).txt", "NOTE-\(index).txt"], ["Notes-\(index)", "Notes-\(index)"]]
            var items: [(ItemSnapshot, [String])] = []
            for (item, itemNames) in zip(created, names) {
                items.append((try await context.item(item.itemIdentifier), itemNames))
            }
            for (item, names) in items {
                var current = item
                for name in names {
                    current = try await context.renameCase(of: current, to: name)
                    context.expectEqual(current.filename, name, "renaming in \(place.name) returned another name")
                    let stored = try await context.item(item.itemIdentifier)
                    context.expectEqual(stored.filename, name, "item(for:) after renaming in \(place.name)")
                    context.expectEqual(
                        stored.parentItemIdentifier,
                        place.container,
                        "renaming \"\(item.filename)\" in \(place.name) moved it"
                    )
                }
                let listed = try await context.list(place.container).filter {
                    $0.filename.lowercased() == names[0].lowercased()
                }
                context.expectEqual(
                    listed.map(\.filename),
                    [names[0]],
                    "\(place.name) does not list the item renamed to its own name exactly once, with that name"
                )
            }
        }
    }
}
