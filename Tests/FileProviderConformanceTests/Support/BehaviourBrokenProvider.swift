import FileProviderKit
import Foundation
import InMemoryFileProvider

/// The reference provider with one ``BehaviourBug``.
final class BehaviourBrokenProvider: ReferenceProviderLayer, @unchecked Sendable {
    let inner: InMemoryFileProvider
    let bug: BehaviourBug
    /// The last page or batch served per container, for ``BehaviourBug/failedCallReplaysCache``.
    let served = LockedValue<[ItemIdentifier: [ItemSnapshot]]>([:])
    /// The descendants of folders deleted from the trash, whose deletions
    /// ``BehaviourBug/trashPurgeReportsOnlyFolder`` keeps from the change feed.
    let unreportedDeletions = LockedValue<Set<ItemIdentifier>>([])
    /// The folder of ``BehaviourBug/fetchSharesOneFilePerItem``'s shared files.
    private let sharedFiles = ScratchFile.unique()

    init(inner: InMemoryFileProvider, bug: BehaviourBug) {
        self.inner = inner
        self.bug = bug
    }

    deinit {
        try? FileManager.default.removeItem(at: sharedFiles)
    }

    /// `item` with the bug's changes to what a creation or modification sends the store.
    private func incoming(_ item: any FileProviderItem) -> ItemSnapshot {
        var item = ItemSnapshot(item)
        switch bug {
        case .attributeNamesLowercased:
            item.extendedAttributes = Dictionary(
                item.extendedAttributes.map { ($0.key.lowercased(), $0.value) },
                uniquingKeysWith: { first, _ in first }
            )
        case .favoriteRankThroughDouble:
            item.favoriteRank = item.favoriteRank.map { rank in
                let double = Double(rank)
                return double >= Double(UInt64.max) ? UInt64.max : UInt64(double)
            }
        case .datesBefore1970Clamped:
            let clamp = { (date: Date?) in date.map { max($0, Date(timeIntervalSince1970: 0)) } }
            item.creationDate = clamp(item.creationDate)
            item.contentModificationDate = clamp(item.contentModificationDate)
            item.lastUsedDate = clamp(item.lastUsedDate)
        default:
            break
        }
        return item
    }

    func createItem(
        basedOn template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        var stored = incoming(template)
        let isFile = !stored.contentType.isDirectory && !stored.contentType.isSymbolicLink
        if options.contains(.mayAlreadyExist), let found = try await sameName(as: stored, request: request) {
            let sameKind = found.contentType.isDirectory == stored.contentType.isDirectory
            if bug == .mayAlreadyExistMatchesOtherKind, !sameKind { return ItemMutationResult(item: found) }
            if bug == .mayAlreadyExistDropsIncomingBytes, sameKind { return ItemMutationResult(item: found) }
        }
        try await refuseArrival(in: stored.parentItemIdentifier, request: request)
        if bug == .contentTypeFromName, isFile { stored.contentType = .forFilename(stored.filename) }
        if bug == .contentlessFileBecomesFolder, isFile, contents == nil, !options.contains(.mayAlreadyExist) {
            stored.contentType = .folder
        }
        guard
            var result = try await inner.createItem(
                basedOn: stored,
                fields: fields,
                contents: contents,
                options: options,
                request: request
            )
        else { return nil }
        if bug == .createdSizeFromTemplate, isFile {
            var item = ItemSnapshot(result.item)
            item.documentSize = template.documentSize
            result.item = item
        }
        return result
    }

    /// The child of the template's folder whose name equals the template's, ignoring case.
    private func sameName(as template: ItemSnapshot, request: Request) async throws -> ItemSnapshot? {
        let enumerator = try await inner.enumerator(for: template.parentItemIdentifier, request: request)
        let children = try await enumerator.allItems(suggestedPageSize: 1_000)
        return children.first { $0.filename.lowercased() == template.filename.lowercased() }.map { ItemSnapshot($0) }
    }

    func modifyItem(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        if bug == .restoreIntoDeletedFolderDropsItem, changedFields.contains(.parentItemIdentifier),
            let current = try? await inner.item(for: item.itemIdentifier, request: request),
            current.parentItemIdentifier == .trashContainer,
            (try? await inner.item(for: item.parentItemIdentifier, request: request)) == nil
        {
            try await inner.deleteItem(
                identifier: item.itemIdentifier,
                baseVersion: current.itemVersion,
                options: .recursive,
                request: request
            )
            throw FileProviderError.nonExistentItem(withIdentifier: item.parentItemIdentifier)
        }
        if changedFields.contains(.parentItemIdentifier) {
            try await refuseArrival(in: item.parentItemIdentifier, request: request)
        }
        return try await inner.modifyItem(
            incoming(item),
            baseVersion: baseVersion,
            changedFields: changedFields,
            contents: contents,
            options: options,
            request: request
        )
    }

    func deleteItem(
        identifier: ItemIdentifier,
        baseVersion: ItemVersion,
        options: DeleteItemOptions,
        request: Request
    ) async throws {
        if bug == .trashPurgeReportsOnlyFolder,
            let current = try? await inner.item(for: identifier, request: request),
            current.parentItemIdentifier == .trashContainer, current.contentType.isDirectory
        {
            let descendants = try await self.descendants(of: identifier, request: request)
            unreportedDeletions.withLock { $0.formUnion(descendants) }
        }
        try await inner.deleteItem(identifier: identifier, baseVersion: baseVersion, options: options, request: request)
    }

    /// For ``BehaviourBug/trashedFolderRefusesArrivals``: throws noSuchItem when `parent` is a
    /// folder in the trash (its chain of parents reaches the trash).
    private func refuseArrival(in parent: ItemIdentifier, request: Request) async throws {
        guard bug == .trashedFolderRefusesArrivals, parent != .trashContainer else { return }
        var current = parent
        while current != .rootContainer, let item = try? await inner.item(for: current, request: request) {
            if item.parentItemIdentifier == .trashContainer {
                throw FileProviderError.nonExistentItem(withIdentifier: parent)
            }
            current = item.parentItemIdentifier
        }
    }

    /// Every item below `folder`, listed through the reference provider.
    private func descendants(of folder: ItemIdentifier, request: Request) async throws -> Set<ItemIdentifier> {
        var found: Set<ItemIdentifier> = []
        var pending = [folder]
        while let next = pending.popLast() {
            let enumerator = try await inner.enumerator(for: next, request: request)
            for child in try await enumerator.allItems(suggestedPageSize: 1_000) {
                found.insert(child.itemIdentifier)
                if child.contentType.isDirectory { pending.append(child.itemIdentifier) }
            }
        }
        return found
    }

    func fetchContents(
        for identifier: ItemIdentifier,
        version: ItemVersion?,
        request: Request
    ) async throws -> FetchedContents {
        var fetched = try await inner.fetchContents(for: identifier, version: version, request: request)
        guard bug == .fetchSharesOneFilePerItem else { return fetched }
        try FileManager.default.createDirectory(at: sharedFiles, withIntermediateDirectories: true)
        let shared = sharedFiles.appendingPathComponent(identifier.rawValue.replacingOccurrences(of: "/", with: "_"))
        let bytes = try Data(contentsOf: fetched.url)
        try? FileManager.default.removeItem(at: fetched.url)
        if let handle = try? FileHandle(forWritingTo: shared) {
            defer { try? handle.close() }
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: bytes)
        } else {
            try bytes.write(to: shared)
        }
        fetched.url = shared
        return fetched
    }

    func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator {
        let base = try await inner.enumerator(for: containerItemIdentifier, request: request)
        return BehaviourBrokenEnumerator(base: base, container: containerItemIdentifier, provider: self)
    }
}
