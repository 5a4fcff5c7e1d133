import Foundation
import FruitBasketAPI
import Hummingbird

/// Lets a request through only with `Authorization: Bearer <token>` naming a token the
/// catalogue issued that has not expired by `clock()`, with the token's account in the
/// context; answers 401 `notAuthenticated` otherwise.
struct BearerAuthMiddleware: RouterMiddleware {
    typealias Context = FruitBasketRequestContext

    let catalogue: Catalogue
    let clock: @Sendable () -> Date

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else {
            throw APIErrorBody(.notAuthenticated, "The request has no bearer token.")
        }
        let token = String(header.dropFirst("Bearer ".count))
        guard let account = try await catalogue.account(holding: token, now: clock().timeIntervalSince1970) else {
            throw APIErrorBody(.notAuthenticated, "The bearer token is unknown or expired.")
        }
        context.account = account
        return try await next(request, context)
    }
}
