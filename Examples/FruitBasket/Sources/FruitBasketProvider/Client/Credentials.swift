import Foundation
import FruitBasketAPI

/// The bearer token a client sends, renewed at most once at a time.
actor Credentials {
    private var grant: TokenGrant?
    private var renewal: Task<TokenGrant, any Error>?

    /// A token to send: the current one, or a new one when there is none, it has expired, or it is
    /// `stale` (the server refused it). Concurrent callers share one renewal.
    ///
    /// - Throws: what `fetch` throws.
    func token(
        replacing stale: String?,
        fetch: @escaping @Sendable () async throws -> TokenGrant
    ) async throws -> String {
        if let grant, grant.token != stale, grant.expires > Date().timeIntervalSince1970 {
            return grant.token
        }
        let task: Task<TokenGrant, any Error>
        if let renewal {
            task = renewal
        } else {
            task = Task { try await fetch() }
            renewal = task
        }
        do {
            let fresh = try await task.value
            if renewal == task { renewal = nil }
            grant = fresh
            return fresh.token
        } catch {
            if renewal == task { renewal = nil }
            throw error
        }
    }
}
