import FileProviderKit
import InMemoryFileProvider

/// A layer over the reference provider that forwards every call, `PartialContentFetching`
/// included, as `ConformanceSubject.referenceProvider(wrapping:)` asks a wrapper to; with
/// `failsUnknownDeletions`, deleting an unknown identifier fails with `noSuchItem` (a real bug,
/// which MUT-17 catches).
struct ForwardingProvider: ReferenceProviderLayer, PartialContentFetching {
    let inner: InMemoryFileProvider
    var failsUnknownDeletions = false

    func deleteItem(
        identifier: ItemIdentifier,
        baseVersion: ItemVersion,
        options: DeleteItemOptions,
        request: Request
    ) async throws {
        if failsUnknownDeletions { _ = try await inner.item(for: identifier, request: request) }
        try await inner.deleteItem(identifier: identifier, baseVersion: baseVersion, options: options, request: request)
    }
}
