import Foundation
import FruitBasketAPI
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FruitBasketServer

/// The OpenAPI document served at `/openapi.json` matches the server: the same routes and
/// methods, every error code and its status, and the wire types' fields (names, and which are
/// always present). schemathesis then checks real answers against it in CI.
@Suite("The OpenAPI document matches the routes, statuses and schemas")
struct OpenAPIDocumentTests {
    /// The document as JSON objects.
    static func document() throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
    }

    /// A path with every parameter written `{}`, so `:id` and `{upload}` compare alike.
    static func normalized(_ path: String) -> String {
        let segments = path.split(separator: "/").map { segment in
            segment.hasPrefix(":") || segment.hasPrefix("{") ? "{}" : String(segment)
        }
        return "/" + segments.joined(separator: "/")
    }

    /// The schema named `name`'s properties and required fields, with those of the schemas its
    /// `allOf` names merged in.
    static func schema(_ name: String) throws -> (properties: Set<String>, required: Set<String>) {
        let components = try #require(try document()["components"] as? [String: Any])
        let schemas = try #require(components["schemas"] as? [String: Any])
        let schema = try #require(schemas[name] as? [String: Any], "no schema \(name)")
        var properties = Set((schema["properties"] as? [String: Any] ?? [:]).keys)
        var required = Set(schema["required"] as? [String] ?? [])
        for part in schema["allOf"] as? [[String: Any]] ?? [] {
            if let reference = part["$ref"] as? String {
                let named = try Self.schema(String(reference.split(separator: "/").last ?? ""))
                properties.formUnion(named.properties)
                required.formUnion(named.required)
            } else {
                properties.formUnion((part["properties"] as? [String: Any] ?? [:]).keys)
                required.formUnion(part["required"] as? [String] ?? [])
            }
        }
        return (properties, required)
    }

    /// The top-level keys `value` encodes to.
    static func keys(_ value: some Encodable) throws -> Set<String> {
        let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(value))
        return Set(try #require(object as? [String: Any]).keys)
    }

    @Test("Every route the server registers (the admin ones and /metrics included) is documented, and nothing else")
    func routes() async throws {
        let database = try await SQLiteCatalogueDatabase(location: .memory)
        let server = try await FruitBasketServer(
            configuration: FruitBasketServerConfiguration(port: 0, adminSecret: "a", metricsSecret: "m"),
            database: database
        )
        let router = Router(context: FruitBasketRequestContext.self)
        APIRoutes(server: server).register(on: router)
        let routed = Set(router.routes.map { "\($0.method.rawValue) \(Self.normalized("\($0.path)"))" })
        let paths = try #require(try Self.document()["paths"] as? [String: [String: Any]])
        var documented: Set<String> = []
        for (path, operations) in paths {
            for method in operations.keys { documented.insert("\(method.uppercased()) \(Self.normalized(path))") }
        }
        #expect(routed == documented)
        #expect(routed.count == 21)
        try await database.close()
    }

    @Test("The error codes are APIErrorCode's, and every documented error status is one of theirs")
    func errorCodes() throws {
        let components = try #require(try Self.document()["components"] as? [String: Any])
        let schemas = try #require(components["schemas"] as? [String: Any])
        let codes = try #require((schemas["ErrorCode"] as? [String: Any])?["enum"] as? [String])
        #expect(Set(codes) == Set(APIErrorCode.allCases.map(\.rawValue)))
        #expect(codes.count == APIErrorCode.allCases.count)
        let statuses = Set(APIErrorCode.allCases.map { String($0.status) })
        let paths = try #require(try Self.document()["paths"] as? [String: [String: Any]])
        for (path, operations) in paths {
            for (method, operation) in operations {
                let responses = try #require((operation as? [String: Any])?["responses"] as? [String: Any])
                for status in responses.keys where !status.hasPrefix("2") {
                    #expect(statuses.contains(status), "\(method) \(path) documents \(status)")
                }
                let secured = (operation as? [String: Any])?["security"] == nil
                if secured { #expect(responses["401"] != nil, "\(method) \(path) has no 401") }
            }
        }
    }

    @Test("Each schema has exactly the fields its wire type encodes, and requires those always present")
    func schemas() throws {
        let full = WireItem(
            id: "i1",
            parent: "root",
            name: "a",
            kind: .file,
            contentVersion: 1,
            metadataVersion: 1,
            size: 1,
            childCount: 0,
            created: 1,
            modified: 1,
            lastUsed: 1,
            tagData: Data([1]),
            favoriteRank: 1,
            symlinkTarget: "t",
            flags: 6,
            extendedAttributes: ["k": Data([1])],
            typeCode: 1,
            creatorCode: 1,
            contentType: "public.plain-text"
        )
        let bare = WireItem(id: "i1", parent: "root", name: "a", kind: .folder, contentVersion: 1, metadataVersion: 1)
        let item = try Self.schema("Item")
        #expect(item.properties == (try Self.keys(full)))
        #expect(item.required == (try Self.keys(bare)))
        let newItem = try Self.schema("NewItem")
        let serverOnly: Set = ["id", "contentVersion", "metadataVersion", "size", "childCount"]
        #expect(newItem.properties == (try Self.keys(full)).subtracting(serverOnly))
        #expect(newItem.required == ["parent", "name", "kind"])
        // A creation needs only its item: `upload` and `mayAlreadyExist` may be left out.
        let creation = try Self.schema("CreateItemRequest")
        #expect(creation.properties == (try Self.keys(CreateItemRequest(item: bare, upload: "u"))))
        #expect(creation.required == ["item"])
        let checks: [(String, any Encodable, any Encodable)] = [
            ("Error", APIErrorBody(.nameCollision, "m", item: bare), APIErrorBody(.invalidRequest, "m")),
            ("HealthStatus", HealthStatus(status: "ok"), HealthStatus(status: "ok")),
            ("TokenRequest", TokenRequest(account: "a", secret: "s"), TokenRequest(account: "a", secret: "s")),
            ("TokenGrant", TokenGrant(token: "t", expires: 1), TokenGrant(token: "t", expires: 1)),
            (
                "ServerState", ServerState(epoch: "e", sequence: 1, cursor: "c"),
                ServerState(epoch: "e", sequence: 1, cursor: "c")
            ),
            (
                "ModifyItemRequest", ModifyItemRequest(item: bare, fields: [.name], upload: "u", onConflict: .fail),
                ModifyItemRequest(item: bare, fields: [.name], upload: nil, onConflict: .fail)
            ),
            (
                "ModifyItemResponse", ModifyItemResponse(item: bare, conflictCopy: bare),
                ModifyItemResponse(item: bare, conflictCopy: nil)
            ),
            (
                "ChangeBatch", ChangeBatch(updated: [], deleted: [], cursor: "c", moreComing: false),
                ChangeBatch(updated: [], deleted: [], cursor: "c", moreComing: false)
            ),
            ("ListingPage", ListingPage(items: [], next: "n"), ListingPage(items: [], next: nil)),
            ("UploadReceipt", UploadReceipt(upload: "u", size: 1), UploadReceipt(upload: "u", size: 1)),
            ("QuotaRequest", QuotaRequest(remainingBytes: 0), QuotaRequest(remainingBytes: nil)),
            ("QuotaStatus", QuotaStatus(limit: 1, storedBytes: 0), QuotaStatus(limit: nil, storedBytes: 0)),
        ]
        for (name, fullest, barest) in checks {
            let schema = try Self.schema(name)
            #expect(schema.properties == (try Self.keys(fullest)), "\(name)")
            #expect(schema.required == (try Self.keys(barest)), "\(name)")
        }
    }

    @Test("The server serves the document at /openapi.json without a token, and a creation needs no ignored field")
    func served() async throws {
        try await TestAPI.run { api in
            let response = try await api.client.execute(uri: "/openapi.json", method: .get)
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == OpenAPIDocument.json)
            let minimal = ByteBuffer(string: #"{"item":{"parent":"root","name":"plain","kind":"folder"}}"#)
            let created = try await api.send(.post, APIPaths.items, body: minimal)
            let item = try api.decode(WireItem.self, created, status: .created)
            #expect(item.name == "plain" && item.kind == .folder && item.flags == 6)
        }
    }
}
