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

    /// The field a finding must name.
    /// The clauses a finding about the divergence names: exactly those it violates.
    var clauses: [String] {
        switch self {
        case .dropsTagData, .dropsFavoriteRank: ["R13.1", "R13.2"]
        case .latestBytesForOlderVersions: ["API.3"]
        case .corruptsLatestBytes: ["API.1"]
        }
    }

    var phrase: String {
        switch self {
        case .dropsTagData: "tagData"
        case .dropsFavoriteRank: "favoriteRank"
        case .latestBytesForOlderVersions: "older version"
        case .corruptsLatestBytes: "differs from what was written"
        }
    }
}

/// The reference provider with one divergence.
struct DivergentProvider: ReferenceProviderLayer {
    let inner: InMemoryFileProvider
    let divergence: ModelDivergence

    private var dropped: ItemFields {
        switch divergence {
        case .dropsTagData: .tagData
        case .dropsFavoriteRank: .favoriteRank
        case .latestBytesForOlderVersions, .corruptsLatestBytes: []
        }
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
        try await inner.modifyItem(
            item,
            baseVersion: baseVersion,
            changedFields: changedFields.subtracting(dropped),
            contents: contents,
            options: options,
            request: request
        )
    }
}
