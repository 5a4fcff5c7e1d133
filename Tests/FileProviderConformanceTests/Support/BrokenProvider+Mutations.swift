import FileProviderKit
import Foundation

/// The broken provider's creations, modifications and deletions.
extension BrokenProvider {
    static let reservedContainers: Set<ItemIdentifier> = [.rootContainer, .workingSet, .trashContainer]

    func createItem(
        basedOn template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        var effectiveOptions = options
        switch bug {
        case .collisionOverwrites:
            try await deleteSiblings(named: template.filename, in: template.parentItemIdentifier, request: request)
        case .mayAlreadyExistIgnored:
            effectiveOptions.remove(.mayAlreadyExist)
        case .mayAlreadyExistMatchesAnywhere where options.contains(.mayAlreadyExist):
            if let found = try await matchAnywhere(template, request: request) { return found }
        case .trashedNameCollides:
            try await refuseTrashedName(
                template.filename,
                in: template.parentItemIdentifier,
                for: nil,
                request: request
            )
        case .conflictCopiesIgnoreCase where !options.contains(.mayAlreadyExist):
            try await refuseCaseCollision(
                named: template.filename,
                in: template.parentItemIdentifier,
                for: nil,
                request: request
            )
        case .createsBeforeReadingContents:
            if let contents, !FileManager.default.fileExists(atPath: contents.path) {
                _ = try await base.createItem(
                    basedOn: template,
                    fields: fields.subtracting(.contents),
                    contents: nil,
                    options: options,
                    request: request
                )
                throw FileProviderError(.fileReadNoSuchFile, message: "The contents file is missing.")
            }
        default:
            break
        }
        var stored = incoming(template)
        let fields = bug == .createStoresWholeTemplate ? fields.union(.metadata) : fields
        if bug == .createUnderFileLandsInRoot, !stored.parentItemIdentifier.isReservedContainer,
            let parent = try? await base.item(for: stored.parentItemIdentifier, request: request),
            !parent.contentType.isDirectory
        {
            stored.parentItemIdentifier = .rootContainer
        }
        let result = try await perform { [effectiveOptions, stored] in
            try await self.base.createItem(
                basedOn: stored,
                fields: fields,
                contents: contents,
                options: effectiveOptions,
                request: request
            )
        } recovering: { error in
            try await recover(from: error, creating: stored, fields: fields, contents: contents, request: request)
        }
        guard var result else { return nil }
        memory.record([result.item])
        memory.recordCreation(of: result.item.itemIdentifier, in: result.item.parentItemIdentifier)
        memory.lastWritten = result.item.itemIdentifier
        var item = outgoing(result.item)
        switch bug {
        case .createdItemEchoesTemplate:
            var echo = ItemSnapshot(template)
            echo.itemIdentifier = item.itemIdentifier
            item = echo
        case .templateIdentifierReturned:
            item.itemIdentifier = template.itemIdentifier
        default:
            break
        }
        result.item = item
        return result
    }

    /// What the bug makes of a creation the store refused.
    private func recover(
        from error: FileProviderError,
        creating template: ItemSnapshot,
        fields: ItemFields,
        contents: URL?,
        request: Request
    ) async throws -> ItemMutationResult {
        switch (bug, error.code) {
        case (.collisionReturnsExisting, .filenameCollision):
            if let existing = error.item { return ItemMutationResult(item: existing) }
        case (.renamesOnCollision, .filenameCollision):
            var renamed = template
            let name = template.filename as NSString
            let suffix = name.pathExtension.isEmpty ? "" : ".\(name.pathExtension)"
            renamed.filename = "\(name.deletingPathExtension) 2\(suffix)"
            return try await createItem(
                basedOn: renamed,
                fields: fields,
                contents: contents,
                options: [],
                request: request
            )
                ?? ItemMutationResult(item: renamed)
        case (.missingParentWrongCode, .noSuchItem) where error.itemIdentifier == template.parentItemIdentifier:
            throw FileProviderError(.invalidArgument, message: "The parent is not a folder.")
        default:
            break
        }
        throw error
    }

    /// For ``Bug/mayAlreadyExistMatchesAnywhere``: when the template's folder holds no item of its
    /// name, an item of that name from anywhere in the domain outside the trash.
    private func matchAnywhere(
        _ template: any FileProviderItem,
        request: Request
    ) async throws
        -> ItemMutationResult?
    {
        let name = template.filename
        guard try await siblings(named: name, in: template.parentItemIdentifier, request: request).isEmpty else {
            return nil
        }
        let everywhere = try await base.enumerator(for: .workingSet, request: request).allItems()
        guard
            let found = everywhere.first(where: {
                $0.filename.lowercased() == name.lowercased() && $0.parentItemIdentifier != .trashContainer
            })
        else { return nil }
        return ItemMutationResult(item: outgoing(found))
    }

    /// For ``Bug/trashedNameCollides``: refuses `filename` in `parent` when a trashed item other
    /// than `identifier`, last handed out in `parent`, has that name.
    private func refuseTrashedName(
        _ filename: String,
        in parent: ItemIdentifier,
        for identifier: ItemIdentifier?,
        request: Request
    ) async throws {
        let trashed = try await base.enumerator(for: .trashContainer, request: request).allItems()
        if let holder = trashed.first(where: {
            $0.itemIdentifier != identifier && $0.filename.lowercased() == filename.lowercased()
                && memory.parent(of: $0.itemIdentifier) == parent
        }) {
            throw FileProviderError.collision(with: outgoing(holder))
        }
    }

    /// The children of `parent` whose names equal `filename` ignoring case.
    private func siblings(
        named filename: String,
        in parent: ItemIdentifier,
        request: Request
    ) async throws -> [any FileProviderItem] {
        try await base.enumerator(for: parent, request: request).allItems()
            .filter { $0.filename.lowercased() == filename.lowercased() }
    }

    /// For ``Bug/conflictCopiesIgnoreCase``: the provider's own collision check, ignoring case,
    /// which its conflict copies skip.
    private func refuseCaseCollision(
        named filename: String,
        in parent: ItemIdentifier,
        for identifier: ItemIdentifier?,
        request: Request
    ) async throws {
        guard bug == .conflictCopiesIgnoreCase else { return }
        if let identifier, try await isSelfOrDescendant(parent, of: identifier, request: request) { return }
        let taken = try await siblings(named: filename, in: parent, request: request)
        if let sibling = taken.first(where: { $0.itemIdentifier != identifier }) {
            throw FileProviderError.collision(with: sibling)
        }
    }

    private func deleteSiblings(named filename: String, in parent: ItemIdentifier, request: Request) async throws {
        for sibling in try await siblings(named: filename, in: parent, request: request) {
            try await base.deleteItem(
                identifier: sibling.itemIdentifier,
                baseVersion: sibling.itemVersion,
                options: .recursive,
                request: request
            )
        }
    }

    func modifyItem(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        if let shortcut = try await shortcut(
            modifying: item,
            changedFields: changedFields,
            options: options,
            request: request
        ) {
            return shortcut
        }
        memory.lastWritten = item.itemIdentifier
        var version = incoming(baseVersion)
        var fields = changedFields
        var effectiveOptions = options
        let current = { try await self.base.item(for: item.itemIdentifier, request: request) }
        var template = changedFields.contains(.filename) ? incoming(item) : ItemSnapshot(item)
        switch bug {
        case .lastWriterWins:
            version = try await current().itemVersion
            effectiveOptions.remove(.failOnConflict)
        case .oneFieldPerModify:
            fields = ItemFields(rawValue: changedFields.rawValue & (~changedFields.rawValue + 1))
        case .untouchedFieldsOverwritten:
            fields.formUnion(ItemFields.metadata)
        case .metadataReadModifyWrite:
            let stored = ItemSnapshot(try await current())
            await Task.yield()
            template = Self.merging(template, into: stored, changedFields: changedFields)
            fields.formUnion(Self.readModifyWriteFields)
            version = stored.itemVersion
        case .userMetadataAlwaysApplied:
            fields.formUnion([.tagData, .favoriteRank, .lastUsedDate])
        case .contentWriteDropsExtendedAttributes where changedFields.contains(.contents):
            fields.insert(.extendedAttributes)
            template.extendedAttributes = [:]
        case .contentWriteResetsCreationDate where changedFields.contains(.contents):
            fields.insert(.creationDate)
            template.creationDate = Date()
        case .caseOnlyRenameRefused where changedFields.contains(.filename):
            let stored = try await current()
            if stored.filename != item.filename, stored.filename.lowercased() == item.filename.lowercased() {
                throw FileProviderError.collision(with: outgoing(stored))
            }
        case .metadataConflictsIgnored where !changedFields.contains(.contents):
            version = try await current().itemVersion
        case .conflictCopiesIgnoreCase where !changedFields.isDisjoint(with: [.filename, .parentItemIdentifier]):
            try await refuseCaseCollision(
                named: item.filename,
                in: item.parentItemIdentifier,
                for: item.itemIdentifier,
                request: request
            )
        case .datesTruncatedToSeconds:
            template = incoming(item)
        case .moveDropsMetadata where changedFields.contains(.parentItemIdentifier):
            let stored = try await current()
            if stored.parentItemIdentifier != item.parentItemIdentifier {
                fields.formUnion([.tagData, .favoriteRank, .lastUsedDate, .extendedAttributes])
                template.tagData = nil
                template.favoriteRank = nil
                template.lastUsedDate = nil
                template.extendedAttributes = [:]
            }
        case .modifiesStepByStep:
            if let stepped = try await modifyStepByStep(
                template,
                baseVersion: version,
                changedFields: changedFields,
                contents: contents,
                request: request
            ) {
                return stepped
            }
        case .contentWriteIgnoresExplicitDate where changedFields.contains(.contents):
            fields.remove(.contentModificationDate)
        case .trashedNameCollides where !changedFields.isDisjoint(with: [.filename, .parentItemIdentifier]):
            try await refuseTrashedName(
                item.filename,
                in: item.parentItemIdentifier,
                for: item.itemIdentifier,
                request: request
            )
        case .xattrsAsUTF8:
            template = incoming(item)
        case .staleMetadataDropped where !changedFields.contains(.contents) && !options.contains(.failOnConflict):
            let stored = try await current()
            if stored.itemVersion != version { return ItemMutationResult(item: outgoing(stored)) }
        case .largeStaleWriteOverwrites where changedFields.contains(.contents) && !options.contains(.failOnConflict):
            let size = contents.flatMap { try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize } ?? 0
            if size > 1 << 20 { version = try await current().itemVersion }
        case .staleWriteDropsIncoming where changedFields.contains(.contents) && !options.contains(.failOnConflict):
            let stored = try await current()
            if stored.itemVersion.contentVersion != version.contentVersion {
                return ItemMutationResult(item: outgoing(stored))
            }
        default:
            break
        }
        let before = try? await current()
        let performed = try await perform { [template, version, fields, effectiveOptions] in
            try await self.base.modifyItem(
                template,
                baseVersion: version,
                changedFields: fields,
                contents: contents,
                options: effectiveOptions,
                request: request
            )
        } recovering: { error in
            try await recover(
                from: error,
                modifying: template,
                changedFields: changedFields,
                contents: contents,
                request: request
            )
        }
        guard var result = performed else { return nil }
        if bug == .restoreEmptiesContent, before?.parentItemIdentifier == .trashContainer,
            result.item.parentItemIdentifier != .trashContainer, result.item.contentType != .folder
        {
            let empty = try ScratchFile.empty()
            defer { ContentFile.remove(empty) }
            let emptied = try await base.modifyItem(
                result.item,
                baseVersion: result.item.itemVersion,
                changedFields: .contents,
                contents: empty,
                options: [],
                request: request
            )
            guard let emptied else { return nil }
            result = emptied
        }
        result.item = outgoing(result.item)
        if bug == .movedFromLastSeenParentDeleted { memory.record([result.item]) }
        result.stillPendingFields = []
        if bug == .modifyReturnsNilForExisting, changedFields.contains(.filename) { return nil }
        return result
    }

    /// What the bug makes of a modification the store refused.
    private func recover(
        from error: FileProviderError,
        modifying item: ItemSnapshot,
        changedFields: ItemFields,
        contents: URL?,
        request: Request
    ) async throws -> ItemMutationResult {
        switch (bug, error.code) {
        case (.modifyMissingRecreates, .noSuchItem) where error.itemIdentifier == item.itemIdentifier:
            if let created = try await base.createItem(
                basedOn: item,
                fields: changedFields,
                contents: contents,
                options: [],
                request: request
            ) {
                return created
            }
        case (.missingParentWrongCode, .noSuchItem) where error.itemIdentifier == item.parentItemIdentifier:
            throw FileProviderError(.invalidArgument, message: "The parent is not a folder.")
        default:
            break
        }
        throw error
    }

    /// The result of a modification the bug handles without the store's modifyItem, or `nil`.
    private func shortcut(
        modifying item: any FileProviderItem,
        changedFields: ItemFields,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        let movesTo = changedFields.contains(.parentItemIdentifier) ? item.parentItemIdentifier : nil
        switch bug {
        case .reservedContainersAcceptWrites where Self.reservedContainers.contains(item.itemIdentifier):
            return ItemMutationResult(item: item)
        case .trashAsNoSuchItem where movesTo == .trashContainer:
            throw FileProviderError.nonExistentItem(withIdentifier: .trashContainer)
        case .trashDeletesPermanently where movesTo == .trashContainer:
            var stored = ItemSnapshot(try await base.item(for: item.itemIdentifier, request: request))
            try await base.deleteItem(
                identifier: item.itemIdentifier,
                baseVersion: stored.itemVersion,
                options: .recursive,
                request: request
            )
            stored.parentItemIdentifier = .trashContainer
            return ItemMutationResult(item: stored)
        case .moveIntoDescendantIgnored:
            guard let target = movesTo, try await isSelfOrDescendant(target, of: item.itemIdentifier, request: request)
            else { return nil }
            var stored = ItemSnapshot(try await base.item(for: item.itemIdentifier, request: request))
            stored.parentItemIdentifier = target
            return ItemMutationResult(item: stored)
        case .moveIntoGrandchildAccepted:
            guard let target = movesTo, target != item.itemIdentifier,
                (try? await base.item(for: target, request: request))?.parentItemIdentifier != item.itemIdentifier,
                try await isSelfOrDescendant(target, of: item.itemIdentifier, request: request)
            else { return nil }
            var stored = ItemSnapshot(try await base.item(for: item.itemIdentifier, request: request))
            stored.parentItemIdentifier = target
            return ItemMutationResult(item: stored)
        case .renameRecreatesItem
        where changedFields.isSubset(of: [.filename, .parentItemIdentifier]) && movesTo != .trashContainer:
            let stored = try await base.item(for: item.itemIdentifier, request: request)
            guard stored.contentType != .folder, stored.contentType != .symbolicLink else { return nil }
            let fetched = try await base.fetchContents(for: item.itemIdentifier, version: nil, request: request)
            var copy = ItemSnapshot(stored)
            copy.filename = item.filename
            copy.parentItemIdentifier = item.parentItemIdentifier
            let created = try await base.createItem(
                basedOn: copy,
                fields: [.contents, .filename],
                contents: fetched.url,
                options: [],
                request: request
            )
            try await base.deleteItem(
                identifier: stored.itemIdentifier,
                baseVersion: stored.itemVersion,
                options: [],
                request: request
            )
            return created.map { ItemMutationResult(item: outgoing($0.item)) }
        default:
            return nil
        }
    }

    private func isSelfOrDescendant(
        _ candidate: ItemIdentifier,
        of folder: ItemIdentifier,
        request: Request
    ) async throws -> Bool {
        var current = candidate
        while !Self.reservedContainers.contains(current) {
            if current == folder { return true }
            current = try await base.item(for: current, request: request).parentItemIdentifier
        }
        return false
    }

    func deleteItem(
        identifier: ItemIdentifier,
        baseVersion: ItemVersion,
        options: DeleteItemOptions,
        request: Request
    )
        async throws
    {
        memory.lastWritten = identifier
        var effectiveOptions = options
        var version = incoming(baseVersion)
        switch bug {
        case .reservedContainersAcceptWrites where Self.reservedContainers.contains(identifier):
            return
        case .deleteUnknownFails:
            _ = try await perform { try await self.base.item(for: identifier, request: request) }
        case .nonRecursiveDeleteTakesChildren:
            effectiveOptions.insert(.recursive)
        case .staleDeleteAccepted:
            if let stored = try? await base.item(for: identifier, request: request) { version = stored.itemVersion }
        case .recursiveDeleteChildrenFirst where options.contains(.recursive):
            let children = try? await base.enumerator(for: identifier, request: request).allItems()
            for child in children ?? [] {
                try await perform {
                    try await self.base.deleteItem(
                        identifier: child.itemIdentifier,
                        baseVersion: child.itemVersion,
                        options: .recursive,
                        request: request
                    )
                }
            }
        case .deleteMovesToTrash:
            guard let stored = try? await base.item(for: identifier, request: request) else { return }
            guard stored.parentItemIdentifier != .trashContainer else { return }
            var trashed = ItemSnapshot(stored)
            trashed.parentItemIdentifier = .trashContainer
            _ = try await perform { [trashed, version] in
                try await self.base.modifyItem(
                    trashed,
                    baseVersion: version,
                    changedFields: .parentItemIdentifier,
                    contents: nil,
                    options: [],
                    request: request
                )
            }
            return
        default:
            break
        }
        try await perform { [version, effectiveOptions] in
            try await self.base.deleteItem(
                identifier: identifier,
                baseVersion: version,
                options: effectiveOptions,
                request: request
            )
        }
    }
}
