import FileProviderKit
import Foundation
import Testing

@Suite("Handing out Data as a content file")
struct FetchedContentsTests {
    let item = ItemSnapshot(
        itemIdentifier: "a",
        parentItemIdentifier: .rootContainer,
        filename: "a.txt",
        contentType: .plainText
    )

    @Test func everyCallWritesANewFileTheCallerOwns() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "FetchedContentsTests-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try FetchedContents(data: Data("hello".utf8), item: item, in: directory)
        let second = try FetchedContents(data: Data("hello".utf8), item: item, in: directory)
        #expect(first.url != second.url)
        #expect(first.url.deletingLastPathComponent().path == directory.path)
        #expect(try Data(contentsOf: first.url) == Data("hello".utf8))
        #expect(first.item.itemIdentifier == "a")
        let permissions = try FileManager.default.attributesOfItem(atPath: first.url.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        // The caller owns it: moving it away leaves the other file untouched.
        try FileManager.default.removeItem(at: first.url)
        #expect(try Data(contentsOf: second.url) == Data("hello".utf8))
    }

    @Test func emptyDataMakesAnEmptyFile() throws {
        let contents = try FetchedContents(data: Data(), item: item)
        defer { try? FileManager.default.removeItem(at: contents.url) }
        #expect(try Data(contentsOf: contents.url).isEmpty)
    }

    @Test func aFolderThatCannotTakeTheFileFailsNamingTheItem() {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString)")
        #expect {
            try FetchedContents(data: Data("x".utf8), item: item, in: missing)
        } throws: { error in
            guard let error = error as? FileProviderError else { return false }
            return error.code == .cannotSynchronize && error.itemIdentifier == "a"
                && (error.underlyingError as? POSIXError)?.code == .ENOENT
        }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: missing.path)) == nil)
    }
}
