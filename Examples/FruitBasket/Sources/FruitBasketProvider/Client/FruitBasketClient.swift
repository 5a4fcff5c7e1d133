import AsyncHTTPClient
import FileProviderKit
import Foundation
import FruitBasketAPI
import NIOCore
import NIOHTTP1

/// A client of a FruitBasket server: the typed endpoints of ``APIPaths``, with bearer tokens
/// handled for the caller.
///
/// What it guarantees:
/// - Every request carries a bearer token. The first is fetched on first use; a token the server
///   refuses (401) is renewed once (`POST /v1/tokens`) and the request repeated; a second refusal
///   fails with `notAuthenticated`.
/// - Every failure is a `FileProviderError` of ``FruitBasketErrorMapping``'s table, or
///   `CancellationError` when the calling task is cancelled: cancellation ends the request at
///   once, and every request has a deadline (``FruitBasketConfiguration/requestTimeout`` or
///   ``FruitBasketConfiguration/transferTimeout``).
/// - Content is streamed both ways in chunks; no file is ever held whole in memory.
///
/// A client made without an `HTTPClient` owns one and shuts it down in ``shutdown()`` (or, at the
/// latest, when the client is released); one given an `HTTPClient` leaves it to its owner.
public final class FruitBasketClient: Sendable {
    /// Where the server is and whose account is used.
    public let configuration: FruitBasketConfiguration
    let http: HTTPClient
    private let ownsHTTPClient: Bool
    private let credentials = Credentials()

    /// Creates a client of the server `configuration` names.
    ///
    /// - Parameters:
    ///   - configuration: the server, the account and the timeouts.
    ///   - httpClient: the `HTTPClient` to send requests with, or `nil` to make one that
    ///     ``shutdown()`` shuts down, with `configuration`'s connect timeout and connection limit,
    ///     which fails a request at once when a connection cannot be made (the caller retries
    ///     after `serverUnreachable`; a pool retrying with its own backoff would keep failing
    ///     requests for a while after the server is back).
    public init(configuration: FruitBasketConfiguration, httpClient: HTTPClient? = nil) {
        self.configuration = configuration
        if let httpClient {
            self.http = httpClient
            self.ownsHTTPClient = false
        } else {
            var settings = HTTPClient.Configuration()
            settings.timeout = HTTPClient.Configuration.Timeout(connect: Self.timeAmount(configuration.connectTimeout))
            settings.redirectConfiguration = .disallow
            // The host retries operations that fail with serverUnreachable, so the pool does not
            // retry connections of its own: its backoff would outlive an outage and fail the first
            // requests after the server is back.
            settings.connectionPool.retryConnectionEstablishment = false
            settings.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = configuration.maximumConnections
            self.http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: settings)
            self.ownsHTTPClient = true
        }
    }

    /// A client dropped without ``shutdown()`` still shuts down the `HTTPClient` it made, so its
    /// connections are released (and `HTTPClient`'s debug check does not stop the process).
    deinit {
        guard ownsHTTPClient else { return }
        http.shutdown { _ in }
    }

    /// Shuts down the `HTTPClient` the client made; later requests fail with `cannotSynchronize`.
    /// Does nothing for a client given its `HTTPClient`; calling it twice is harmless.
    public func shutdown() async {
        guard ownsHTTPClient else { return }
        try? await http.shutdown()
    }

    // MARK: Sending

    /// Sends `call` (with the body `body` makes, once per attempt) and returns the answer when
    /// its status is 2xx, with its body still to be read.
    ///
    /// - Throws: the mapped error of a refusal (after one token renewal for a 401), of a network
    ///   failure, or `CancellationError`.
    func send(
        _ call: APICall,
        contentType: String? = nil,
        body: (@Sendable () -> HTTPClientRequest.Body)? = nil
    ) async throws -> HTTPClientResponse {
        var refused: String?
        while true {
            try Task.checkCancellation()
            let token = try await token(unless: refused)
            var request = HTTPClientRequest(url: configuration.baseURL + call.target)
            request.method = call.method
            request.headers.add(name: "Authorization", value: "Bearer \(token)")
            for header in call.headers { request.headers.add(name: header.name, value: header.value) }
            if let body {
                request.body = body()
                if let contentType { request.headers.add(name: "Content-Type", value: contentType) }
            }
            let response = try await execute(request, timeout: call.timeout)
            if (200..<300).contains(response.status.code) { return response }
            let failure = try await errorBody(of: response)
            if response.status.code == 401, refused == nil {
                refused = token
                continue
            }
            throw FruitBasketErrorMapping.error(
                status: Int(response.status.code),
                body: failure,
                operation: call.operation,
                itemIdentifier: call.itemIdentifier
            )
        }
    }

    /// Sends `call` with `body` encoded as JSON (when there is one) and decodes the answer.
    func json<Response: Decodable & Sendable>(
        _ call: APICall,
        body: (some Encodable & Sendable)? = String?.none,
        as type: Response.Type
    ) async throws -> Response {
        let response = try await send(call, body: body)
        return try await decode(type, from: response)
    }

    /// Sends `call` with `body` encoded as JSON (when there is one) and returns the answer.
    func send(_ call: APICall, body: (some Encodable & Sendable)?) async throws -> HTTPClientResponse {
        guard let body else { return try await send(call) }
        let data: Data
        do {
            data = try JSONEncoder().encode(body)
        } catch {
            throw FileProviderError(
                .cannotSynchronize,
                message: "The request cannot be encoded.",
                underlyingError: error
            )
        }
        return try await send(call, contentType: "application/json") { .bytes(ByteBuffer(bytes: data)) }
    }

    /// The answer's body decoded from JSON.
    ///
    /// - Throws: `cannotSynchronize` when it is not a `Response`; a network failure's error.
    func decode<Response: Decodable>(_ type: Response.Type, from response: HTTPClientResponse) async throws -> Response
    {
        let bytes = try await collect(response.body, upTo: 64 << 20)
        do {
            return try JSONDecoder().decode(type, from: Data(bytes.readableBytesView))
        } catch {
            throw FileProviderError(
                .cannotSynchronize,
                message: "The server's answer is not a \(type).",
                underlyingError: error
            )
        }
    }

    /// Reads and discards the answer's body, so the connection can be reused.
    func discardBody(of response: HTTPClientResponse) async throws {
        _ = try await collect(response.body, upTo: 1 << 20)
    }

    /// The token to send: the one kept, unless it is `refused` or expired; a new one otherwise.
    private func token(unless refused: String?) async throws -> String {
        if let token = await credentials.token(unless: refused) { return token }
        let fresh = try await grant()
        await credentials.keep(fresh)
        return fresh.token
    }

    /// Exchanges the account's secret for a token.
    private func grant() async throws -> TokenGrant {
        let data: Data
        do {
            data = try JSONEncoder().encode(TokenRequest(account: configuration.account, secret: configuration.secret))
        } catch {
            throw FileProviderError(.cannotSynchronize, message: "The token request cannot be encoded.")
        }
        var request = HTTPClientRequest(url: configuration.baseURL + APIPaths.tokens)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: data))
        let response = try await execute(request, timeout: configuration.requestTimeout)
        guard (200..<300).contains(response.status.code) else {
            let failure = try await errorBody(of: response)
            throw FruitBasketErrorMapping.error(status: Int(response.status.code), body: failure, operation: .read)
        }
        return try await decode(TokenGrant.self, from: response)
    }

    func execute(_ request: HTTPClientRequest, timeout: Duration) async throws -> HTTPClientResponse {
        do {
            return try await http.execute(request, timeout: Self.timeAmount(timeout))
        } catch {
            throw FruitBasketErrorMapping.error(forTransportFailure: error)
        }
    }

    /// The error body of a refusal, or `nil` when the answer carries none the client reads.
    func errorBody(of response: HTTPClientResponse) async throws -> APIErrorBody? {
        let bytes = try await collect(response.body, upTo: 1 << 20)
        return try? JSONDecoder().decode(APIErrorBody.self, from: Data(bytes.readableBytesView))
    }

    func collect(_ body: HTTPClientResponse.Body, upTo limit: Int) async throws -> ByteBuffer {
        do {
            return try await body.collect(upTo: limit)
        } catch {
            throw FruitBasketErrorMapping.error(forTransportFailure: error)
        }
    }

    /// `duration` as NIO's `TimeAmount`.
    static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return .nanoseconds(overflow ? .max : nanoseconds + attoseconds / 1_000_000_000)
    }
}
