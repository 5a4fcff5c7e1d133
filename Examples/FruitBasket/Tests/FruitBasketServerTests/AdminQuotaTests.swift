import Foundation
import FruitBasketAPI
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FruitBasketServer

/// `POST /v1/admin/quota`: the operator leaves the store room for a given number of bytes, or
/// restores the configured quota.
@Suite("POST /v1/admin/quota")
struct AdminQuotaTests {
    static func setQuota(_ api: TestAPI, _ remaining: Int64?) async throws -> QuotaStatus {
        try api.decode(
            QuotaStatus.self,
            try await api.send(
                .post,
                APIPaths.quota,
                json: QuotaRequest(remainingBytes: remaining),
                headers: TestAPI.adminHeaders
            )
        )
    }

    @Test("The room asked for counts older versions as free; 0 refuses every upload and changes nothing")
    func remainingRoom() async throws {
        try await TestAPI.run { api in
            var file = try await api.create("a", content: [UInt8](repeating: 1, count: 100))
            let first = file.contentVersion
            let second = [UInt8](repeating: 2, count: 100)
            file = try api.decode(
                ModifyItemResponse.self,
                try await api.modify(file, fields: [.contents], content: second)
            ).item
            #expect(try await Self.setQuota(api, 0) == QuotaStatus(limit: 100, storedBytes: 200))
            let refused = try await api.send(.post, APIPaths.uploads, body: ByteBuffer(bytes: [3]))
            #expect(try api.errorCode(refused) == .quotaExceeded)
            let old = try await api.send(.get, "\(APIPaths.content(file.id))?version=\(first)")
            #expect(old.status == .ok)
            #expect(Array(buffer: old.body) == [UInt8](repeating: 1, count: 100))
            #expect(try await api.content(file.id) == second)
            #expect(try await Self.setQuota(api, 50) == QuotaStatus(limit: 150, storedBytes: 200))
            #expect(try await api.upload([UInt8](repeating: 4, count: 50)).size == 50)
            let full = try await api.send(.post, APIPaths.uploads, body: ByteBuffer(bytes: [5]))
            #expect(try api.errorCode(full) == .quotaExceeded)
            #expect(try await Self.setQuota(api, nil) == QuotaStatus(limit: nil, storedBytes: 150))
            #expect(try await api.upload([UInt8](repeating: 6, count: 1000)).size == 1000)
        }
    }

    @Test("null restores the quota the server was started with")
    func restoresConfigured() async throws {
        try await TestAPI.run(quota: 5000) { api in
            #expect(try await Self.setQuota(api, 10) == QuotaStatus(limit: 10, storedBytes: 0))
            #expect(try await Self.setQuota(api, nil) == QuotaStatus(limit: 5000, storedBytes: 0))
            #expect(try await api.upload([UInt8](repeating: 7, count: 4000)).size == 4000)
            let over = try await api.send(
                .post,
                APIPaths.uploads,
                body: ByteBuffer(bytes: [UInt8](repeating: 8, count: 1001))
            )
            #expect(try api.errorCode(over) == .quotaExceeded)
        }
    }

    @Test("Without the admin secret, with a wrong one, or with a negative count: refused, nothing changes")
    func refusals() async throws {
        try await TestAPI.run { api in
            let zero = QuotaRequest(remainingBytes: 0)
            let bearerOnly = try await api.send(.post, APIPaths.quota, json: zero)
            #expect(try api.errorCode(bearerOnly) == .notAuthenticated)
            let wrong = try await api.send(
                .post,
                APIPaths.quota,
                json: zero,
                headers: [HTTPField.Name(APIPaths.adminSecretHeader)!: "wrong"]
            )
            #expect(try api.errorCode(wrong) == .notAuthenticated)
            let negative = try await api.send(
                .post,
                APIPaths.quota,
                json: QuotaRequest(remainingBytes: -1),
                headers: TestAPI.adminHeaders
            )
            #expect(try api.errorCode(negative) == .invalidRequest)
            #expect(try await api.upload([UInt8](repeating: 9, count: 100)).size == 100)
        }
        try await TestAPI.expectNoRouteWithoutSecrets(.post, APIPaths.quota)
    }
}
