import Foundation

/// What a provider returns from a partial content fetch.
public struct FetchedPartialContents: Sendable {
    /// A regular file holding the fetched range's bytes, starting with the byte at
    /// `range.lowerBound`. It belongs to the caller.
    public var url: URL
    /// The item whose content the file holds, with the version of that content.
    public var item: any FileProviderItem
    /// The range of the content the file holds: it covers the requested range, starts at a
    /// multiple of the alignment and has a length that is a multiple of it, except at the end of
    /// the file.
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
