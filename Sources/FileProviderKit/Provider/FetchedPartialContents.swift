import Foundation

/// What a provider returns from a partial content fetch.
///
/// The file has Apple's layout (`NSFileProviderPartialContentFetching`): the fetched range sits at
/// its own offset. For `range == 4_096..<8_192` the byte at offset 4_096 of the file is the byte at
/// offset 4_096 of the item's content, and the file is at least 8_192 bytes long. What lies outside
/// `range` is unspecified: the caller reads only `range`, so a provider leaves the rest a hole
/// rather than writing zeros there.
public struct FetchedPartialContents: Sendable {
    /// A regular file holding the fetched range's bytes at their own offsets
    /// (`range.lowerBound..<range.upperBound`), at least `range.upperBound` bytes long. Its bytes
    /// outside `range` are unspecified, and should be a hole (a sparse file: the provider seeks, or
    /// writes with `pwrite`, to `range.lowerBound`, and never writes zeros before it). It belongs
    /// to the caller.
    public var url: URL
    /// The item whose content the file holds, with the version of that content.
    public var item: any FileProviderItem
    /// The range of the content the file holds, as offsets both into the content and into the
    /// file: it covers the requested range, starts at a multiple of the alignment and has a length
    /// that is a multiple of it, except where it ends at the end of the content; or it is the whole
    /// content, `0..<documentSize`.
    public var range: Range<Int64>
    /// What the range means for the rest of the file.
    public var flags: MaterializationFlags

    /// Creates a result.
    public init(url: URL, item: any FileProviderItem, range: Range<Int64>, flags: MaterializationFlags = []) {
        self.url = url
        self.item = item
        self.range = range
        self.flags = flags
    }
}
