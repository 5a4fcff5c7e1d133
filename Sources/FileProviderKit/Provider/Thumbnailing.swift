import Foundation

/// A provider that can make thumbnails of its items.
public protocol Thumbnailing: FileProvider {
    /// Makes thumbnails of at most `maximumPixelSize` for each identifier and hands each to
    /// `perThumbnail` — the image data, `nil` data for "no thumbnail", or the item's error — before
    /// returning. `perThumbnail` may be called concurrently and is called once per identifier
    /// unless the whole call throws.
    ///
    /// - Throws: an error that applies to every thumbnail not yet delivered, or `CancellationError`.
    func fetchThumbnails(
        for identifiers: [ItemIdentifier],
        maximumPixelSize: Int,
        request: Request,
        perThumbnail: @Sendable (ItemIdentifier, Result<Data?, FileProviderError>) -> Void
    ) async throws
}
