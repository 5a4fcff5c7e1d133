import FileProviderKit
import Foundation

#if canImport(FileProvider)
import FileProvider
#endif

extension Page {
    /// The page with Apple's bytes; Apple's two initial pages become
    /// `Page.initialPageSortedByName` and `Page.initialPageSortedByDate`.
    ///
    /// - Throws: `FileProviderError.Code.pageExpired` when the page holds more than
    ///   `Page.maximumSize` bytes, which no provider hands out.
    public init(_ apple: NSFileProviderPage) throws(FileProviderError) {
        switch apple.rawValue {
        case Data(referencing: NSFileProviderPage.initialPageSortedByName): self = .initialPageSortedByName
        case Data(referencing: NSFileProviderPage.initialPageSortedByDate): self = .initialPageSortedByDate
        default:
            guard let page = try? Page(apple.rawValue) else {
                throw FileProviderError(.pageExpired, message: "A page of \(apple.rawValue.count) bytes is too large.")
            }
            self = page
        }
    }

    /// Apple's page with the same bytes, the initial pages becoming Apple's.
    public var apple: NSFileProviderPage {
        switch self {
        case .initialPageSortedByName: NSFileProviderPage(Data(referencing: NSFileProviderPage.initialPageSortedByName))
        case .initialPageSortedByDate: NSFileProviderPage(Data(referencing: NSFileProviderPage.initialPageSortedByDate))
        default: NSFileProviderPage(rawValue)
        }
    }
}

extension SyncAnchor {
    /// The anchor with Apple's bytes.
    ///
    /// - Throws: `FileProviderError.Code.syncAnchorExpired` when the anchor holds more
    ///   than `SyncAnchor.maximumSize` bytes, as Apple treats such an anchor.
    public init(_ apple: NSFileProviderSyncAnchor) throws(FileProviderError) {
        guard let anchor = try? SyncAnchor(apple.rawValue) else {
            throw FileProviderError(
                .syncAnchorExpired,
                message: "An anchor of \(apple.rawValue.count) bytes is too large."
            )
        }
        self = anchor
    }

    /// Apple's anchor with the same bytes.
    public var apple: NSFileProviderSyncAnchor { NSFileProviderSyncAnchor(rawValue) }
}
