import Foundation
import FruitBasketAPI

/// The bearer token a client sends.
///
/// Renewals are not shared between concurrent requests, so each stays cancellable on its own;
/// two requests that find the token refused at once fetch two tokens, and the later one is kept.
actor Credentials {
    private var grant: TokenGrant?

    /// The token to send, or `nil` when there is none, it has expired, or it is `refused` (the
    /// server refused it): a new one must be fetched then.
    func token(unless refused: String?) -> String? {
        guard let grant, grant.token != refused, grant.expires > Date().timeIntervalSince1970 else { return nil }
        return grant.token
    }

    /// Keeps `grant` as the token to send.
    func keep(_ grant: TokenGrant) {
        self.grant = grant
    }
}
