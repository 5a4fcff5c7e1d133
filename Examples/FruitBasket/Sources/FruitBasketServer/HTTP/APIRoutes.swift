import Foundation
import FruitBasketAPI
import Hummingbird

/// The handlers of every route in ``APIPaths``. Every route behind the token works on the token's
/// account only: another account's items, uploads and deletions do not exist for it.
struct APIRoutes: Sendable {
    let server: FruitBasketServer

    var catalogue: Catalogue { server.catalogue }
    var configuration: FruitBasketServerConfiguration { server.configuration }

    /// Adds the routes to `router`: the OpenAPI document, health and tokens without a token, the
    /// admin routes only with an admin secret, `/metrics` only with a metrics secret, the others
    /// behind ``BearerAuthMiddleware``.
    func register(on router: Router<FruitBasketRequestContext>) {
        router.get("v1/health") { _, context in
            do {
                _ = try await catalogue.state()
            } catch {
                context.logger.error("health check failed", metadata: ["error": "\(error)"])
                throw APIErrorBody(.unavailable, "The server cannot read its database.")
            }
            return try JSONResponse.make(HealthStatus(status: "ok"))
        }
        router.get("openapi.json") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: OpenAPIDocument.json))
            )
        }
        router.post("v1/tokens") { request, context in try await issueToken(request, context: context) }
        if let secret = configuration.metricsSecret {
            router.get("metrics") { request, context in try await scrape(request, context: context, secret: secret) }
        }
        if let secret = configuration.adminSecret {
            router.post("v1/admin/reset-epoch") { request, _ in
                try requireAdmin(request, secret: secret)
                try await catalogue.resetEpoch()
                return Response(status: .noContent)
            }
            router.post("v1/admin/expire-history") { request, _ in
                try requireAdmin(request, secret: secret)
                try await catalogue.expireHistory()
                return Response(status: .noContent)
            }
            router.post("v1/admin/quota") { request, context in
                try requireAdmin(request, secret: secret)
                let body = try await request.decode(as: QuotaRequest.self, context: context)
                return try JSONResponse.make(try await catalogue.setQuota(remainingBytes: body.remainingBytes))
            }
            router.post("v1/admin/accounts/:account/revoke") { request, context in
                try requireAdmin(request, secret: secret)
                try await catalogue.revokeCredentials(of: try account(context))
                return Response(status: .noContent)
            }
            router.post("v1/admin/accounts/:account/restore") { request, context in
                try requireAdmin(request, secret: secret)
                try await catalogue.restoreCredentials(of: try account(context))
                return Response(status: .noContent)
            }
        }
        let api = router.group("v1").add(
            middleware: BearerAuthMiddleware(catalogue: catalogue, clock: configuration.clock)
        )
        api.get("state") { _, _ in try JSONResponse.make(try await catalogue.state()) }
        api.get("changes/wait") { request, _ in try await waitForChanges(request) }
        api.get("changes") { request, context in
            guard let cursor = request.uri.queryParameters.get("cursor") else {
                throw APIErrorBody(.invalidRequest, "The change feed needs a cursor.")
            }
            let batch = try await catalogue.changes(
                after: cursor,
                limit: try Self.limit(request),
                account: try context.requireAccount()
            )
            return try JSONResponse.make(batch)
        }
        api.get("items") { request, context in
            let page = try await catalogue.allItems(
                cursor: request.uri.queryParameters.get("cursor"),
                limit: try Self.limit(request),
                account: try context.requireAccount()
            )
            return try JSONResponse.make(page)
        }
        api.get("folders/:id/children") { request, context in
            let order = request.uri.queryParameters.get("order") ?? ListingOrder.name.rawValue
            guard let listingOrder = ListingOrder(rawValue: order) else {
                throw APIErrorBody(.invalidRequest, "The order must be name or date; \(order) was given.")
            }
            let page = try await catalogue.children(
                of: try Self.identifier(context),
                order: listingOrder,
                cursor: request.uri.queryParameters.get("cursor"),
                limit: try Self.limit(request),
                account: try context.requireAccount()
            )
            return try JSONResponse.make(page)
        }
        api.get("items/:id") { _, context in
            try JSONResponse.item(
                try await catalogue.item(try Self.identifier(context), account: try context.requireAccount())
            )
        }
        api.get("items/:id/content") { request, context in
            try await ContentResponse.make(
                request,
                id: try Self.identifier(context),
                account: try context.requireAccount(),
                catalogue: catalogue
            )
        }
        api.post("uploads") { request, context in
            let receipt = try await catalogue.upload(request.body, account: try context.requireAccount())
            server.metrics.uploadBytes.increment(by: receipt.size)
            return try JSONResponse.make(receipt, status: .created)
        }
        api.delete("uploads/:id") { _, context in
            try await catalogue.discardUpload(try Self.identifier(context), account: try context.requireAccount())
            return Response(status: .noContent)
        }
        api.post("items") { request, context in
            let body = try await request.decode(as: CreateItemRequest.self, context: context)
            let (item, created) = try await catalogue.create(body, account: try context.requireAccount())
            return try JSONResponse.item(item, status: created ? .created : .ok)
        }
        api.patch("items/:id") { request, context in
            let base = try Self.baseVersion(request)
            let body = try await request.decode(as: ModifyItemRequest.self, context: context)
            let response = try await catalogue.modify(
                try Self.identifier(context),
                body,
                base: base,
                account: try context.requireAccount()
            )
            return try JSONResponse.make(response, headers: [.eTag: response.item.entityTag])
        }
        api.delete("items/:id") { request, context in
            let base = try Self.baseVersion(request)
            let recursive: Bool
            switch request.uri.queryParameters.get("recursive") {
            case nil, "false": recursive = false
            case "true": recursive = true
            case let other?: throw APIErrorBody(.invalidRequest, "recursive is true or false; \(other) was given.")
            }
            try await catalogue.delete(
                try Self.identifier(context),
                base: base,
                recursive: recursive,
                account: try context.requireAccount()
            )
            return Response(status: .noContent)
        }
    }

    private func issueToken(_ request: Request, context: FruitBasketRequestContext) async throws -> Response {
        let body = try await request.decode(as: TokenRequest.self, context: context)
        guard let secret = configuration.accounts[body.account], secret == body.secret else {
            throw APIErrorBody(.notAuthenticated, "The account or its secret is wrong.")
        }
        let now = configuration.clock().timeIntervalSince1970
        let expires = now + configuration.tokenLifetime
        let token = try await catalogue.issueToken(for: body.account, now: now, expires: expires)
        return try JSONResponse.make(TokenGrant(token: token, expires: expires), status: .created)
    }

    private func waitForChanges(_ request: Request) async throws -> Response {
        let parameters = request.uri.queryParameters
        guard let after = parameters.get("after").flatMap(Int64.init) else {
            throw APIErrorBody(.invalidRequest, "The long poll needs after=<sequence>.")
        }
        let timeout =
            try parameters.get("timeout").map { text in
                guard let seconds = Int(text), (1...60).contains(seconds) else {
                    throw APIErrorBody(.invalidRequest, "The timeout must be 1 to 60 seconds; \(text) was given.")
                }
                return seconds
            } ?? 30
        let state = try await catalogue.state()
        if state.sequence <= after {
            let notifier = server.notifier
            server.metrics.openLongPolls.increment()
            defer { server.metrics.openLongPolls.decrement() }
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await notifier.wait(after: after) }
                group.addTask { try? await Task.sleep(for: .seconds(timeout)) }
                await group.next()
                group.cancelAll()
            }
            return try JSONResponse.make(try await catalogue.state())
        }
        return try JSONResponse.make(state)
    }

    /// `GET /metrics`: the series of ``ServerMetrics`` in Prometheus' text format, for a caller
    /// with the metrics secret as its bearer token; the store's sequence is read first.
    private func scrape(
        _ request: Request,
        context: FruitBasketRequestContext,
        secret: String
    ) async throws
        -> Response
    {
        guard request.headers[.authorization] == "Bearer \(secret)" else {
            throw APIErrorBody(.notAuthenticated, "The metrics secret is missing or wrong.")
        }
        do {
            server.metrics.sequence.record(try await catalogue.state().sequence)
        } catch {
            context.logger.error("metrics scrape failed", metadata: ["error": "\(error)"])
            throw APIErrorBody(.unavailable, "The server cannot read its database.")
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: server.metrics.exposition()))
        )
    }

    private func requireAdmin(_ request: Request, secret: String) throws {
        let header = APIPaths.adminSecretHeader.lowercased()
        guard request.headers.first(where: { $0.name.canonicalName == header })?.value == secret else {
            throw APIErrorBody(.notAuthenticated, "The admin secret is missing or wrong.")
        }
    }

    /// The `account` path parameter, percent-decoded.
    ///
    /// - Throws: ``APIErrorBody`` `invalidRequest` when the server has no account by that name.
    private func account(_ context: FruitBasketRequestContext) throws -> String {
        let raw = try context.parameters.require("account")
        let name = raw.removingPercentEncoding ?? raw
        guard configuration.accounts[name] != nil else {
            throw APIErrorBody(.invalidRequest, "The server has no account named \(name).")
        }
        return name
    }

    /// The `id` path parameter, percent-decoded.
    private static func identifier(_ context: FruitBasketRequestContext) throws -> String {
        let raw = try context.parameters.require("id")
        return raw.removingPercentEncoding ?? raw
    }

    /// The `limit` query parameter, 200 when absent.
    ///
    /// - Throws: ``APIErrorBody`` `invalidRequest` for one that is not a number.
    private static func limit(_ request: Request) throws -> Int {
        guard let text = request.uri.queryParameters.get("limit") else { return 200 }
        guard let limit = Int(text) else { throw APIErrorBody(.invalidRequest, "The limit \(text) is not a number.") }
        return limit
    }

    /// The version `If-Match` names.
    ///
    /// - Throws: ``APIErrorBody`` `preconditionRequired` without `If-Match`; `invalidRequest`
    ///   for a tag the server did not make.
    private static func baseVersion(_ request: Request) throws -> WireVersion {
        guard let tag = request.headers[.ifMatch] else {
            throw APIErrorBody(.preconditionRequired, "A change needs If-Match with the item's entity tag.")
        }
        guard let version = WireVersion(entityTag: tag) else {
            throw APIErrorBody(.invalidRequest, "If-Match \(tag) is not an entity tag the server made.")
        }
        return version
    }
}
