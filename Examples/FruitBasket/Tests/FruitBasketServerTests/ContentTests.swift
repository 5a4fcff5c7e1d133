import Foundation
import FruitBasketAPI
import FruitBasketServer
import Hummingbird
import HummingbirdTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Content: uploads, downloads, ranges, versions, conflicts, quota")
struct ContentTests {
    /// Deterministic bytes: a simple generator seeded with `seed`.
    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    @Test("A 5 MiB file round-trips through chunked storage in process")
    func largeRoundTrip() async throws {
        try await TestAPI.run { api in
            let content = Self.bytes(5 * 1024 * 1024 + 17, seed: 1)
            let file = try await api.create("large.bin", content: content)
            #expect(file.size == Int64(content.count))
            #expect(try await api.content(file.id) == content)
        }
    }

    /// Over TCP to a server started in process. The requests go through URLSession with a
    /// generous idle timeout rather than HummingbirdTesting's `.live` client, whose fixed 20 s
    /// limit per request a fully loaded 2-core machine running every suite at once exceeded.
    @Test("A 5 MiB file round-trips over TCP")
    func largeRoundTripOverTCP() async throws {
        let database = try await SQLiteCatalogueDatabase(location: .memory)
        let running = try await FruitBasketServer.start(
            configuration: FruitBasketServerConfiguration(port: 0, accounts: TestAPI.accounts),
            database: database
        )
        func send(_ method: String, _ path: String, token: String?, body: Data) async throws -> (Data, Int) {
            var request = URLRequest(url: try #require(URL(string: running.baseURL + path)))
            request.httpMethod = method
            request.httpBody = body
            request.timeoutInterval = 600
            if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
            let (data, response) = try await URLSession.shared.data(for: request)
            return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
        }
        let (grantBody, _) = try await send(
            "POST",
            APIPaths.tokens,
            token: nil,
            body: try JSONEncoder().encode(TokenRequest(account: "fruit", secret: "basket"))
        )
        let token = try JSONDecoder().decode(TokenGrant.self, from: grantBody).token
        let content = Self.bytes(5 * 1024 * 1024 + 17, seed: 1)
        let (receiptBody, uploadStatus) = try await send("POST", APIPaths.uploads, token: token, body: Data(content))
        #expect(uploadStatus == 201)
        let receipt = try JSONDecoder().decode(UploadReceipt.self, from: receiptBody)
        let creation = CreateItemRequest(item: TestAPI.template("large.bin"), upload: receipt.upload)
        let (itemBody, createStatus) = try await send(
            "POST",
            APIPaths.items,
            token: token,
            body: try JSONEncoder().encode(creation)
        )
        #expect(createStatus == 201)
        let file = try JSONDecoder().decode(WireItem.self, from: itemBody)
        #expect(file.size == Int64(content.count))
        var download = URLRequest(url: try #require(URL(string: running.baseURL + APIPaths.content(file.id))))
        download.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        download.timeoutInterval = 600
        let (downloaded, _) = try await URLSession.shared.data(for: download)
        #expect(Array(downloaded) == content)
        await running.stop()
        try await database.close()
    }

    @Test("Ranges answer 206 with Content-Range, across chunk boundaries; outside the content 416")
    func ranges() async throws {
        try await TestAPI.run { api in
            let content = Self.bytes(600_000, seed: 2)
            let file = try await api.create("ranged.bin", content: content)
            func fetch(_ range: String) async throws -> TestResponse {
                try await api.send(.get, APIPaths.content(file.id), headers: [.range: range])
            }
            let middle = try await fetch("bytes=262000-262299")
            #expect(middle.status == .partialContent)
            #expect(middle.headers[.contentRange] == "bytes 262000-262299/600000")
            #expect(Array(middle.body.readableBytesView) == Array(content[262_000...262_299]))
            let tail = try await fetch("bytes=-10")
            #expect(Array(tail.body.readableBytesView) == Array(content.suffix(10)))
            let open = try await fetch("bytes=599990-")
            #expect(Array(open.body.readableBytesView) == Array(content.suffix(10)))
            let clipped = try await fetch("bytes=599995-700000")
            #expect(clipped.headers[.contentRange] == "bytes 599995-599999/600000")
            let outside = try await fetch("bytes=600000-600010")
            #expect(try api.errorCode(outside) == .rangeNotSatisfiable)
            #expect(outside.headers[.contentRange] == "bytes */600000")
            let ignored = try await fetch("lines=1-2")
            #expect(ignored.status == .ok && ignored.body.readableBytes == 600_000)
        }
    }

    @Test("Ranges follow RFC 9110 §14: open ranges past the end and bytes=-0 are 416, huge last positions clip")
    func rangeEdges() async throws {
        try await TestAPI.run { api in
            let content = Array("seventeen bytes!!".utf8)
            let file = try await api.create("edges.txt", content: content)
            func fetch(_ range: String) async throws -> TestResponse {
                try await api.send(.get, APIPaths.content(file.id), headers: [.range: range])
            }
            for unsatisfiable in ["bytes=999999-", "bytes=17-", "bytes=-0", "bytes=99999999999999999999-"] {
                let response = try await fetch(unsatisfiable)
                #expect(response.status == .rangeNotSatisfiable, "\(unsatisfiable)")
                #expect(response.headers[.contentRange] == "bytes */17", "\(unsatisfiable)")
            }
            let huge = try await fetch("bytes=0-99999999999999999999")
            #expect(huge.status == .partialContent)
            #expect(huge.headers[.contentRange] == "bytes 0-16/17")
            #expect(Array(huge.body.readableBytesView) == content)
            let longSuffix = try await fetch("bytes=-1000")
            #expect(longSuffix.status == .partialContent)
            #expect(longSuffix.headers[.contentRange] == "bytes 0-16/17")
            let lastByte = try await fetch("BYTES=16-16")
            #expect(lastByte.status == .partialContent)
            #expect(Array(lastByte.body.readableBytesView) == [UInt8(ascii: "!")])
            for invalid in ["bytes=5-2", "bytes=a-b", "bytes=1-2,4-5", "bytes=-", "bytes=+1-2", "bytes"] {
                let response = try await fetch(invalid)
                #expect(response.status == .ok, "\(invalid)")
                #expect(Array(response.body.readableBytesView) == content, "\(invalid)")
            }
            let empty = try await api.create("empty.txt", content: [])
            let emptyRange = try await api.send(.get, APIPaths.content(empty.id), headers: [.range: "bytes=0-"])
            #expect(emptyRange.status == .rangeNotSatisfiable)
            #expect(emptyRange.headers[.contentRange] == "bytes */0")
        }
    }

    @Test("Older content versions are served until more than the kept count exist, then 410")
    func versions() async throws {
        try await TestAPI.run(keptVersions: 2) { api in
            var file = try await api.create("v.txt", content: [1])
            let first = file.contentVersion
            file = try api.decode(
                ModifyItemResponse.self,
                try await api.modify(file, fields: [.contents], content: [2])
            ).item
            let second = file.contentVersion
            let old = try await api.send(.get, "\(APIPaths.content(file.id))?version=\(first)")
            #expect(Array(old.body.readableBytesView) == [1])
            file = try api.decode(
                ModifyItemResponse.self,
                try await api.modify(file, fields: [.contents], content: [3])
            ).item
            let gone = try await api.send(.get, "\(APIPaths.content(file.id))?version=\(first)")
            #expect(try api.errorCode(gone) == .versionGone)
            let kept = try await api.send(.get, "\(APIPaths.content(file.id))?version=\(second)")
            #expect(Array(kept.body.readableBytesView) == [2])
            let current = try await api.send(.get, APIPaths.content(file.id))
            #expect(current.headers[.eTag] == file.entityTag)
            let folder = try await api.create("dir", kind: .folder)
            #expect(try api.errorCode(try await api.send(.get, APIPaths.content(folder.id))) == .invalidRequest)
            #expect(try api.errorCode(try await api.send(.get, APIPaths.content("missing"))) == .noSuchItem)
        }
    }

    @Test("Content changed on both sides: keepBoth makes numbered conflict copies, fail answers 412")
    func conflicts() async throws {
        try await TestAPI.run { api in
            let base = try await api.create("notes.txt", content: Array("base".utf8))
            let server = try api.decode(
                ModifyItemResponse.self,
                try await api.modify(base, fields: [.contents], content: Array("server".utf8))
            ).item

            let refused = try await api.modify(
                base,
                fields: [.contents],
                content: Array("mine".utf8),
                onConflict: .fail
            )
            #expect(try api.errorCode(refused) == .versionMismatch)
            #expect(try api.errorBody(refused).item == server)

            let kept = try api.decode(
                ModifyItemResponse.self,
                try await api.modify(base, fields: [.contents], content: Array("mine".utf8))
            )
            #expect(kept.item.contentVersion == server.contentVersion)
            let copy = try #require(kept.conflictCopy)
            #expect(copy.name == "notes (conflicted copy).txt" && copy.parent == base.parent)
            #expect(try await api.content(base.id) == Array("server".utf8))
            #expect(try await api.content(copy.id) == Array("mine".utf8))

            let second = try api.decode(
                ModifyItemResponse.self,
                try await api.modify(base, fields: [.contents], content: Array("again".utf8))
            )
            #expect(second.conflictCopy?.name == "notes (conflicted copy 2).txt")

            let same = try api.decode(
                ModifyItemResponse.self,
                try await api.modify(base, fields: [.contents], content: Array("server".utf8))
            )
            #expect(same.conflictCopy == nil)
        }
    }

    @Test("The quota counts uploads and kept content: 507 and nothing stored beyond it")
    func quota() async throws {
        try await TestAPI.run(quota: 1000, keptVersions: 1) { api in
            let file = try await api.create("a", content: Self.bytes(600, seed: 3))
            let refused = try await api.send(.post, APIPaths.uploads, body: ByteBuffer(bytes: Self.bytes(500, seed: 4)))
            #expect(try api.errorCode(refused) == .quotaExceeded)
            let fits = try await api.upload(Self.bytes(400, seed: 5))
            #expect(fits.size == 400)
            let replaced = try await api.send(
                .patch,
                APIPaths.item(file.id),
                json: ModifyItemRequest(item: file, fields: [.contents], upload: fits.upload),
                headers: [.ifMatch: file.entityTag]
            )
            #expect(replaced.status == .ok)
            #expect(try await api.upload(Self.bytes(600, seed: 6)).size == 600)
            let large = try await api.send(
                .post,
                APIPaths.uploads,
                body: ByteBuffer(bytes: Self.bytes(3 * 256 * 1024, seed: 7))
            )
            #expect(try api.errorCode(large) == .quotaExceeded)
        }
    }

    @Test("An upload that needs room removes older content versions first, never current content")
    func quotaEvictsOldVersions() async throws {
        try await TestAPI.run(quota: 1000) { api in
            var file = try await api.create("a", content: Self.bytes(400, seed: 8))
            let first = file.contentVersion
            let second = Self.bytes(400, seed: 9)
            file = try api.decode(
                ModifyItemResponse.self,
                try await api.modify(file, fields: [.contents], content: second)
            ).item
            let third = Self.bytes(400, seed: 10)
            file = try api.decode(
                ModifyItemResponse.self,
                try await api.modify(file, fields: [.contents], content: third)
            ).item
            let gone = try await api.send(.get, "\(APIPaths.content(file.id))?version=\(first)")
            #expect(try api.errorCode(gone) == .versionGone)
            #expect(try await api.content(file.id) == third)
            let refused = try await api.send(
                .post,
                APIPaths.uploads,
                body: ByteBuffer(bytes: Self.bytes(700, seed: 11))
            )
            #expect(try api.errorCode(refused) == .quotaExceeded)
            #expect(try await api.content(file.id) == third)
        }
    }

    @Test("An upload no change named is removed after an hour, and its bytes leave the quota")
    func staleUploads() async throws {
        try await TestAPI.run(quota: 1000, tokenLifetime: 10_000) { api in
            let stale = try await api.upload(Self.bytes(800, seed: 12)).upload
            api.clock.advance(by: 3601)
            let fresh = try await api.upload(Self.bytes(800, seed: 13))
            #expect(fresh.size == 800)
            let template = WireItem(
                id: "",
                parent: WireIdentifiers.root,
                name: "late",
                kind: .file,
                contentVersion: 0,
                metadataVersion: 0
            )
            let late = try await api.send(.post, APIPaths.items, json: CreateItemRequest(item: template, upload: stale))
            #expect(try api.errorCode(late) == .noSuchUpload)
        }
    }

    @Test("DELETE /v1/uploads/{id} discards an unused upload at once, releasing its quota; a used one stays")
    func discardUpload() async throws {
        try await TestAPI.run(quota: 1000) { api in
            let unused = try await api.upload(Self.bytes(800, seed: 14)).upload
            let full = try await api.send(.post, APIPaths.uploads, body: ByteBuffer(bytes: Self.bytes(800, seed: 15)))
            #expect(try api.errorCode(full) == .quotaExceeded)
            let before = try await api.state()
            let discarded = try await api.send(.delete, APIPaths.upload(unused))
            #expect(discarded.status == .noContent)
            #expect(try await api.state() == before)
            #expect(try await api.upload(Self.bytes(800, seed: 16)).size == 800)
            let again = try await api.send(.delete, APIPaths.upload(unused))
            #expect(try api.errorCode(again) == .noSuchUpload)
            let template = TestAPI.template("gone")
            let late = try await api.send(
                .post,
                APIPaths.items,
                json: CreateItemRequest(item: template, upload: unused)
            )
            #expect(try api.errorCode(late) == .noSuchUpload)
            let used = try await api.upload([9]).upload
            var kept = template
            kept.name = "kept"
            let file = try api.decode(
                WireItem.self,
                try await api.send(.post, APIPaths.items, json: CreateItemRequest(item: kept, upload: used)),
                status: .created
            )
            #expect(try api.errorCode(try await api.send(.delete, APIPaths.upload(used))) == .noSuchUpload)
            #expect(try await api.content(file.id) == [9])
            #expect(try api.errorCode(try await api.send(.delete, APIPaths.upload("nope"))) == .noSuchUpload)
        }
    }

    @Test("Malformed content and listing parameters are refused with exact codes")
    func malformedParameters() async throws {
        try await TestAPI.run { api in
            let file = try await api.create("p", content: [1, 2, 3])
            let version = try await api.send(.get, "\(APIPaths.content(file.id))?version=new")
            #expect(try api.errorCode(version) == .invalidRequest)
            let future = try await api.send(.get, "\(APIPaths.content(file.id))?version=99")
            #expect(try api.errorCode(future) == .versionGone)
            #expect(try api.errorCode(try await api.send(.get, "\(APIPaths.items)?limit=many")) == .invalidRequest)
            #expect(try api.errorCode(try await api.send(.get, "\(APIPaths.items)?cursor=garbage")) == .cursorExpired)
            let partial = try await api.send(.get, APIPaths.content(file.id), headers: [.range: "bytes=1-1"])
            #expect(partial.status == .partialContent && partial.headers[.eTag] == file.entityTag)
            #expect(Array(partial.body.readableBytesView) == [2])
        }
    }

    @Test("An upload is consumed by the change naming it")
    func uploadsAreConsumed() async throws {
        try await TestAPI.run { api in
            let upload = try await api.upload([1, 2, 3]).upload
            let template = WireItem(
                id: "",
                parent: WireIdentifiers.root,
                name: "x",
                kind: .file,
                contentVersion: 0,
                metadataVersion: 0
            )
            let created = try await api.send(
                .post,
                APIPaths.items,
                json: CreateItemRequest(item: template, upload: upload)
            )
            #expect(created.status == .created)
            var again = template
            again.name = "y"
            let reused = try await api.send(.post, APIPaths.items, json: CreateItemRequest(item: again, upload: upload))
            #expect(try api.errorCode(reused) == .noSuchUpload)
        }
    }
}
