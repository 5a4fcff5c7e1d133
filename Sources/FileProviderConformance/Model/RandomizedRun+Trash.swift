import FileProviderKit
import Foundation

/// Operations inside the trash: the trash is a container like any other, and so is a folder in it.
extension RandomizedRun {
    /// Renames, writes, edits one metadata field of, or moves an item in the trash or below a
    /// folder in it (into a folder in the trash, or to the top of the trash), lists a folder in
    /// the trash, creates a file or a folder in a folder in the trash, or moves an item from
    /// outside the trash into one (R14.7). The model expects what it expects anywhere else; only
    /// name collisions at the top of the trash are the provider's to allow or refuse.
    mutating func inTrash(kind: Int, item: Int, value: Int) async throws {
        guard capabilities.contains(.trash) else { return }
        let mutation: ModelMutation?
        switch kind % 7 {
        case 0:
            let newName = ModelState.names[value % ModelState.names.count]
            guard let identifier = ModelState.pick(item, from: model.itemsInTrash()),
                model.items[identifier]?.name != newName
            else { return }
            mutation = try await modify(identifier, .filename, label: "rename in the trash to \"\(newName)\"") {
                $0.filename = newName
            }
        case 1:
            guard let identifier = ModelState.pick(item, from: model.itemsInTrash(filesOnly: true)) else { return }
            let data = ModelState.content(value)
            let url = try file(forKey: value % ModelState.contentVariety, data)
            mutation = try await modify(identifier, .contents, content: (data, url), label: "write in the trash") { _ in
            }
        case 2:
            let fields: [ItemFields] = [.tagData, .favoriteRank, .lastUsedDate, .extendedAttributes]
            let changed = fields[value % fields.count]
            guard let identifier = ModelState.pick(item, from: model.itemsInTrash()) else { return }
            mutation = try await modify(identifier, changed, label: "set \(Self.fieldName(changed)) in the trash") {
                switch changed {
                case .tagData: $0.tagData = ModelState.tagData(value)
                case .favoriteRank: $0.favoriteRank = ModelState.favoriteRank(value)
                case .lastUsedDate: $0.lastUsedDate = ModelState.lastUsedDate(value)
                default: $0.extendedAttributes = ModelState.extendedAttributes(value)
                }
            }
        case 3:
            let targets = model.itemsInTrash(foldersOnly: true) + [.trashContainer]
            guard let identifier = ModelState.pick(item, from: model.itemsInTrash()),
                let target = ModelState.pick(value, from: targets),
                model.items[identifier]?.parent != target
            else { return }
            mutation = try await modify(identifier, .parentItemIdentifier, label: "move in the trash into \(target)") {
                $0.parentItemIdentifier = target
            }
        case 5:
            let folders = model.itemsInTrash(foldersOnly: true)
            guard !folders.isEmpty else { return }
            let content = value % 2 == 0 ? (slot: value, data: ModelState.content(value)) : nil
            mutation = try await create(parent: item, name: value, content: content, date: nil, among: folders)
        case 6:
            guard let identifier = ModelState.pick(item, from: model.liveItems()),
                let target = ModelState.pick(value, from: model.itemsInTrash(foldersOnly: true))
            else { return }
            mutation = try await modify(
                identifier,
                .parentItemIdentifier,
                label: "move into \(target), a folder in the trash"
            ) {
                $0.parentItemIdentifier = target
            }
        default:
            guard let folder = ModelState.pick(item, from: model.itemsInTrash(foldersOnly: true)) else { return }
            try await list(folder, pageSize: 1 + value % 4)
            return
        }
        guard var mutation else { return }
        // A creation (not the deletion a full model makes instead) or a move into a folder in the trash.
        switch mutation.action {
        case .create(let template, _, _, _), .modify(let template, _, .parentItemIdentifier, _, _, _):
            mutation.arrivesInTrashedFolder = template.parentItemIdentifier != .trashContainer
        default:
            break
        }
        resolve(mutation.description)
        try await perform(mutation)
    }
}
