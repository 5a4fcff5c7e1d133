import Foundation
import FruitBasketAPI
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FruitBasketServer

/// Accounts are tenants: a second account gets 404 for the first one's identifiers, sees none of
/// its items in listings or the change feed, cannot read its content or use its uploads, and
/// cannot change or delete its items — on every store (SQLite, and PostgreSQL when
/// `FRUITBASKET_POSTGRES_URL` is set).
@Suite("Tenants: each account sees and changes only its own items")
struct TenantTests {
    @Test("A second account gets 404 for the first one's ids, listings, changes and content")
    func isolated() async throws {
        try await TestAPI.run { fruit in
            let kiwi = try await fruit.signedIn(as: "kiwi")
            let start = try await kiwi.state().cursor
            let folder = try await fruit.create("docs", kind: .folder)
            let file = try await fruit.create("secret.txt", in: folder.id, content: Array("fruit only".utf8))
            let doomed = try await fruit.create("doomed.txt", content: [1])
            #expect(
                try await fruit.send(.delete, APIPaths.item(doomed.id), headers: [.ifMatch: doomed.entityTag]).status
                    == .noContent
            )
            let upload = try await fruit.upload([1, 2, 3]).upload

            for path in [
                APIPaths.item(file.id), APIPaths.item(folder.id), APIPaths.content(file.id),
                APIPaths.children(folder.id), "\(APIPaths.content(file.id))?version=\(file.contentVersion)",
            ] {
                #expect(try kiwi.errorCode(try await kiwi.send(.get, path)) == .noSuchItem, "\(path)")
            }
            #expect(try await kiwi.list(APIPaths.children(WireIdentifiers.root)).isEmpty)
            #expect(try await kiwi.list(APIPaths.children(WireIdentifiers.trash)).isEmpty)
            #expect(try await kiwi.list(APIPaths.items).isEmpty)
            #expect(try await kiwi.item(WireIdentifiers.root).childCount == 0)
            let feed = try await kiwi.changes(after: start)
            #expect(feed.updated.isEmpty)
            #expect(feed.deleted.isEmpty)

            let renamed = try await kiwi.modify(
                WireItem(
                    id: file.id,
                    parent: file.parent,
                    name: "mine.txt",
                    kind: .file,
                    contentVersion: file.contentVersion,
                    metadataVersion: file.metadataVersion
                ),
                fields: [.name],
                base: file
            )
            #expect(try kiwi.errorCode(renamed) == .noSuchItem)
            let deleted = try await kiwi.send(
                .delete,
                "\(APIPaths.item(folder.id))?recursive=true",
                headers: [.ifMatch: folder.entityTag]
            )
            #expect(deleted.status == .noContent)
            let intoForeignFolder = try await kiwi.send(
                .post,
                APIPaths.items,
                json: CreateItemRequest(item: TestAPI.template("x", in: folder.id, kind: .folder))
            )
            #expect(try kiwi.errorCode(intoForeignFolder) == .noSuchItem)
            let foreignUpload = try await kiwi.send(
                .post,
                APIPaths.items,
                json: CreateItemRequest(item: TestAPI.template("stolen.txt"), upload: upload)
            )
            #expect(try kiwi.errorCode(foreignUpload) == .noSuchUpload)
            #expect(try kiwi.errorCode(try await kiwi.send(.delete, APIPaths.upload(upload))) == .noSuchUpload)

            let own = try await kiwi.create("docs", kind: .folder)
            #expect(own.id != folder.id)
            #expect(try await kiwi.list(APIPaths.children(WireIdentifiers.root)).map(\.id) == [own.id])
            #expect(try await kiwi.changes(after: start).updated.map(\.id) == [own.id])

            let still = try await fruit.item(file.id)
            #expect(still.name == "secret.txt" && still.metadataVersion == file.metadataVersion)
            #expect(try await fruit.content(file.id) == Array("fruit only".utf8))
            #expect(try await fruit.list(APIPaths.children(WireIdentifiers.root)).map(\.id) == [folder.id])
            #expect(try await fruit.upload([4]).size == 1)
            #expect(try await fruit.send(.delete, APIPaths.upload(upload)).status == .noContent)
        }
    }
}
