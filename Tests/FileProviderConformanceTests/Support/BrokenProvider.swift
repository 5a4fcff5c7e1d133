import FileProviderKit
import Foundation

/// The reference provider with one bug added, the way real providers get it wrong.
final class BrokenProvider: PartialContentFetching {
    let base: any FileProvider
    let bug: Bug
    let memory = BugMemory()

    init(base: any FileProvider, bug: Bug) {
        self.base = base
        self.bug = bug
    }

    func invalidate() async {
        await base.invalidate()
    }

    func item(for identifier: ItemIdentifier, request: Request) async throws -> any FileProviderItem {
        if bug == .workingSetIsAnItem, identifier == .workingSet {
            return ItemSnapshot(
                itemIdentifier: .workingSet,
                parentItemIdentifier: .rootContainer,
                filename: "Working Set",
                contentType: .folder
            )
        }
        let item = try await perform { try await self.base.item(for: identifier, request: request) }
        if bug == .movedFromLastSeenParentDeleted { memory.record([item]) }
        guard bug == .spuriousVersionBumps else { return outgoing(item) }
        let count = memory.nextLookupNumber()
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
        let requested = bug == .oldVersionServesLatest ? nil : version.map(incoming)
        if bug == .folderFetchReturnsEmptyFile,
            try await base.item(for: identifier, request: request).contentType == .folder
        {
            let url = ScratchFile.unique()
            try Data().write(to: url)
            return FetchedContents(url: url, item: outgoing(try await base.item(for: identifier, request: request)))
        }
        var fetched = try await perform {
            try await self.base.fetchContents(for: identifier, version: requested, request: request)
        }
        fetched.item = outgoing(fetched.item)
        switch bug {
        case .fetchReportsChange:
            memory.recordFetch(of: identifier)
        case .fetchHandsOutCacheFile:
            let key = "\(identifier)-\(fetched.item.itemVersion.contentVersion.base64EncodedString())"
            if let cached = memory.cachedFile(key) { return FetchedContents(url: cached, item: fetched.item) }
            memory.cache(fetched.url, as: key)
        case .contentTruncatedToBlocks:
            let bytes = try Data(contentsOf: fetched.url)
            if bytes.count > 4_096 { try bytes.prefix(bytes.count / 4_096 * 4_096).write(to: fetched.url) }
        default:
            break
        }
        return fetched
    }

    func fetchPartialContents(
        for identifier: ItemIdentifier,
        version: ItemVersion,
        request: Request,
        minimalRange: Range<Int64>,
        aligningTo alignment: Int,
        options: FetchContentsOptions
    ) async throws -> FetchedPartialContents {
        guard let partial = base as? any PartialContentFetching else {
            throw FileProviderError(.featureUnsupported)
        }
        var requested = incoming(version)
        var effectiveOptions = options
        if bug == .oldVersionServesLatest {
            requested = try await base.item(for: identifier, request: request).itemVersion
            effectiveOptions.remove(.strictVersioning)
        }
        var fetched = try await perform { [requested, effectiveOptions] in
            try await partial.fetchPartialContents(
                for: identifier,
                version: requested,
                request: request,
                minimalRange: minimalRange,
                aligningTo: self.bug == .partialRangeUnaligned ? 1 : alignment,
                options: effectiveOptions
            )
        }
        fetched.item = outgoing(fetched.item)
        if bug == .partialRangePastEOF, alignment > 1, fetched.range.count % alignment != 0 {
            let length = Int64((fetched.range.count + alignment - 1) / alignment * alignment)
            fetched.range = fetched.range.lowerBound..<fetched.range.lowerBound + length
        }
        if bug == .partialRangeAtOffsetZero {
            let (bytes, _) = try ContentFile.read(fetched.url, in: fetched.range)
            let url = ScratchFile.unique()
            try ContentFile.write(bytes, toNewFileAt: url)
            ContentFile.remove(fetched.url)
            fetched.url = url
        }
        return fetched
    }

    func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator {
        if bug == .trashAsNoSuchItem, containerItemIdentifier == .trashContainer {
            throw FileProviderError.nonExistentItem(withIdentifier: containerItemIdentifier)
        }
        if bug == .invalidationIsSticky, memory.invalidated {
            throw FileProviderError(.cannotSynchronize, message: "The session was invalidated.")
        }
        let enumerator = try await perform {
            try await self.base.enumerator(for: containerItemIdentifier, request: request)
        }
        var snapshot: [any FileProviderItem] = []
        if bug == .anchorAfterListing {
            snapshot = try await enumerator.allItems(suggestedPageSize: 10_000)
        }
        return BrokenEnumerator(
            base: enumerator,
            container: containerItemIdentifier,
            provider: self,
            snapshot: snapshot
        )
    }
}
