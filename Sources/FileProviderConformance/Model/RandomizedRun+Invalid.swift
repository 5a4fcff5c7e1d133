import FileProviderKit
import Foundation

/// The invalid-operation generator: calls drawn from the whole precondition space — every kind of
/// target (the root, the trash, the working set, a file, a folder, a trashed item, a deleted item,
/// a same-named item of the other kind), of parent (a file, a deleted folder, the working set, the
/// item itself or its descendant), of name (invalid, over-long, colliding under the domain's rule),
/// of version (stale content or metadata) and of option (`mayAlreadyExist`, `failOnConflict`,
/// `recursive`) — each with the one answer the contract gives it, as the reference provider
/// answers. After each, the run's invariants check that a failure changed nothing observable: the
/// working set equals the model, the containers involved list their members both ways, and a file
/// the call aimed at still holds its bytes.
extension RandomizedRun {
    /// What an invalid step does. Each kind has one defect, so its answer is exact.
    enum InvalidKind: CaseIterable {
        case createUnderFile, createUnderDeleted, createUnderWorkingSet, createWithInvalidName
        case createOtherKindMayAlreadyExist, createExistingFolderMayAlreadyExist
        case modifyReservedContainer, deleteReservedContainer
        case renameToInvalidName, renameOntoOtherKind
        case moveIntoFile, moveIntoDeletedFolder, moveIntoWorkingSet, moveIntoItselfOrDescendant
        case staleMetadataFailingOnConflict, staleDeletion, deleteFolderWithoutRecursive, deleteFileRecursively
        case lookUpWorkingSet, fetchFolder, fetchDeleted, listDeleted, listFile
    }

    /// Names every provider must refuse with `invalidFilename`: empty, `.`, `..`, with a slash or
    /// NUL, and over 255 UTF-8 bytes (ASCII and two-byte characters).
    static let invalidNames = [
        "", ".", "..", "a/b", "nul\u{0}byte", String(repeating: "x", count: 256),
        String(repeating: "\u{E9}", count: 128), String(repeating: "long name ", count: 30) + ".txt",
        String(repeating: "\u{1F4C1}", count: 64),
    ]

    /// Runs one invalid step; a kind nothing in the model fits makes no call.
    mutating func invalid(kind: Int, target: Int, detail: Int) async throws {
        let kinds = InvalidKind.allCases.filter { kind in
            switch kind {
            case .staleMetadataFailingOnConflict: capabilities.contains(.failOnConflict)
            default: true
            }
        }
        let chosen = kinds[kind % kinds.count]
        switch chosen {
        case .lookUpWorkingSet, .fetchFolder, .fetchDeleted, .listDeleted, .listFile:
            try await invalidRead(chosen, target: target, detail: detail)
        default:
            guard let mutation = try await invalidMutation(chosen, target: target, detail: detail) else { return }
            resolve(mutation.description)
            if chosen == .createExistingFolderMayAlreadyExist, case .create(let template, _, _, _) = mutation.action {
                try await expectExisting(mutation, template: template)
            } else {
                try await perform(mutation)
            }
        }
    }

    /// A deleted identifier, or one never assigned when nothing was deleted yet.
    private func deletedIdentifier(_ slot: Int) -> ItemIdentifier {
        ModelState.pick(slot, from: model.deleted) ?? ItemIdentifier("never-existed-\(slot % 1_000)")
    }

    /// Items a move may take: live ones, and trashed ones when the domain has a trash.
    private mutating func movable() -> [ItemIdentifier] {
        model.liveItems() + (capabilities.contains(.trash) ? model.trashed() : [])
    }

    private mutating func invalidMutation(
        _ kind: InvalidKind,
        target: Int,
        detail: Int
    ) async throws
        -> ModelMutation?
    {
        switch kind {
        case .createUnderFile:
            guard let file = ModelState.pick(target, from: model.liveItems(filesOnly: true)) else { return nil }
            return try creation(in: file, name: ModelState.names[detail % ModelState.names.count], detail: detail)
        case .createUnderDeleted:
            return try creation(in: deletedIdentifier(target), name: "orphan", detail: detail)
        case .createUnderWorkingSet:
            return try creation(in: .workingSet, name: "in-working-set", detail: detail)
        case .createWithInvalidName:
            guard let parent = ModelState.pick(target, from: model.folders()) else { return nil }
            return try creation(in: parent, name: Self.invalidNames[detail % Self.invalidNames.count], detail: detail)
        case .createOtherKindMayAlreadyExist:
            guard let existing = ModelState.pick(target, from: model.liveItems()), let item = model.items[existing]
            else { return nil }
            return try creation(
                in: item.parent,
                name: collidingVariant(of: item.name, detail: detail),
                folder: !item.isFolder,
                detail: detail,
                options: .mayAlreadyExist
            )
        case .createExistingFolderMayAlreadyExist:
            let folders = model.folders().filter { $0 != .rootContainer }
            guard let existing = ModelState.pick(target, from: folders), let item = model.items[existing] else {
                return nil
            }
            return try creation(
                in: item.parent,
                name: item.name,
                folder: true,
                detail: detail,
                options: .mayAlreadyExist
            )
        case .modifyReservedContainer:
            return reservedModification(target: target, detail: detail)
        case .deleteReservedContainer:
            let container = reservedContainers[target % reservedContainers.count]
            return ModelMutation(
                action: .delete(container, base: ItemVersion(), recursive: detail % 2 == 0),
                description: "deleteItem \(container)\(detail % 2 == 0 ? " recursively" : "")"
            )
        case .renameToInvalidName:
            guard let identifier = ModelState.pick(target, from: movable()) else { return nil }
            let name = Self.invalidNames[detail % Self.invalidNames.count]
            return try await modify(identifier, .filename, label: "rename to the invalid \(name.debugDescription)") {
                $0.filename = name
            }
        case .renameOntoOtherKind:
            guard let identifier = ModelState.pick(target, from: model.liveItems()), let item = model.items[identifier]
            else { return nil }
            let others = model.children(of: item.parent).filter { model.items[$0]?.isFolder != item.isFolder }
            guard let other = ModelState.pick(detail, from: others), let name = model.items[other]?.name else {
                return nil
            }
            let variant = collidingVariant(of: name, detail: detail)
            return try await modify(identifier, .filename, label: "rename onto \(other)'s name as \"\(variant)\"") {
                $0.filename = variant
            }
        case .moveIntoFile:
            guard let identifier = ModelState.pick(target, from: movable()),
                let file = ModelState.pick(detail, from: model.liveItems(filesOnly: true))
            else { return nil }
            return try await modify(identifier, .parentItemIdentifier, label: "move into the file \(file)") {
                $0.parentItemIdentifier = file
            }
        case .moveIntoDeletedFolder:
            guard let identifier = ModelState.pick(target, from: movable()) else { return nil }
            let gone = deletedIdentifier(detail)
            return try await modify(identifier, .parentItemIdentifier, label: "move into the deleted \(gone)") {
                $0.parentItemIdentifier = gone
            }
        case .moveIntoWorkingSet:
            guard let identifier = ModelState.pick(target, from: movable()) else { return nil }
            return try await modify(identifier, .parentItemIdentifier, label: "move into the working set") {
                $0.parentItemIdentifier = .workingSet
            }
        case .moveIntoItselfOrDescendant:
            let folders = model.folders().filter { $0 != .rootContainer }
            guard let folder = ModelState.pick(target, from: folders) else { return nil }
            let below = [folder] + model.descendants(of: folder).filter { model.items[$0]?.isFolder == true }
            let destination = below[detail % below.count]
            return try await modify(folder, .parentItemIdentifier, label: "move into \(destination), itself or below") {
                $0.parentItemIdentifier = destination
            }
        case .staleMetadataFailingOnConflict:
            let stale = model.liveItems().filter { previousVersions[$0] != nil }
            guard let identifier = ModelState.pick(target, from: stale), let old = previousVersions[identifier],
                old != listed[identifier]?.itemVersion
            else { return nil }
            return try await modify(identifier, .tagData, base: old, label: "tags on a stale version, failOnConflict") {
                $0.tagData = ModelState.tagData(detail | 1)
            }
        case .staleDeletion:
            let stale = model.liveItems(filesOnly: true).filter { staleVersions[$0] != nil }
            guard let identifier = ModelState.pick(target, from: stale), let old = staleVersions[identifier],
                old != listed[identifier]?.itemVersion
            else { return nil }
            return ModelMutation(
                action: .delete(identifier, base: old, recursive: detail % 2 == 0),
                override: (.fails(.deletionRejected), ["R15.2", "R16.1"]),
                description: "deleteItem \(identifier) on a version older than its last content edit, rename or move"
            )
        case .deleteFolderWithoutRecursive:
            // Folders in the trash and below trashed folders too: the rule does not change there.
            let folders = model.folders().filter { $0 != .rootContainer } + model.itemsInTrash(foldersOnly: true)
            guard let folder = ModelState.pick(target, from: folders) else { return nil }
            let empty = model.children(of: folder).isEmpty
            return ModelMutation(
                action: .delete(folder, base: try await baseVersion(of: folder), recursive: false),
                override: empty ? (.succeeds, ["R14.3"]) : (.fails(.directoryNotEmpty), ["R15.1", "R16.1"]),
                description: "deleteItem \(folder) without recursive (\(empty ? "empty" : "not empty"))"
            )
        case .deleteFileRecursively:
            guard let file = ModelState.pick(target, from: model.liveItems(filesOnly: true)) else { return nil }
            return ModelMutation(
                action: .delete(file, base: try await baseVersion(of: file), recursive: true),
                description: "deleteItem of the file \(file) with recursive"
            )
        case .lookUpWorkingSet, .fetchFolder, .fetchDeleted, .listDeleted, .listFile:
            return nil
        }
    }

    private var reservedContainers: [ItemIdentifier] {
        [.rootContainer, .workingSet] + (capabilities.contains(.trash) ? [.trashContainer] : [])
    }

    /// A rename, move or write of a reserved container.
    private func reservedModification(target: Int, detail: Int) -> ModelMutation {
        let container = reservedContainers[target % reservedContainers.count]
        var template = ItemSnapshot(
            itemIdentifier: container,
            parentItemIdentifier: .rootContainer,
            filename: "renamed",
            contentType: .folder
        )
        let fields: [ItemFields] = [.filename, .parentItemIdentifier, .tagData]
        let changed = fields[detail % fields.count]
        if changed == .parentItemIdentifier {
            template.parentItemIdentifier = ModelState.pick(detail / 3, from: model.order) ?? .rootContainer
        }
        template.tagData = Data("reserved".utf8)
        return ModelMutation(
            action: .modify(
                template: template,
                base: ItemVersion(),
                fields: changed,
                content: nil,
                url: nil,
                options: []
            ),
            description: "modifyItem \(container) (fields \(Self.fieldName(changed)))"
        )
    }

    /// `name`, or under a case-insensitive rule sometimes its upper-case form: a name colliding with it.
    private func collidingVariant(of name: String, detail: Int) -> String {
        let upper = name.uppercased()
        guard detail % 2 == 1, caseRule.collisionKey(for: upper) == caseRule.collisionKey(for: name) else {
            return name
        }
        return upper
    }

    /// A creation of a file (with content) or folder named `name` in `parent`.
    private mutating func creation(
        in parent: ItemIdentifier,
        name: String,
        folder: Bool? = nil,
        detail: Int,
        options: CreateItemOptions = []
    ) throws -> ModelMutation {
        let isFolder = folder ?? (detail % 3 == 0)
        let template = ItemSnapshot(
            itemIdentifier: ItemIdentifier("model-template-\(step)"),
            parentItemIdentifier: parent,
            filename: name,
            contentType: isFolder ? .folder : .forFilename(Filename.problem(in: name) == nil ? name : "file.txt")
        )
        let data = isFolder ? nil : ModelState.content(detail)
        let url = try data.map { try file(forKey: detail % ModelState.contentVariety, $0) }
        let fields: ItemFields =
            isFolder ? [.filename, .parentItemIdentifier] : [.filename, .parentItemIdentifier, .contents]
        let optionText = options.contains(.mayAlreadyExist) ? ", mayAlreadyExist" : ""
        return ModelMutation(
            action: .create(template: template, fields: fields, content: data, url: url),
            createOptions: options,
            description:
                "createItem \(name.debugDescription) in \(parent) (\(isFolder ? "folder" : "file")\(optionText))"
        )
    }

    /// Creates a folder with `mayAlreadyExist` where a folder of that name exists: the call must
    /// return that folder and create nothing (R12.3).
    private mutating func expectExisting(_ mutation: ModelMutation, template: ItemSnapshot) async throws {
        guard
            let existing = model.children(of: template.parentItemIdentifier).first(where: {
                model.items[$0]?.name == template.filename && model.items[$0]?.isFolder == true
            })
        else { return }
        let outcome = await mutation.perform(on: provider)
        if case .failure(let error) = outcome, error is CancellationError { throw CancellationError() }
        guard case .success(let result) = outcome, result?.item.itemIdentifier == existing else {
            throw failure(
                "\(mutation) did not return the existing folder",
                clauses: ["R12.3"],
                expected: "success with \(existing)",
                actual: Self.describe(outcome)
            )
        }
    }

    /// A read the contract says must fail, with its code.
    private mutating func invalidRead(_ kind: InvalidKind, target: Int, detail: Int) async throws {
        let provider = self.provider
        switch kind {
        case .lookUpWorkingSet:
            resolve("item(for: the working set)")
            try await expectFailure([.noSuchItem], "item(for: the working set)", clauses: ["R16.2"]) {
                _ = try await provider.item(for: .workingSet, request: Request())
            }
        case .fetchFolder:
            // The root's answer is the provider's own (the reference provider's is noSuchItem).
            guard let folder = ModelState.pick(target, from: model.folders().filter { $0 != .rootContainer }) else {
                return
            }
            resolve("fetchContents of the folder \(folder)")
            try await expectFailure(
                [.invalidArgument, .featureUnsupported],
                "fetchContents of the folder \(folder)",
                clauses: ["API.4"]
            ) {
                let fetched = try await provider.fetchContents(for: folder, version: nil, request: Request())
                ContentFile.remove(fetched.url)
            }
        case .fetchDeleted:
            let gone = deletedIdentifier(target)
            resolve("fetchContents of the deleted \(gone)")
            try await expectFailure([.noSuchItem], "fetchContents of the deleted \(gone)", clauses: ["R16.2"]) {
                let fetched = try await provider.fetchContents(for: gone, version: nil, request: Request())
                ContentFile.remove(fetched.url)
            }
        case .listDeleted:
            let gone = deletedIdentifier(target)
            resolve("list the deleted \(gone)")
            try await expectFailure([.noSuchItem], "list the deleted \(gone)", clauses: ["R16.2"]) {
                _ = try await provider.enumerator(for: gone, request: Request()).allItems(suggestedPageSize: 8)
            }
        default:
            guard let file = ModelState.pick(target, from: model.liveItems(filesOnly: true)) else { return }
            resolve("list the file \(file)")
            try await expectFailure([.noSuchItem, .invalidArgument], "list the file \(file)", clauses: ["R16.2"]) {
                _ = try await provider.enumerator(for: file, request: Request()).allItems(suggestedPageSize: 8)
            }
        }
    }
}
