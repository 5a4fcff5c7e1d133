import FileProviderKit
import FruitBasketAPI

/// What a ``FruitBasketEnumerator``'s page holds: the server's keyset cursor, with the container
/// and order it belongs to (a page of another container or order is expired, not misread).
struct PageToken: Codable, Hashable, Sendable {
    /// The container's wire identifier, or `*` for the working set.
    var container: String
    /// The order of a folder's listing; `nil` for the working set.
    var order: ListingOrder?
    /// The server's cursor of the next page.
    var cursor: String

    private enum CodingKeys: String, CodingKey {
        case container = "k"
        case order = "o"
        case cursor = "c"
    }
}
