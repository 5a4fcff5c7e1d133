import Foundation
import FruitBasketAPI
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FruitBasketServer

@Suite("Authentication")
struct AuthenticationTests {
    @Test("Tokens expire by the injected clock; a new token works")
    func expiry() async throws {
        try await TestAPI.run(tokenLifetime: 60) { api in
            #expect(try await api.send(.get, APIPaths.state).status == .ok)
            api.clock.advance(by: 59)
            #expect(try await api.send(.get, APIPaths.state).status == .ok)
            api.clock.advance(by: 1)
            let expired = try await api.send(.get, APIPaths.state)
            #expect(try api.errorCode(expired) == .notAuthenticated)
            #expect(expired.headers[.wwwAuthenticate] == "Bearer error=\"invalid_token\"")

            let grant = try api.decode(
                TokenGrant.self,
                try await api.send(.post, APIPaths.tokens, json: TokenRequest(account: "fruit", secret: "basket")),
                status: .created
            )
            #expect(grant.expires == api.clock.now.timeIntervalSince1970 + 60)
            let renewed = try await api.send(.get, APIPaths.state, headers: [.authorization: "Bearer \(grant.token)"])
            #expect(renewed.status == .ok)
        }
    }

    @Test("Wrong secrets, unknown accounts, missing and unknown tokens answer 401; health needs none")
    func refusals() async throws {
        try await TestAPI.run { api in
            let wrong = try await api.send(.post, APIPaths.tokens, json: TokenRequest(account: "fruit", secret: "x"))
            #expect(try api.errorCode(wrong) == .notAuthenticated)
            let unknown = try await api.send(
                .post,
                APIPaths.tokens,
                json: TokenRequest(account: "nobody", secret: "basket")
            )
            #expect(try api.errorCode(unknown) == .notAuthenticated)
            let missing = try await api.client.execute(uri: APIPaths.state, method: .get)
            #expect(try api.errorCode(missing) == .notAuthenticated)
            let bogus = try await api.send(.get, APIPaths.items, headers: [.authorization: "Bearer nope"])
            #expect(try api.errorCode(bogus) == .notAuthenticated)
            let health = try await api.client.execute(uri: APIPaths.health, method: .get)
            #expect(health.status == .ok)
            #expect(String(buffer: health.body) == #"{"status":"ok"}"#)
            let noRoute = try await api.send(.get, "/v1/nothing")
            #expect(try api.errorCode(noRoute) == .noSuchRoute)
        }
    }
}

@Suite("Admin endpoints")
struct AdminEndpointTests {
    @Test("Without an admin secret the admin endpoints do not exist")
    func absentWithoutSecret() async throws {
        try await TestAPI.expectNoRouteWithoutSecrets(.post, APIPaths.resetEpoch)
    }
}
