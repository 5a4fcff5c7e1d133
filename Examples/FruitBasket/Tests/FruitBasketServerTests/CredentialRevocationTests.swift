import Foundation
import FruitBasketAPI
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FruitBasketServer

/// `POST /v1/admin/accounts/{account}/revoke` and `…/restore`: the operator revokes an account's
/// credentials (its tokens and its secret refused) and restores them.
@Suite("POST /v1/admin/accounts/{account}/revoke and /restore")
struct CredentialRevocationTests {
    @Test("A revoked account's tokens and secret answer 401; restored, a new token sees the items as before")
    func revokeAndRestore() async throws {
        try await TestAPI.run { api in
            let file = try await api.create("kept")
            let kiwi = try await api.signedIn(as: "kiwi")
            let revoked = try await api.send(.post, APIPaths.revokeCredentials("fruit"), headers: TestAPI.adminHeaders)
            #expect(revoked.status == .noContent)
            let again = try await api.send(.post, APIPaths.revokeCredentials("fruit"), headers: TestAPI.adminHeaders)
            #expect(again.status == .noContent)
            let state = try await api.send(.get, APIPaths.state)
            #expect(try api.errorCode(state) == .notAuthenticated)
            let item = try await api.send(.get, APIPaths.item(file.id))
            #expect(try api.errorCode(item) == .notAuthenticated)
            let grant = try await api.send(
                .post,
                APIPaths.tokens,
                json: TokenRequest(account: "fruit", secret: "basket")
            )
            #expect(try api.errorCode(grant) == .notAuthenticated)
            #expect(try await kiwi.send(.get, APIPaths.state).status == .ok)
            _ = try await kiwi.signedIn(as: "kiwi")

            let restored = try await api.send(
                .post,
                APIPaths.restoreCredentials("fruit"),
                headers: TestAPI.adminHeaders
            )
            #expect(restored.status == .noContent)
            let old = try await api.send(.get, APIPaths.state)
            #expect(try api.errorCode(old) == .notAuthenticated)
            let signedIn = try await api.signedIn(as: "fruit")
            let listed = try signedIn.decode(ListingPage.self, try await signedIn.send(.get, APIPaths.items))
            #expect(listed.items.map(\.id) == [file.id])
            let unrevoked = try await api.send(
                .post,
                APIPaths.restoreCredentials("kiwi"),
                headers: TestAPI.adminHeaders
            )
            #expect(unrevoked.status == .noContent)
        }
    }

    @Test("Without the admin secret, with a wrong one, or for an unknown account: refused, nothing changes")
    func refusals() async throws {
        try await TestAPI.run { api in
            for path in [APIPaths.revokeCredentials("fruit"), APIPaths.restoreCredentials("fruit")] {
                let bearerOnly = try await api.send(.post, path)
                #expect(try api.errorCode(bearerOnly) == .notAuthenticated)
                let wrong = try await api.send(
                    .post,
                    path,
                    headers: [HTTPField.Name(APIPaths.adminSecretHeader)!: "wrong"]
                )
                #expect(try api.errorCode(wrong) == .notAuthenticated)
            }
            let unknown = try await api.send(.post, APIPaths.revokeCredentials("nobody"), headers: TestAPI.adminHeaders)
            #expect(try api.errorCode(unknown) == .invalidRequest)
            #expect(try await api.send(.get, APIPaths.state).status == .ok)
        }
        try await TestAPI.expectNoRouteWithoutSecrets(.post, APIPaths.revokeCredentials("fruit"))
        try await TestAPI.expectNoRouteWithoutSecrets(.post, APIPaths.restoreCredentials("fruit"))
    }
}
