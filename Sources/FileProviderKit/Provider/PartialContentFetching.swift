/// A provider that can fetch part of an item's content.
public protocol PartialContentFetching: FileProvider {
    /// Writes at least `minimalRange` of a version of an item's content to a file.
    ///
    /// The returned range covers `minimalRange`, starts at a multiple of `alignment` and has a
    /// length that is a multiple of it, except where it ends at the end of the file; or it is the
    /// whole file.
    ///
    /// - Parameters:
    ///   - identifier: the file whose content to fetch.
    ///   - version: the version the caller already holds extents of.
    ///   - request: who asks, and the progress to report.
    ///   - minimalRange: the bytes the caller needs, as offsets into the file.
    ///   - alignment: a power of two.
    ///   - options: with ``FetchContentsOptions/strictVersioning`` only `version` will do.
    /// - Throws: ``FileProviderError/Code/noSuchItem``; ``FileProviderError/Code/versionNoLongerAvailable``
    ///   under strict versioning when `version` is gone; ``FileProviderError/Code/invalidArgument``
    ///   for an empty, negative or out-of-file range, an alignment that is not a power of two, or a
    ///   directory.
    func fetchPartialContents(
        for identifier: ItemIdentifier,
        version: ItemVersion,
        request: Request,
        minimalRange: Range<Int64>,
        aligningTo alignment: Int,
        options: FetchContentsOptions
    ) async throws -> FetchedPartialContents
}
