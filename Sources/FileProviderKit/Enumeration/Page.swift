import Foundation

/// A position in an item enumeration: opaque bytes chosen by the provider, at most 500.
///
/// An enumeration starts at ``initialPageSortedByName`` or ``initialPageSortedByDate``; each call
/// to ``Enumerator/enumerateItems(for:startingAt:)`` ends by handing the next page to
/// ``EnumerationObserver/finishEnumerating(upTo:)``, or `nil` when the listing is complete.
/// Providers compare the initial pages by equality only; their bytes carry no meaning.
///
/// A provider that receives a page it cannot honour — garbage, another domain's, an older store's
/// — fails with ``FileProviderError/Code/pageExpired`` so that the caller restarts the listing.
public struct Page: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The largest size of a page, in bytes.
    public static let maximumSize = 500

    /// The page's bytes.
    public let rawValue: Data

    /// Creates a page from its bytes.
    ///
    /// - Throws: ``FileProviderError/invalidValue(_:)`` — a ``FileProviderError/Code/invalidArgument``
    ///   with reason ``InvalidValueError/Reason/pageTooLarge(byteCount:)`` — when `rawValue` holds
    ///   more than ``maximumSize`` bytes.
    public init(_ rawValue: Data) throws(FileProviderError) {
        guard rawValue.count <= Self.maximumSize else {
            throw .invalidValue(.pageTooLarge(byteCount: rawValue.count))
        }
        self.rawValue = rawValue
    }

    /// Decodes a page, validating its size.
    ///
    /// - Throws: ``FileProviderError/invalidValue(_:)`` when the page is too large, or a decoding
    ///   error.
    public init(from decoder: any Decoder) throws {
        try self.init(decoder.singleValueContainer().decode(Data.self))
    }

    /// Encodes the page's bytes as a single value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The first page of a listing sorted by filename.
    public static let initialPageSortedByName = Page(unchecked: Data("FileProviderKit.initialPageSortedByName".utf8))

    /// The first page of a listing sorted by modification date, most recent last.
    public static let initialPageSortedByDate = Page(unchecked: Data("FileProviderKit.initialPageSortedByDate".utf8))

    /// Whether this page is one of the two initial pages.
    public var isInitial: Bool {
        self == .initialPageSortedByName || self == .initialPageSortedByDate
    }

    /// The page's size and, for the initial pages, their name.
    public var description: String {
        switch self {
        case .initialPageSortedByName: "Page.initialPageSortedByName"
        case .initialPageSortedByDate: "Page.initialPageSortedByDate"
        default: "Page(\(rawValue.count) bytes)"
        }
    }

    private init(unchecked rawValue: Data) {
        self.rawValue = rawValue
    }
}
