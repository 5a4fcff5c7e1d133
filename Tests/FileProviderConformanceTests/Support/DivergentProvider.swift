import FileProviderKit
import Foundation
import InMemoryFileProvider

/// A way a provider can diverge from the model in a property the randomized runs compared only
/// once they compared every observable property.
enum ModelDivergence: String, CaseIterable, Sendable {
    /// Creations and modifications drop the tag data silently: not applied, not left pending.
    case dropsTagData
    /// Creations and modifications drop the favorite rank silently.
    case dropsFavoriteRank
    /// A fetch of an older version returns the latest bytes.
    case latestBytesForOlderVersions
    /// A fetch of the latest version returns one byte more than was written.
    case corruptsLatestBytes
    /// A folder enumerator serves the first name-sorted page it listed again for every later
    /// listing: an enumerator the system keeps shows its folder as it first was.
    case keptListingsServeTheirFirstPage
    /// A folder's change entries carry no tag data; the working set's do.
    case folderChangesDropTagData
    /// `item(for:)` answers every lookup of an item with its first answer.
    case lookupsServeTheFirstAnswer
    /// A content write to a file at the top of the trash succeeds without writing.
    case writesInTheTrashDropped
    /// While the server is unreachable, `item(for:)` of an item looked up before answers from a
    /// cache of lookups instead of failing with `serverUnreachable`.
    case offlineLookupsServedFromCache

    /// The field a finding must name.
    /// The clauses a finding about the divergence names: exactly those it violates.
    var clauses: [String] {
        switch self {
        case .dropsTagData, .dropsFavoriteRank: ["R13.1", "R13.2"]
        case .latestBytesForOlderVersions: ["API.3"]
        case .corruptsLatestBytes: ["API.1"]
        case .writesInTheTrashDropped: ["R10.3"]
        case .keptListingsServeTheirFirstPage: ["R16.6"]
        case .folderChangesDropTagData: ["R6.20", "R6.10", "R6.14"]
        case .lookupsServeTheFirstAnswer: ["R13.1", "R13.2"]
        case .offlineLookupsServedFromCache: ["R16.5"]
        }
    }

    var phrase: String {
        switch self {
        case .dropsTagData: "tagData"
        case .dropsFavoriteRank: "favoriteRank"
        case .latestBytesForOlderVersions: "older version"
        case .corruptsLatestBytes: "differs from what was written"
        case .writesInTheTrashDropped: "documentSize is"
        case .keptListingsServeTheirFirstPage: "on an enumerator made before its deletion succeeded"
        case .folderChangesDropTagData: "does not end in the state a fresh listing shows"
        case .lookupsServeTheFirstAnswer: "item(for:)"
        case .offlineLookupsServedFromCache: "while the server is unreachable"
        }
    }
}

/// The reference provider with one divergence.
struct DivergentProvider: ReferenceProviderLayer {
    let inner: InMemoryFileProvider
    let divergence: ModelDivergence
    /// Each item's first lookup (`lookupsServeTheFirstAnswer`) or last (`offlineLookupsServedFromCache`).
    private let lookups = LockedValue<[ItemIdentifier: ItemSnapshot]>([:])

    init(inner: InMemoryFileProvider, divergence: ModelDivergence) {
        self.inner = inner
        self.divergence = divergence
    }

    private var dropped: ItemFields {
        switch divergence {
        case .dropsTagData: .tagData
        case .dropsFavoriteRank: .favoriteRank
        default: []
        }
    }

    func item(for identifier: ItemIdentifier, request: Request) async throws -> any FileProviderItem {
        let found: ItemSnapshot
        do {
            found = ItemSnapshot(try await inner.item(for: identifier, request: request))
        } catch let error as FileProviderError
            where divergence == .offlineLookupsServedFromCache && error.code == .serverUnreachable
        {
            guard let cached = lookups.withLock({ $0[identifier] }) else { throw error }
            return cached
        }
        if divergence == .offlineLookupsServedFromCache { lookups.withLock { $0[identifier] = found } }
        guard divergence == .lookupsServeTheFirstAnswer else { return found }
        return lookups.withLock { first in
            if let answer = first[identifier] { return answer }
            first[identifier] = found
            return found
        }
    }

    func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator {
        DivergentEnumerator(
            inner: try await inner.enumerator(for: containerItemIdentifier, request: request),
            container: containerItemIdentifier,
            divergence: divergence
        )
    }

    func fetchContents(
        for identifier: ItemIdentifier,
        version: ItemVersion?,
        request: Request
    ) async throws
        -> FetchedContents
    {
        let asked = divergence == .latestBytesForOlderVersions ? nil : version
        let fetched = try await inner.fetchContents(for: identifier, version: asked, request: request)
        guard divergence == .corruptsLatestBytes, version == nil else { return fetched }
        var data = try Data(contentsOf: fetched.url)
        data.append(0)
        try data.write(to: fetched.url)
        return fetched
    }

    func createItem(
        basedOn template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        try await inner.createItem(
            basedOn: template,
            fields: fields.subtracting(dropped),
            contents: contents,
            options: options,
            request: request
        )
    }

    func modifyItem(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        var dropped = dropped
        if divergence == .writesInTheTrashDropped, changedFields.contains(.contents),
            try await inner.item(for: item.itemIdentifier, request: request).parentItemIdentifier == .trashContainer
        {
            dropped.insert(.contents)
        }
        return try await inner.modifyItem(
            item,
            baseVersion: baseVersion,
            changedFields: changedFields.subtracting(dropped),
            contents: contents,
            options: options,
            request: request
        )
    }
}
