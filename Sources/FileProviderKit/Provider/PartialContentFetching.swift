/// A provider that can fetch part of an item's content.
public protocol PartialContentFetching: FileProvider {
    /// Writes at least `minimalRange` of a version of an item's content to a new file, each byte at
    /// its own offset, as Apple's `NSFileProviderPartialContentFetching` does.
    ///
    /// The returned ``FetchedPartialContents/range`` covers `minimalRange`, starts at a multiple of
    /// `alignment` and has a length that is a multiple of it, except where it ends at the end of
    /// the content; or it is the whole content, `0..<documentSize` (a full materialization, which
    /// may carry ``MaterializationFlags/knownSparseRanges``).
    ///
    /// The returned file holds the range's bytes at offsets `range.lowerBound..<range.upperBound`,
    /// not from offset 0, and is at least `range.upperBound` bytes long. The caller reads only the
    /// range; the bytes outside it are unspecified. Write the file sparse: create it, then write
    /// the range at its offset (seek, or `pwrite`), so that the file grows to `range.upperBound`
    /// with a hole before the range. Never write zeros for the gap: a range near the end of a
    /// 10 GiB file must cost the range's size on disk, not 10 GiB.
    ///
    /// - Parameters:
    ///   - identifier: the file whose content to fetch.
    ///   - version: the version the caller already holds extents of.
    ///   - request: who asks, and the progress to report.
    ///   - minimalRange: the bytes the caller needs, as offsets into the content.
    ///   - alignment: a power of two.
    ///   - options: with ``FetchContentsOptions/strictVersioning`` only `version` will do; without
    ///     it, the current content may be served, and the returned item says which version it is.
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
