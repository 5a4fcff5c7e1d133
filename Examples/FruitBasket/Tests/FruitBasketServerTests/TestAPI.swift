import Foundation
import FruitBasketAPI
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FruitBasketServer

/// A server driven in process through HummingbirdTesting, with a client that holds a token, on
/// each database of ``TestDatabase/all`` in turn (in-memory SQLite, and PostgreSQL when
/// `FRUITBASKET_POSTGRES_URL` is set).
struct TestAPI: Sendable {
    let client: any TestClientProtocol
    let server: FruitBasketServer
    let clock: TestClock
    let token: String

    static let adminSecret = "admin-secret"
    /// The header carrying ``adminSecret``.
    static let adminHeaders: HTTPFields = [HTTPField.Name(APIPaths.adminSecretHeader)!: adminSecret]
    /// The secret `GET /metrics` takes on every test server.
    static let metricsSecret = "metrics-secret"
    /// The accounts every test server has: `fruit` (the one ``run(quota:tokenLifetime:keptVersions:on:_:)``
    /// signs in as) and `kiwi`, a second tenant.
    static let accounts = ["fruit": "basket", "kiwi": "green"]

    /// Runs `body` against a fresh server on a fresh database, once per database of `databases`
    /// (every one of ``TestDatabase/all`` unless told), driven in process through the router.
    static func run(
        quota: Int64? = nil,
        tokenLifetime: Double = 3600,
        keptVersions: Int = 3,
        on databases: [TestDatabase] = TestDatabase.all,
        _ body: @Sendable (TestAPI) async throws -> Void
    ) async throws {
        for kind in databases {
            try await kind.with { database in
                let clock = TestClock()
                let configuration = FruitBasketServerConfiguration(
                    port: 0,
                    accounts: accounts,
                    quota: quota,
                    tokenLifetime: tokenLifetime,
                    adminSecret: adminSecret,
                    keptVersions: keptVersions,
                    clock: clock.function,
                    metricsSecret: metricsSecret
                )
                let server = try await FruitBasketServer(configuration: configuration, database: database)
                try await server.application().test(.router) { client in
                    let response = try await client.execute(
                        uri: APIPaths.tokens,
                        method: .post,
                        body: try encode(TokenRequest(account: "fruit", secret: "basket"))
                    )
                    let grant = try JSONDecoder().decode(TokenGrant.self, from: Data(buffer: response.body))
                    try await body(TestAPI(client: client, server: server, clock: clock, token: grant.token))
                }
            }
        }
    }

    /// Checks that a server with no admin or metrics secret (the default configuration) answers
    /// `method` `uri` with 404 `noSuchRoute`: the route does not exist.
    static func expectNoRouteWithoutSecrets(
        _ method: HTTPRequest.Method,
        _ uri: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let database = try await SQLiteCatalogueDatabase(location: .memory)
        let server = try await FruitBasketServer(
            configuration: FruitBasketServerConfiguration(port: 0),
            database: database
        )
        try await server.application().test(.router) { client in
            let response = try await client.execute(uri: uri, method: method)
            #expect(response.status == .notFound, sourceLocation: sourceLocation)
            let body = try JSONDecoder().decode(APIErrorBody.self, from: Data(buffer: response.body))
            #expect(body.code == .noSuchRoute, sourceLocation: sourceLocation)
        }
        try await database.close()
    }

    /// The same server, with a token of `account` (one of ``accounts``).
    func signedIn(as account: String) async throws -> TestAPI {
        let response = try await client.execute(
            uri: APIPaths.tokens,
            method: .post,
            body: try Self.encode(TokenRequest(account: account, secret: Self.accounts[account] ?? ""))
        )
        let grant = try decode(TokenGrant.self, response, status: .created)
        return TestAPI(client: client, server: server, clock: clock, token: grant.token)
    }

    /// A new item to create: `name` of `kind` in `parent`, the server's fields left at zero.
    static func template(
        _ name: String,
        in parent: String = WireIdentifiers.root,
        kind: WireItemKind = .file,
        symlinkTarget: String? = nil
    ) -> WireItem {
        WireItem(
            id: "",
            parent: parent,
            name: name,
            kind: kind,
            contentVersion: 0,
            metadataVersion: 0,
            symlinkTarget: symlinkTarget
        )
    }

    static func encode(_ value: some Encodable) throws -> ByteBuffer {
        ByteBuffer(bytes: try JSONEncoder().encode(value))
    }

    /// Sends a request with the token.
    func send(
        _ method: HTTPRequest.Method,
        _ uri: String,
        headers: HTTPFields = [:],
        body: ByteBuffer? = nil
    ) async throws -> TestResponse {
        var headers = headers
        if headers[.authorization] == nil { headers[.authorization] = "Bearer \(token)" }
        return try await client.execute(uri: uri, method: method, headers: headers, body: body)
    }

    /// Sends a request with a JSON body.
    func send(
        _ method: HTTPRequest.Method,
        _ uri: String,
        json: some Encodable,
        headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        try await send(method, uri, headers: headers, body: try Self.encode(json))
    }

    /// Decodes a response's JSON body, after checking its status.
    func decode<Value: Decodable>(
        _ type: Value.Type,
        _ response: TestResponse,
        status: HTTPResponse.Status = .ok,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Value {
        #expect(response.status == status, "\(String(buffer: response.body))", sourceLocation: sourceLocation)
        return try JSONDecoder().decode(Value.self, from: Data(buffer: response.body))
    }

    /// The error code of a response, after checking that its status is the code's.
    func errorCode(_ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> APIErrorCode {
        let body = try JSONDecoder().decode(APIErrorBody.self, from: Data(buffer: response.body))
        #expect(Int(response.status.code) == body.code.status, sourceLocation: sourceLocation)
        return body.code
    }

    /// The error body of a response.
    func errorBody(_ response: TestResponse) throws -> APIErrorBody {
        try JSONDecoder().decode(APIErrorBody.self, from: Data(buffer: response.body))
    }

    // MARK: Shortcuts

    /// Creates an item and returns it.
    @discardableResult
    func create(
        _ name: String,
        in parent: String = WireIdentifiers.root,
        kind: WireItemKind = .file,
        content: [UInt8]? = nil,
        modified: Double? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> WireItem {
        let upload = try await content.asyncMap { try await self.upload($0).upload }
        var template = Self.template(name, in: parent, kind: kind, symlinkTarget: kind == .symlink ? "target" : nil)
        template.modified = modified
        let response = try await send(.post, APIPaths.items, json: CreateItemRequest(item: template, upload: upload))
        return try decode(WireItem.self, response, status: .created, sourceLocation: sourceLocation)
    }

    /// Uploads bytes.
    func upload(_ bytes: [UInt8]) async throws -> UploadReceipt {
        try decode(
            UploadReceipt.self,
            try await send(.post, APIPaths.uploads, body: ByteBuffer(bytes: bytes)),
            status: .created
        )
    }

    /// Modifies an item based on `base`.
    func modify(
        _ item: WireItem,
        fields: [WireField],
        base: WireItem? = nil,
        content: [UInt8]? = nil,
        onConflict: ConflictPolicy = .keepBoth
    ) async throws -> TestResponse {
        let upload = try await content.asyncMap { try await self.upload($0).upload }
        return try await send(
            .patch,
            APIPaths.item(item.id),
            json: ModifyItemRequest(item: item, fields: fields, upload: upload, onConflict: onConflict),
            headers: [.ifMatch: (base ?? item).entityTag]
        )
    }

    /// The item as the server has it.
    func item(_ id: String) async throws -> WireItem {
        try decode(WireItem.self, try await send(.get, APIPaths.item(id)))
    }

    /// The content of a file.
    func content(_ id: String) async throws -> [UInt8] {
        let response = try await send(.get, APIPaths.content(id))
        #expect(response.status == .ok)
        return Array(response.body.readableBytesView)
    }

    /// Every page of a listing.
    func list(_ path: String, query: String = "", limit: Int = 200) async throws -> [WireItem] {
        var items: [WireItem] = []
        var cursor: String?
        repeat {
            let cursorQuery = cursor.map { "&cursor=\($0)" } ?? ""
            let page = try decode(
                ListingPage.self,
                try await send(.get, "\(path)?limit=\(limit)\(query)\(cursorQuery)")
            )
            items += page.items
            cursor = page.next
        } while cursor != nil
        return items
    }

    /// The store's state.
    func state() async throws -> ServerState {
        try decode(ServerState.self, try await send(.get, APIPaths.state))
    }

    /// Every change after `cursor`, batch by batch.
    func changes(
        after cursor: String,
        limit: Int = 200
    ) async throws -> (updated: [WireItem], deleted: [String], cursor: String) {
        var updated: [WireItem] = []
        var deleted: [String] = []
        var cursor = cursor
        while true {
            let batch = try decode(
                ChangeBatch.self,
                try await send(.get, "\(APIPaths.changes)?cursor=\(cursor)&limit=\(limit)")
            )
            updated += batch.updated
            deleted += batch.deleted
            cursor = batch.cursor
            if !batch.moreComing { return (updated, deleted, cursor) }
        }
    }
}
