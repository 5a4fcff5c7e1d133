/// What a ``FruitBasketEnumerator``'s sync anchor holds: the server's change-feed cursor, which
/// names the store's epoch and position, so any instance continues from it.
struct AnchorToken: Codable, Hashable, Sendable {
    /// The server's change-feed cursor.
    var cursor: String

    private enum CodingKeys: String, CodingKey {
        case cursor = "c"
    }
}
