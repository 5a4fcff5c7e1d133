import Foundation
import FruitBasketAPI
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("Items: create, read, modify, delete")
struct ItemRouteTests {
    @Test("A created file is served with its versions, ETag and content")
    func createAndRead() async throws {
        try await TestAPI.run { api in
            let file = try await api.create("apple.txt", content: Array("red".utf8))
            #expect(file.contentVersion == 1 && file.metadataVersion == 1)
            #expect(file.size == 3)
            #expect(file.modified == api.clock.now.timeIntervalSinceReferenceDate)
            let response = try await api.send(.get, APIPaths.item(file.id))
            #expect(response.headers[.eTag] == "\"1.1\"")
            #expect(try api.decode(WireItem.self, response) == file)
            #expect(try await api.content(file.id) == Array("red".utf8))
        }
    }

    @Test("Folders count their children; the root and the trash are folders")
    func folders() async throws {
        try await TestAPI.run { api in
            let folder = try await api.create("Fruit", kind: .folder)
            #expect(folder.childCount == 0)
            try await api.create("pear", in: folder.id)
            #expect(try await api.item(folder.id).childCount == 1)
            let root = try await api.item(WireIdentifiers.root)
            #expect(root.kind == .folder && root.childCount == 1)
            #expect(try await api.item(WireIdentifiers.trash).childCount == 0)
        }
    }

    @Test("Creation errors: bad names, missing parents, content for a folder, collisions")
    func createErrors() async throws {
        try await TestAPI.run { api in
            func create(
                _ item: WireItem,
                upload: String? = nil,
                mayAlreadyExist: Bool = false
            ) async throws -> TestResponse {
                try await api.send(
                    .post,
                    APIPaths.items,
                    json: CreateItemRequest(item: item, upload: upload, mayAlreadyExist: mayAlreadyExist)
                )
            }
            func template(_ name: String, parent: String = WireIdentifiers.root, kind: WireItemKind = .file) -> WireItem
            {
                WireItem(id: "", parent: parent, name: name, kind: kind, contentVersion: 0, metadataVersion: 0)
            }
            #expect(try api.errorCode(try await create(template("a/b"))) == .invalidName)
            #expect(try api.errorCode(try await create(template(".."))) == .invalidName)
            #expect(try api.errorCode(try await create(template(""))) == .invalidName)
            #expect(try api.errorCode(try await create(template("x", parent: "nope"))) == .noSuchItem)
            let file = try await api.create("café", content: [1, 2])
            #expect(try api.errorCode(try await create(template("x", parent: file.id))) == .noSuchItem)
            let upload = try await api.upload([1]).upload
            #expect(
                try api.errorCode(try await create(template("f", kind: .folder), upload: upload)) == .invalidRequest
            )
            #expect(try api.errorCode(try await create(template("l", kind: .symlink))) == .invalidRequest)
            #expect(try api.errorCode(try await create(template("x"), upload: "missing")) == .noSuchUpload)
            var flagged = template("flags")
            flagged.flags = 64
            #expect(try api.errorCode(try await create(flagged)) == .invalidRequest)

            let decomposed = "cafe\u{301}"
            let collision = try await create(template(decomposed))
            #expect(try api.errorCode(collision) == .nameCollision)
            #expect(try api.errorBody(collision).item == file)
            #expect(try await create(template("CAFÉ")).status == .created)

            let again = try await api.upload([1, 2]).upload
            let existing = try await create(template("café"), upload: again, mayAlreadyExist: true)
            #expect(try api.decode(WireItem.self, existing, status: .ok) == file)
            let different = try await api.upload([9]).upload
            let refused = try await create(template("café"), upload: different, mayAlreadyExist: true)
            #expect(try api.errorCode(refused) == .nameCollision)
        }
    }

    @Test("The content type given at creation is kept through renames, content writes and listings")
    func contentTypeKept() async throws {
        try await TestAPI.run { api in
            var template = TestAPI.template("README")
            template.contentType = "public.plain-text"
            let created = try api.decode(
                WireItem.self,
                try await api.send(.post, APIPaths.items, json: CreateItemRequest(item: template)),
                status: .created
            )
            #expect(created.contentType == "public.plain-text")
            var renamed = created
            renamed.name = "COPYING"
            renamed.contentType = "public.png"
            #expect(try await api.modify(renamed, fields: [.name, .contents]).status == .ok)
            #expect(try await api.item(created.id).contentType == "public.plain-text")
            let listed = try await api.list(APIPaths.children(WireIdentifiers.root))
            #expect(listed.map(\.contentType) == ["public.plain-text"])
            #expect(try await api.create("untyped").contentType == nil)
            for bad in ["", String(repeating: "x", count: 256), "a\u{0}b"] {
                template.contentType = bad
                let refused = try await api.send(.post, APIPaths.items, json: CreateItemRequest(item: template))
                #expect(try api.errorCode(refused) == .invalidRequest)
            }
        }
    }

    @Test("mayAlreadyExist matches a file only with the same bytes; no upload is empty content")
    func mayAlreadyExistComparesContent() async throws {
        try await TestAPI.run { api in
            let full = try await api.create("a.dat", content: Array("a".utf8))
            let empty = try await api.create("e.dat")
            let noUpload = CreateItemRequest(item: TestAPI.template("a.dat"), mayAlreadyExist: true)
            let collided = try await api.send(.post, APIPaths.items, json: noUpload)
            #expect(try api.errorCode(collided) == .nameCollision)
            #expect(try api.errorBody(collided).item?.id == full.id)
            let again = CreateItemRequest(item: TestAPI.template("e.dat"), mayAlreadyExist: true)
            let matched = try api.decode(WireItem.self, try await api.send(.post, APIPaths.items, json: again))
            #expect(matched.id == empty.id)
            #expect(try await api.content(full.id) == Array("a".utf8))
        }
    }

    @Test("Metadata-only changes bump the metadata version only; content changes bump both")
    func versions() async throws {
        try await TestAPI.run { api in
            var file = try await api.create("a.txt", content: [1])
            file.name = "b.txt"
            file.tagData = Data([7])
            var response = try await api.modify(file, fields: [.name, .tagData])
            let renamed = try api.decode(ModifyItemResponse.self, response).item
            #expect(renamed.name == "b.txt" && renamed.tagData == Data([7]))
            #expect(renamed.contentVersion == 1 && renamed.metadataVersion == 2)
            #expect(response.headers[.eTag] == renamed.entityTag)

            api.clock.advance(by: 10)
            response = try await api.modify(renamed, fields: [.contents], content: [1, 2, 3])
            let rewritten = try api.decode(ModifyItemResponse.self, response).item
            #expect(rewritten.contentVersion == 3 && rewritten.metadataVersion == 3)
            #expect(rewritten.size == 3)
            #expect(rewritten.modified == api.clock.now.timeIntervalSinceReferenceDate)
            #expect(try await api.content(file.id) == [1, 2, 3])

            response = try await api.modify(rewritten, fields: [.contents], content: [1, 2, 3])
            #expect(try api.decode(ModifyItemResponse.self, response).item == rewritten)
        }
    }

    @Test("Modification errors carry exact codes")
    func modifyErrors() async throws {
        try await TestAPI.run { api in
            let folder = try await api.create("Fruit", kind: .folder)
            let inner = try await api.create("Inner", in: folder.id, kind: .folder)
            let file = try await api.create("a.txt")
            try await api.create("b.txt")

            var moved = folder
            moved.parent = inner.id
            #expect(try api.errorCode(try await api.modify(moved, fields: [.parent])) == .invalidMove)
            moved.parent = folder.id
            #expect(try api.errorCode(try await api.modify(moved, fields: [.parent])) == .invalidMove)
            moved.parent = "nowhere"
            #expect(try api.errorCode(try await api.modify(moved, fields: [.parent])) == .noSuchItem)

            var renamed = file
            renamed.name = "b.txt"
            let collision = try await api.modify(renamed, fields: [.name])
            #expect(try api.errorCode(collision) == .nameCollision)
            #expect(try api.errorBody(collision).item?.name == "b.txt")
            renamed.name = "."
            #expect(try api.errorCode(try await api.modify(renamed, fields: [.name])) == .invalidName)

            var kindChange = file
            kindChange.kind = .folder
            #expect(try api.errorCode(try await api.modify(kindChange, fields: [.name])) == .invalidRequest)

            let root = try await api.item(WireIdentifiers.root)
            #expect(try api.errorCode(try await api.modify(root, fields: [.name])) == .reservedItem)

            var ghost = file
            ghost.id = "missing"
            #expect(try api.errorCode(try await api.modify(ghost, fields: [.name])) == .noSuchItem)

            let stale = WireItem(
                id: file.id,
                parent: file.parent,
                name: "c.txt",
                kind: .file,
                contentVersion: 0,
                metadataVersion: 0
            )
            let refused = try await api.modify(stale, fields: [.name], onConflict: .fail)
            #expect(try api.errorCode(refused) == .versionMismatch)
            #expect(try api.errorBody(refused).item == file)

            let body = try TestAPI.encode(ModifyItemRequest(item: file, fields: [.name]))
            #expect(
                try api.errorCode(try await api.send(.patch, APIPaths.item(file.id), body: body))
                    == .preconditionRequired
            )
            let badTag = try await api.send(.patch, APIPaths.item(file.id), headers: [.ifMatch: "W/\"1\""], body: body)
            #expect(try api.errorCode(badTag) == .invalidRequest)
            let badJSON = try await api.send(
                .patch,
                APIPaths.item(file.id),
                headers: [.ifMatch: file.entityTag],
                body: ByteBuffer(string: "{")
            )
            #expect(try api.errorCode(badJSON) == .invalidRequest)
        }
    }

    @Test("Trash: trashed items never collide and are restored under their name")
    func trash() async throws {
        try await TestAPI.run { api in
            var first = try await api.create("same.txt")
            first.parent = WireIdentifiers.trash
            first = try api.decode(ModifyItemResponse.self, try await api.modify(first, fields: [.parent])).item
            var second = try await api.create("same.txt")
            second.parent = WireIdentifiers.trash
            second = try api.decode(ModifyItemResponse.self, try await api.modify(second, fields: [.parent])).item
            #expect(
                try await api.list(APIPaths.children(WireIdentifiers.trash)).map(\.id).sorted()
                    == [first.id, second.id].sorted()
            )

            first.parent = WireIdentifiers.root
            let restored = try api.decode(ModifyItemResponse.self, try await api.modify(first, fields: [.parent])).item
            #expect(restored.parent == WireIdentifiers.root && restored.name == "same.txt")
            second.parent = WireIdentifiers.root
            #expect(try api.errorCode(try await api.modify(second, fields: [.parent])) == .nameCollision)
        }
    }

    @Test("Deletion: stale versions, non-empty folders, recursion, unknown identifiers")
    func deletion() async throws {
        try await TestAPI.run { api in
            let folder = try await api.create("Fruit", kind: .folder)
            let child = try await api.create("kiwi", in: folder.id, content: [1, 2, 3])
            let stale = try await api.send(.delete, APIPaths.item(folder.id), headers: [.ifMatch: "\"0.0\""])
            #expect(try api.errorCode(stale) == .versionMismatch)
            #expect(try api.errorBody(stale).item?.id == folder.id)
            let notEmpty = try await api.send(.delete, APIPaths.item(folder.id), headers: [.ifMatch: folder.entityTag])
            #expect(try api.errorCode(notEmpty) == .directoryNotEmpty)
            #expect(try api.errorCode(try await api.send(.delete, APIPaths.item(folder.id))) == .preconditionRequired)
            let reserved = try await api.send(
                .delete,
                APIPaths.item(WireIdentifiers.trash),
                headers: [.ifMatch: "\"0.0\""]
            )
            #expect(try api.errorCode(reserved) == .reservedItem)

            let deleted = try await api.send(
                .delete,
                APIPaths.item(folder.id) + "?recursive=true",
                headers: [.ifMatch: folder.entityTag]
            )
            #expect(deleted.status == .noContent)
            #expect(try api.errorCode(try await api.send(.get, APIPaths.item(child.id))) == .noSuchItem)
            let again = try await api.send(.delete, APIPaths.item(folder.id), headers: [.ifMatch: folder.entityTag])
            #expect(again.status == .noContent)
        }
    }
}
