import FileProviderKit
import Foundation

/// Listings that a write interrupts: the first page is listed, a child of the container is
/// changed, and the listing goes on from the page it was given.
extension RandomizedRun {
    /// Lists a container (a folder, in the trash too, the root or the trash) with small pages,
    /// changes one of its children after the first page — one the first page held, or any — and
    /// lists on. The listing must hold every child that stayed throughout exactly once, and
    /// nothing that was never a child (R2.9); the changed child may appear or not, even twice.
    ///
    /// In the trash the change is a restore to the root or a permanent deletion; elsewhere a
    /// trashing, a move to another folder, a rename or a deletion.
    mutating func listWhileChanging(_ folder: Int, pageSize: Int, change: Int) async throws {
        let trash: [ItemIdentifier] = capabilities.contains(.trash) ? [.trashContainer] : []
        let containers = model.folders() + model.itemsInTrash(foldersOnly: true) + trash
        guard let container = ModelState.pick(folder, from: containers) else { return }
        let before = Set(model.children(of: container))
        guard !before.isEmpty else { return }
        resolve("list \(container) with pages of \(pageSize), changing a child after the first page")
        var pages = try await attempt {
            try await provider.enumerator(for: container, request: Request())
                .pages(suggestedPageSize: pageSize).makeAsyncIterator()
        }
        var listing = try await attempt { try await pages.next()?.items ?? [] }
        let firstPage = listing.map(\.itemIdentifier).filter(before.contains)
        let candidates = change % 2 == 0 && !firstPage.isEmpty ? firstPage : before.sorted()
        guard let child = ModelState.pick(change / 2, from: candidates),
            let mutation = try await changing(child, in: container, change / 2)
        else { return }
        let listedSoFar = listing.count
        try await perform(mutation)
        while let page = try await attempt({ try await pages.next() }) {
            listing += page.items
        }
        resolve(
            "list \(container) with pages of \(pageSize), \(mutation.description) after the first page "
                + "(\(listedSoFar) items)"
        )
        let after = Set(model.children(of: container))
        let throughout = before.intersection(after).subtracting([child])
        let counts = Dictionary(listing.map { ($0.itemIdentifier, 1) }, uniquingKeysWith: +)
        let missing = throughout.filter { counts[$0] == nil }
        let twice = counts.filter { $0.value > 1 && $0.key != child }.keys
        let strangers = counts.keys.filter { !before.contains($0) && !after.contains($0) }
        try ensure(
            missing.isEmpty && twice.isEmpty && strangers.isEmpty,
            "a listing of \(container) a write interrupted lost, repeated or added children",
            clauses: ["R2.9"],
            expected: "each of the \(throughout.count) children that stayed, once",
            actual: "missing \(missing.map(\.rawValue).sorted()), twice \(twice.map(\.rawValue).sorted()), "
                + "never children \(strangers.map(\.rawValue).sorted())"
        )
    }

    /// The change of `child` of `container` that `slot` stands for.
    private mutating func changing(
        _ child: ItemIdentifier,
        in container: ItemIdentifier,
        _ slot: Int
    ) async throws -> ModelMutation? {
        guard let current = model.items[child] else { return nil }
        let delete = ModelMutation(
            action: .delete(child, base: try await baseVersion(of: child), recursive: current.isFolder),
            description: "deleteItem \(child) \"\(current.name)\"\(current.isFolder ? " recursively" : "")"
        )
        if container == .trashContainer {
            guard slot % 2 == 0, !model.collides(current.name, in: .rootContainer) else { return delete }
            return try await modify(child, .parentItemIdentifier, label: "restore into the root") {
                $0.parentItemIdentifier = .rootContainer
            }
        }
        switch slot % 4 {
        case 0 where capabilities.contains(.trash) && !model.isInTrash(container):
            return try await modify(child, .parentItemIdentifier, label: "trash") {
                $0.parentItemIdentifier = .trashContainer
            }
        case 1:
            guard let target = ModelState.pick(slot, from: model.folders()), target != container else { return delete }
            return try await modify(child, .parentItemIdentifier, label: "move into \(target)") {
                $0.parentItemIdentifier = target
            }
        case 2:
            let name = ModelState.names[slot % ModelState.names.count]
            guard name != current.name else { return delete }
            return try await modify(child, .filename, label: "rename to \"\(name)\"") { $0.filename = name }
        default:
            return delete
        }
    }
}
