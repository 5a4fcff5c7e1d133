import AsyncHTTPClient
import FileProviderKit
import Foundation
import FruitBasketAPI
import NIOCore
import NIOHTTP1

/// The operator's endpoints (`/v1/admin/…`), which exist only on a server started with an admin
/// secret. They carry the secret in `X-Admin-Secret` and no account's token, so they work while
/// the client's own account is revoked. Each fails with ``FruitBasketErrorMapping``'s error for
/// the server's refusal: `notAuthenticated` for a wrong secret, `cannotSynchronize` on a server
/// without admin endpoints (404 `noSuchRoute`), `invalidArgument` for an account the server does
/// not have or a negative byte count.
extension FruitBasketClient {
    /// Gives the store a new epoch (`POST /v1/admin/reset-epoch`), with the operator's secret.
    public func resetEpoch(adminSecret: String) async throws {
        _ = try await admin(APIPaths.resetEpoch, adminSecret: adminSecret)
    }

    /// Forgets the deletions recorded so far (`POST /v1/admin/expire-history`), with the operator's
    /// secret.
    public func expireHistory(adminSecret: String) async throws {
        _ = try await admin(APIPaths.expireHistory, adminSecret: adminSecret)
    }

    /// Leaves the store room for `remainingBytes` more bytes than it holds now (older content
    /// versions counted as free), or restores the quota the server was started with when it is
    /// `nil` (`POST /v1/admin/quota`), with the operator's secret.
    ///
    /// - Returns: the limit now in force and the bytes stored.
    @discardableResult
    public func setQuota(remainingBytes: Int64?, adminSecret: String) async throws -> QuotaStatus {
        let body = try await admin(
            APIPaths.quota,
            adminSecret: adminSecret,
            json: QuotaRequest(remainingBytes: remainingBytes)
        )
        do {
            return try JSONDecoder().decode(QuotaStatus.self, from: body)
        } catch {
            throw FileProviderError(
                .cannotSynchronize,
                message: "The server's answer is not a QuotaStatus.",
                underlyingError: error
            )
        }
    }

    /// Revokes `account`'s credentials (`POST /v1/admin/accounts/{account}/revoke`), with the
    /// operator's secret: the server refuses its tokens and its secret, with 401, until
    /// ``restoreCredentials(of:adminSecret:)``.
    public func revokeCredentials(of account: String, adminSecret: String) async throws {
        _ = try await admin(APIPaths.revokeCredentials(account), adminSecret: adminSecret)
    }

    /// Accepts `account`'s secret again (`POST /v1/admin/accounts/{account}/restore`), with the
    /// operator's secret; its clients take new tokens.
    public func restoreCredentials(of account: String, adminSecret: String) async throws {
        _ = try await admin(APIPaths.restoreCredentials(account), adminSecret: adminSecret)
    }

    /// Posts to the admin endpoint `path` with `json` as the body (when there is one) and returns
    /// the answer's body.
    private func admin(
        _ path: String,
        adminSecret: String,
        json: (some Encodable & Sendable)? = String?.none
    ) async throws -> Data {
        var request = HTTPClientRequest(url: configuration.baseURL + path)
        request.method = .POST
        request.headers.add(name: APIPaths.adminSecretHeader, value: adminSecret)
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(json)))
        }
        let response = try await execute(request, timeout: configuration.requestTimeout)
        guard (200..<300).contains(response.status.code) else {
            let failure = try await errorBody(of: response)
            throw FruitBasketErrorMapping.error(status: Int(response.status.code), body: failure, operation: .read)
        }
        return Data(try await collect(response.body, upTo: 1 << 20).readableBytesView)
    }
}
