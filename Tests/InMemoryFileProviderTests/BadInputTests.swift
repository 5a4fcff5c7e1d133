import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("bad input: a specific error and no change of state")
struct BadInputTests {
    static let invalidNames = [
        "", ".", "..", "a/b", "a\u{0}b", String(repeating: "x", count: 256), String(repeating: "é", count: 128),
    ]

    @Test("invalid filenames are refused on create", arguments: invalidNames)
    func invalidNameOnCreate(name: String) async throws {
        let fixture = try Fixture()
        try await fixture.createFile("existing")
        await fixture.expectError(.invalidFilename) { try await fixture.createFile(name) }
    }

    @Test("invalid filenames are refused on rename", arguments: invalidNames)
    func invalidNameOnRename(name: String) async throws {
        let fixture = try Fixture()
        let file = try await fixture.createFile("existing")
        await fixture.expectError(.invalidFilename) {
            try await fixture.modify(file, fields: .filename) { $0.filename = name }
        }
    }

    @Test("a missing, non-directory or reserved parent is noSuchItem")
    func badParents() async throws {
        let fixture = try Fixture()
        let file = try await fixture.createFile("file")
        for parent in [ItemIdentifier("unknown"), file.itemIdentifier, .workingSet] {
            await fixture.expectError(.noSuchItem) { try await fixture.createFile("new", in: parent) }
        }
        let noTrash = try Fixture(supportsTrash: false)
        await noTrash.expectError(.featureUnsupported) { try await noTrash.createFile("new", in: .trashContainer) }
    }

    @Test("missing and unreadable content files (a folder, a pipe, a dangling link) are refused on create and modify")
    func badContentURLs() async throws {
        let fixture = try Fixture()
        let file = try await fixture.createFile("file")
        let missing = fixture.files.url.appendingPathComponent("missing")
        let pipe = fixture.files.url.appendingPathComponent("pipe")
        #expect(mkfifo(pipe.path, 0o644) == 0)
        let dangling = fixture.files.url.appendingPathComponent("dangling")
        try FileManager.default.createSymbolicLink(at: dangling, withDestinationURL: missing)
        let template = ItemSnapshot(
            itemIdentifier: "t",
            parentItemIdentifier: .rootContainer,
            filename: "new",
            contentType: .plainText
        )
        for (url, code) in [
            (missing, FileProviderError.Code.fileReadNoSuchFile), (fixture.files.url, .fileReadUnknown),
            (pipe, .fileReadUnknown), (dangling, .fileReadNoSuchFile),
        ] {
            await fixture.expectError(code) {
                _ = try await fixture.provider.createItem(
                    basedOn: template,
                    fields: [],
                    contents: url,
                    options: [],
                    request: Request()
                )
            }
            await fixture.expectError(code) {
                _ = try await fixture.provider.modifyItem(
                    file,
                    baseVersion: file.itemVersion,
                    changedFields: .contents,
                    contents: url,
                    options: [],
                    request: Request()
                )
            }
        }
    }

    @Test("content for a folder, and a symbolic link without target, are invalid arguments")
    func badKinds() async throws {
        let fixture = try Fixture()
        let folder = ItemSnapshot(
            itemIdentifier: "t",
            parentItemIdentifier: .rootContainer,
            filename: "folder",
            contentType: .folder
        )
        let link = ItemSnapshot(
            itemIdentifier: "t",
            parentItemIdentifier: .rootContainer,
            filename: "link",
            contentType: .symbolicLink
        )
        let url = try fixture.files.write("bytes")
        await fixture.expectError(.invalidArgument) {
            _ = try await fixture.provider.createItem(
                basedOn: folder,
                fields: [],
                contents: url,
                options: [],
                request: Request()
            )
        }
        await fixture.expectError(.invalidArgument) {
            _ = try await fixture.provider.createItem(
                basedOn: link,
                fields: [],
                contents: nil,
                options: [],
                request: Request()
            )
        }
    }

    @Test("a misbehaving identifier generator fails the creation and changes nothing")
    func badGenerator() async throws {
        let store = InMemoryStore(
            domain: Domain(identifier: try DomainIdentifier("d"), displayName: "D"),
            configuration: InMemoryStoreConfiguration(identifierGenerator: { _ in "same" })
        )
        try store.remote.createFolder(named: "one")
        let before = store.snapshot()
        #expect(throws: FileProviderError.self) { try store.remote.createFolder(named: "two") }
        #expect(store.snapshot() == before)
    }

    @Test("a cancelled task throws CancellationError and changes nothing")
    func cancellation() async throws {
        let fixture = try Fixture()
        let before = fixture.store.snapshot()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await fixture.createFile("never")
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(fixture.store.snapshot() == before)
    }
}
