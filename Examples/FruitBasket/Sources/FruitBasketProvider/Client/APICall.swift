import FileProviderKit
import FruitBasketAPI
import NIOHTTP1

/// One request of a ``FruitBasketClient``: what to send, how long it may take, and what a refusal
/// means (see ``FruitBasketErrorMapping``).
struct APICall: Sendable {
    var method: HTTPMethod
    var path: String
    var query: [(name: String, value: String)] = []
    var headers: [(name: String, value: String)] = []
    var operation: FruitBasketErrorMapping.Operation = .read
    var itemIdentifier: ItemIdentifier?
    var timeout: Duration

    /// The path with its query, every value percent-encoded.
    var target: String {
        guard !query.isEmpty else { return path }
        return path + "?" + query.map { "\($0.name)=\(APIPaths.escaped($0.value))" }.joined(separator: "&")
    }
}
