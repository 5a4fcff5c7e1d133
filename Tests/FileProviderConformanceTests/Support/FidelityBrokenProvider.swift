import FileProviderKit
import Foundation
import InMemoryFileProvider

/// Bugs of the fidelity pass, each one a layer over the reference provider; ``expectation`` names
/// the clause each violates and the two checks that must catch it.
enum FidelityBug: String, CaseIterable, Sendable {
    /// Every folder enumerator (root and trash included) reports the domain's whole change feed.
    case folderChangesDomainWide
    /// Refuses a contents URL that is a symbolic link, as an lstat()-based check does.
    case contentsSymlinkRefused
    /// Serves item(for:) from a cache that only the provider's own writes invalidate.
    case itemLookupCached
    /// Answers item(for: .trashContainer) with noSuchItem although the domain has a trash.
    case trashItemMissing
    /// Refuses to create items more than 16 folders deep.
    case depthLimit16
    /// Hands out the root with an empty parent identifier.
    case rootParentEmpty

    var expectation: BugExpectation {
        switch self {
        case .folderChangesDomainWide: BugExpectation(["R6.20"], ["CHG-40", "CHG-41"])
        case .contentsSymlinkRefused: BugExpectation(["R12.20"], ["MUT-90", "MUT-91"])
        case .itemLookupCached: BugExpectation(["R6.22"], ["ITEM-44", "ITEM-45"])
        case .trashItemMissing: BugExpectation(["R9.21"], ["ITEM-42", "ITEM-43"])
        case .depthLimit16: BugExpectation(["R12.21"], ["MUT-92", "CHG-44"])
        case .rootParentEmpty: BugExpectation(["R9.20"], ["ITEM-40", "ITEM-41"])
        }
    }
}

/// The reference provider with one ``FidelityBug``.
struct FidelityBrokenProvider: ReferenceProviderLayer, PartialContentFetching {
    let inner: InMemoryFileProvider
    let bug: FidelityBug
    /// For ``FidelityBug/itemLookupCached``: the items looked up, by identifier.
    let cache = LockedValue<[ItemIdentifier: ItemSnapshot]>([:])

    func item(for identifier: ItemIdentifier, request: Request) async throws -> any FileProviderItem {
        switch bug {
        case .itemLookupCached:
            if let cached = cache.withLock({ $0[identifier] }) { return cached }
            let item = ItemSnapshot(try await inner.item(for: identifier, request: request))
            cache.withLock { $0[identifier] = item }
            return item
        case .trashItemMissing where identifier == .trashContainer:
            throw FileProviderError.nonExistentItem(withIdentifier: identifier)
        case .rootParentEmpty where identifier == .rootContainer:
            var root = ItemSnapshot(try await inner.item(for: identifier, request: request))
            root.parentItemIdentifier = ItemIdentifier("")
            return root
        default:
            return try await inner.item(for: identifier, request: request)
        }
    }

    func createItem(
        basedOn template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        try refuseLink(contents)
        if bug == .depthLimit16, try await depth(of: template.parentItemIdentifier, request: request) >= 16 {
            throw FileProviderError(.cannotSynchronize, message: "The path is too deep.")
        }
        let result = try await inner.createItem(
            basedOn: template,
            fields: fields,
            contents: contents,
            options: options,
            request: request
        )
        forget(result)
        return result
    }

    func modifyItem(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        if changedFields.contains(.contents) { try refuseLink(contents) }
        let result = try await inner.modifyItem(
            item,
            baseVersion: baseVersion,
            changedFields: changedFields,
            contents: contents,
            options: options,
            request: request
        )
        forget(result)
        return result
    }

    func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator {
        let enumerator = try await inner.enumerator(for: containerItemIdentifier, request: request)
        guard bug == .folderChangesDomainWide, containerItemIdentifier != .workingSet else { return enumerator }
        return DomainWideChangesEnumerator(
            base: enumerator,
            workingSet: try await inner.enumerator(for: .workingSet, request: request)
        )
    }

    /// Drops the provider's own write from the lookup cache, as the cache's author would.
    private func forget(_ result: ItemMutationResult?) {
        guard bug == .itemLookupCached, let item = result?.item else { return }
        cache.withLock { $0[item.itemIdentifier] = nil }
    }

    private func refuseLink(_ url: URL?) throws {
        guard bug == .contentsSymlinkRefused, let url,
            (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
        else { return }
        throw FileProviderError(.fileReadUnknown, message: "The contents file is not a regular file.")
    }

    /// How many folders `identifier` lies below the root.
    private func depth(of identifier: ItemIdentifier, request: Request) async throws -> Int {
        var depth = 0
        var current = identifier
        while !current.isReservedContainer {
            current = try await inner.item(for: current, request: request).parentItemIdentifier
            depth += 1
        }
        return depth
    }
}

/// A folder enumerator that lists through `base` and answers change enumeration with the working
/// set's, the whole domain's feed.
struct DomainWideChangesEnumerator: Enumerator {
    let base: any Enumerator
    let workingSet: any Enumerator

    func enumerateItems(for observer: any EnumerationObserver, startingAt page: Page) async {
        await base.enumerateItems(for: observer, startingAt: page)
    }

    func enumerateChanges(for observer: any ChangeObserver, from anchor: SyncAnchor) async {
        await workingSet.enumerateChanges(for: observer, from: anchor)
    }

    func currentSyncAnchor() async throws -> SyncAnchor? {
        try await workingSet.currentSyncAnchor()
    }
}
