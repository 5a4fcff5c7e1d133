import FileProviderKit
import Foundation
import InMemoryFileProvider

/// The reference provider with one bug added, the way real providers get it wrong.
final class BrokenProvider: FileProvider {
    let base: InMemoryFileProvider
    let bug: Bug
    let tracker = ParentTracker()
    private let lookups = LockedValue<UInt64>(0)

    init(base: InMemoryFileProvider, bug: Bug) {
        self.base = base
        self.bug = bug
    }

    func item(for identifier: ItemIdentifier, request: Request) async throws -> any FileProviderItem {
        let item = try await base.item(for: identifier, request: request)
        guard bug == .spuriousVersionBumps else { return item }
        let count = lookups.withLock { value in
            value += 1
            return value
        }
        var bumped = ItemSnapshot(item)
        bumped.itemVersion = ItemVersion(contentRevision: 1_000_000 + count, metadataRevision: 1_000_000 + count)
        return bumped
    }

    func fetchContents(
        for identifier: ItemIdentifier,
        version: ItemVersion?,
        request: Request
    ) async throws
        -> FetchedContents
    {
        try await base.fetchContents(for: identifier, version: version, request: request)
    }

    func createItem(
        basedOn template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        if bug == .collisionOverwrites {
            let siblings = try await base.enumerator(for: template.parentItemIdentifier, request: request).allItems()
            for sibling in siblings where sibling.filename.lowercased() == template.filename.lowercased() {
                try await base.deleteItem(
                    identifier: sibling.itemIdentifier,
                    baseVersion: sibling.itemVersion,
                    options: .recursive,
                    request: request
                )
            }
        }
        let result = try await base.createItem(
            basedOn: template,
            fields: fields,
            contents: contents,
            options: options,
            request: request
        )
        if let item = result?.item { tracker.record([item]) }
        return result
    }

    func modifyItem(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult {
        var version = baseVersion
        var fields = changedFields
        var effectiveOptions = options
        switch bug {
        case .lastWriterWins:
            version = try await base.item(for: item.itemIdentifier, request: request).itemVersion
            effectiveOptions.remove(.failOnConflict)
        case .oneFieldPerModify:
            fields = ItemFields(rawValue: changedFields.rawValue & (~changedFields.rawValue + 1))
        default:
            break
        }
        var result = try await base.modifyItem(
            item,
            baseVersion: version,
            changedFields: fields,
            contents: contents,
            options: effectiveOptions,
            request: request
        )
        result.stillPendingFields = []
        return result
    }

    func deleteItem(
        identifier: ItemIdentifier,
        baseVersion: ItemVersion,
        options: DeleteItemOptions,
        request: Request
    )
        async throws
    {
        var effectiveOptions = options
        switch bug {
        case .deleteUnknownFails:
            _ = try await base.item(for: identifier, request: request)
        case .nonRecursiveDeleteTakesChildren:
            effectiveOptions.insert(.recursive)
        default:
            break
        }
        try await base.deleteItem(
            identifier: identifier,
            baseVersion: baseVersion,
            options: effectiveOptions,
            request: request
        )
    }

    func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator {
        if bug == .trashAsNoSuchItem, containerItemIdentifier == .trashContainer {
            throw FileProviderError.nonExistentItem(withIdentifier: containerItemIdentifier)
        }
        let enumerator = try await base.enumerator(for: containerItemIdentifier, request: request)
        var snapshot: [any FileProviderItem] = []
        if bug == .anchorAfterListing {
            snapshot = try await enumerator.allItems(suggestedPageSize: 10_000)
        }
        return BrokenEnumerator(base: enumerator, bug: bug, tracker: tracker, snapshot: snapshot)
    }
}
