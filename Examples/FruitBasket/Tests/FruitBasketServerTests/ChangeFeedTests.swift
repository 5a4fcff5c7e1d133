import FruitBasketAPI
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("Change feed")
struct ChangeFeedTests {
    @Test("Updates come in sequence order, parents before children, then deletions; each id once")
    func ordering() async throws {
        try await TestAPI.run { api in
            let start = try await api.state().cursor
            let outer = try await api.create("Outer", kind: .folder)
            let inner = try await api.create("Inner", in: outer.id, kind: .folder)
            let leaf = try await api.create("leaf", in: inner.id)
            let doomed = try await api.create("doomed")
            var renamedOuter = outer
            renamedOuter.name = "Outer 2"
            _ = try await api.modify(renamedOuter, fields: [.name])
            let deletion = try await api.send(.delete, APIPaths.item(doomed.id), headers: [.ifMatch: doomed.entityTag])
            #expect(deletion.status == .noContent)

            let all = try await api.changes(after: start)
            #expect(all.updated.map(\.id) == [outer.id, inner.id, leaf.id])
            #expect(all.updated.first?.name == "Outer 2")
            #expect(all.deleted == [doomed.id])
            #expect(all.cursor == (try await api.state().cursor))

            let empty = try api.decode(
                ChangeBatch.self,
                try await api.send(.get, "\(APIPaths.changes)?cursor=\(all.cursor)")
            )
            #expect(empty.updated.isEmpty && empty.deleted.isEmpty && !empty.moreComing && empty.cursor == all.cursor)
        }
    }

    @Test("Batches of one hold every change exactly once")
    func limits() async throws {
        try await TestAPI.run { api in
            let start = try await api.state().cursor
            var created: [WireItem] = []
            for index in 0..<5 { created.append(try await api.create("f\(index)")) }
            for item in created.prefix(2) {
                _ = try await api.send(.delete, APIPaths.item(item.id), headers: [.ifMatch: item.entityTag])
            }
            let batch = try api.decode(
                ChangeBatch.self,
                try await api.send(.get, "\(APIPaths.changes)?cursor=\(start)&limit=1")
            )
            #expect(batch.updated.count == 1 && batch.moreComing)
            let all = try await api.changes(after: start, limit: 1)
            #expect(all.updated.map(\.id) == created.suffix(3).map(\.id))
            #expect(all.deleted == created.prefix(2).map(\.id))
            let tooMany = try await api.send(.get, "\(APIPaths.changes)?cursor=\(start)&limit=1001")
            #expect(try api.errorCode(tooMany) == .invalidRequest)
            #expect(try api.errorCode(try await api.send(.get, APIPaths.changes)) == .invalidRequest)
        }
    }

    @Test("Cursors expire: garbage, ahead of the server, another epoch, below the history floor")
    func expiry() async throws {
        try await TestAPI.run { api in
            let state = try await api.state()
            func code(_ cursor: String) async throws -> APIErrorCode {
                try api.errorCode(try await api.send(.get, "\(APIPaths.changes)?cursor=\(cursor)"))
            }
            #expect(try await code("garbage") == .cursorExpired)
            #expect(try await code("\(state.epoch).5.5") == .cursorExpired)
            #expect(try await code("0000000000000000.0.0") == .cursorExpired)

            let doomed = try await api.create("doomed")
            _ = try await api.send(.delete, APIPaths.item(doomed.id), headers: [.ifMatch: doomed.entityTag])
            let admin: HTTPFields = [HTTPField.Name(APIPaths.adminSecretHeader)!: TestAPI.adminSecret]
            #expect(try await api.send(.post, APIPaths.expireHistory, headers: admin).status == .noContent)
            #expect(try await code(state.cursor) == .cursorExpired)
            let afterExpiry = try await api.state()
            #expect(afterExpiry.epoch == state.epoch)
            #expect(try await api.changes(after: afterExpiry.cursor).updated.isEmpty)

            #expect(try await api.send(.post, APIPaths.resetEpoch, headers: admin).status == .noContent)
            #expect(try await code(afterExpiry.cursor) == .cursorExpired)
            #expect(try await api.state().epoch != state.epoch)
            let wrongSecret = try await api.send(
                .post,
                APIPaths.resetEpoch,
                headers: [HTTPField.Name(APIPaths.adminSecretHeader)!: "wrong"]
            )
            #expect(try api.errorCode(wrongSecret) == .notAuthenticated)
        }
    }
}
