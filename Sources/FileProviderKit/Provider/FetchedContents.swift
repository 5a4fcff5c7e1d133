import Foundation

/// What a provider returns from a content fetch: a file with the content and the item it belongs to.
public struct FetchedContents: Sendable {
    /// A regular file holding the content. It belongs to the caller, who moves, edits or deletes
    /// it; the provider never touches it again, and hands every fetch a file of its own: no two
    /// fetches return one URL, and neither the caller's writes to this file nor later content
    /// writes to the item reach another fetched file.
    public var url: URL
    /// The item whose content the file holds, with the version of that content.
    public var item: any FileProviderItem

    /// Creates a result.
    public init(url: URL, item: any FileProviderItem) {
        self.url = url
        self.item = item
    }
}
