import FileProviderKit
import Foundation

extension InMemoryFileProvider {
    /// Writes the smallest aligned range covering `minimalRange` of a file's content to a new
    /// file: it starts at `minimalRange.lowerBound` rounded down to a multiple of `alignment`
    /// and ends at `minimalRange.upperBound` rounded up, or at the end of the file.
    ///
    /// The file has Apple's layout: the range's bytes at their own offsets, and the file exactly
    /// `range.upperBound` bytes long. It is sparse: created empty, then written only at
    /// `range.lowerBound`, so everything before the range is a hole (on file systems that have
    /// them) and a range at 1 GiB allocates about the range's own size.
    ///
    /// Without `FetchContentsOptions.strictVersioning` the current content is returned
    /// whatever `version` says; with it, `version` must be the current one.
    ///
    /// - Throws: `FileProviderError.Code.noSuchItem`; `FileProviderError.Code.invalidArgument`
    ///   for a directory, an empty or negative range, a range that starts at or beyond the end of
    ///   the file, or an alignment that is not a positive power of two;
    ///   `FileProviderError.Code.versionNoLongerAvailable` under strict versioning;
    ///   `FileProviderError.Code.cannotSynchronize` when the file cannot be written; the
    ///   knobs' errors.
    public func fetchPartialContents(
        for identifier: ItemIdentifier,
        version: ItemVersion,
        request: Request,
        minimalRange: Range<Int64>,
        aligningTo alignment: Int,
        options: FetchContentsOptions
    ) async throws -> FetchedPartialContents {
        try await store.begin(.fetchPartialContents, identifier)
        guard alignment > 0, alignment & (alignment - 1) == 0 else {
            throw FileProviderError(.invalidArgument, message: "The alignment \(alignment) is not a power of two.")
        }
        let (item, data) = try currentContent(
            of: identifier,
            version: version,
            strict: options.contains(.strictVersioning)
        )
        let size = Int64(data.count)
        guard minimalRange.lowerBound >= 0, !minimalRange.isEmpty, minimalRange.lowerBound < size else {
            throw FileProviderError(
                .invalidArgument,
                itemIdentifier: identifier,
                message: "The range \(minimalRange) is empty or outside the file's \(size) bytes."
            )
        }
        let step = Int64(alignment)
        let lower = minimalRange.lowerBound / step * step
        let (roundedUp, overflow) = minimalRange.upperBound.addingReportingOverflow(step - 1)
        let upper = overflow ? size : min(size, roundedUp / step * step)
        let range = lower..<upper
        let bytes = data.subdata(in: Int(lower)..<Int(upper))
        request.progress.startTransfer(byteCount: Int64(bytes.count))
        let url = try files.write(bytes, atOffset: lower, named: item.filename)
        request.progress.finishTransfer()
        return FetchedPartialContents(url: url, item: item, range: range)
    }
}
