import Foundation
import FruitBasketAPI
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FruitBasketServer

/// Error answers a client can rely on, identical on every database: a body too large is 413,
/// an unknown route is not a missing item, text with a NUL is refused the same way by SQLite and
/// PostgreSQL, and no body names an internal type or carries SQL.
@Suite("Error answers: statuses, codes and bodies")
struct ErrorAnswerTests {
    /// Words an error body must never hold: internal type names, SQL, database messages.
    static let leaks = ["NIO", "Error(", "SELECT", "INSERT", "UPDATE ", "SQLSTATE", "PostgreSQL", "SQLite", "PSQL"]

    /// Checks that `response`'s body names nothing internal.
    static func expectNoLeak(_ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation) {
        let body = String(buffer: response.body)
        for word in leaks {
            #expect(!body.contains(word), "\(body)", sourceLocation: sourceLocation)
        }
    }

    @Test("A JSON body larger than the server reads is 413 payloadTooLarge, not a 500")
    func bodyTooLarge() async throws {
        try await TestAPI.run { api in
            let name = String(repeating: "a", count: 3 * 1024 * 1024)
            let template = TestAPI.template(name, kind: .folder)
            let created = try await api.send(.post, APIPaths.items, json: CreateItemRequest(item: template))
            #expect(created.status == .contentTooLarge)
            #expect(try api.errorCode(created) == .payloadTooLarge)
            Self.expectNoLeak(created)
            let folder = try await api.create("f", kind: .folder)
            let modified = try await api.modify(
                WireItem(
                    id: folder.id,
                    parent: folder.parent,
                    name: name,
                    kind: .folder,
                    contentVersion: folder.contentVersion,
                    metadataVersion: folder.metadataVersion
                ),
                fields: [.name],
                base: folder
            )
            #expect(try api.errorCode(modified) == .payloadTooLarge)
            #expect(try await api.item(folder.id).name == "f")
        }
    }

    @Test("An unknown route or method is 404 noSuchRoute, not noSuchItem")
    func unknownRoute() async throws {
        try await TestAPI.run { api in
            for (method, path) in [
                (HTTPRequest.Method.get, "/v1/nothing"), (.get, "/v2/items"), (.delete, APIPaths.state),
                (.put, APIPaths.items), (.get, "/"),
            ] {
                let response = try await api.send(method, path)
                #expect(response.status == .notFound, "\(method) \(path)")
                #expect(try api.errorCode(response) == .noSuchRoute, "\(method) \(path)")
            }
            #expect(try api.errorCode(try await api.send(.get, APIPaths.item("missing"))) == .noSuchItem)
        }
    }

    @Test("Text with a NUL is refused as invalidRequest by every store, without SQL in the body")
    func nulRefusedAlike() async throws {
        try await TestAPI.run { api in
            let before = try await api.state()
            for path in [APIPaths.item("a\u{0}b"), APIPaths.content("a\u{0}b"), APIPaths.children("a\u{0}b")] {
                let response = try await api.send(.get, path)
                #expect(try api.errorCode(response) == .invalidRequest, "\(path)")
                Self.expectNoLeak(response)
            }
            let symlink = TestAPI.template("link", kind: .symlink, symlinkTarget: "a\u{0}b")
            let created = try await api.send(.post, APIPaths.items, json: CreateItemRequest(item: symlink))
            #expect(try api.errorCode(created) == .invalidRequest)
            Self.expectNoLeak(created)
            let parent = TestAPI.template("child", in: "p\u{0}", kind: .folder)
            let orphan = try await api.send(.post, APIPaths.items, json: CreateItemRequest(item: parent))
            #expect(try api.errorCode(orphan) == .invalidRequest)
            let forged = ListingCursor(
                epoch: before.epoch,
                folder: WireIdentifiers.root,
                order: "name",
                key: "k\u{0}",
                date: nil,
                id: "i\u{0}"
            )
            let listing = try await api.send(
                .get,
                "\(APIPaths.children(WireIdentifiers.root))?cursor=\(forged.encoded)"
            )
            #expect(try api.errorCode(listing) == .invalidRequest)
            Self.expectNoLeak(listing)
            #expect(try await api.state() == before)
        }
    }
}
