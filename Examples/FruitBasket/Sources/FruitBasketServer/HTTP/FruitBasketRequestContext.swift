import FruitBasketAPI
import Hummingbird
import Synchronization

/// The context of every request: Hummingbird's own, and the account the bearer token was issued
/// to once ``BearerAuthMiddleware`` let the request through. The account lives in a slot shared
/// by every copy of the context, so the access log (outside the authentication) sees it too.
struct FruitBasketRequestContext: RequestContext {
    /// Where the authenticated account is kept, shared by the context's copies.
    final class AccountSlot: Sendable {
        let value = Mutex<String?>(nil)
    }

    /// Hummingbird's storage.
    var coreContext: CoreRequestContextStorage
    private let slot = AccountSlot()

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// The authenticated account, `nil` before authentication (and on the routes without a token).
    var account: String? {
        get { slot.value.withLock { $0 } }
        nonmutating set { slot.value.withLock { $0 = newValue } }
    }

    /// The authenticated account.
    ///
    /// - Throws: ``APIErrorBody`` `notAuthenticated` on a route ``BearerAuthMiddleware`` did not
    ///   guard.
    func requireAccount() throws -> String {
        guard let account else { throw APIErrorBody(.notAuthenticated, "The request has no bearer token.") }
        return account
    }
}
