import FileProviderKit
import Foundation
import LocalFolderProvider
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The contents file a caller hands in is the caller's: read through symbolic links, and only a
/// regular file is content. What lands in the root is always a regular file of its own.
@Suite("Contents files")
struct ContentSourceTests {
    let subject: ProviderUnderTest

    init() throws {
        subject = try ProviderUnderTest()
        try Data("outside".utf8).write(to: target)
    }
    /// The caller's file the links point to, beside the root.
    var target: URL { subject.folders.base.appendingPathComponent("target.txt") }

    /// A symbolic link to `target`, outside the root.
    func linkToTarget() throws -> URL {
        let link = subject.folders.base.appendingPathComponent("link-\(UUID().uuidString)")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        return link
    }

    func template(_ name: String) -> ItemSnapshot {
        ItemSnapshot(itemIdentifier: "t", parentItemIdentifier: .rootContainer, filename: name, contentType: .plainText)
    }

    @Test("a contents file that is a symbolic link stores a copy of its target's bytes")
    func symbolicLinkContents() async throws {
        let created = try #require(
            try await subject.provider.createItem(
                basedOn: template("copied.txt"),
                fields: [.filename, .contents],
                contents: try linkToTarget(),
                options: [],
                request: Request()
            )
        )
        let location = try await subject.provider.location(of: created.item.itemIdentifier)
        let onDisk = try FileManager.default.attributesOfItem(atPath: location.path)
        #expect(onDisk[.type] as? FileAttributeType == .typeRegular)
        #expect(try await subject.provider.text(of: created.item.itemIdentifier) == "outside")

        try Data("new outside".utf8).write(to: target)
        let modified = try await subject.provider.write(ItemSnapshot(created.item), contents: try linkToTarget())
        let after = try FileManager.default.attributesOfItem(atPath: location.path)
        #expect(after[.type] as? FileAttributeType == .typeRegular)
        #expect(try await subject.provider.text(of: modified.item.itemIdentifier) == "new outside")
        // The stored file is a copy: changing the target later changes nothing in the root.
        try Data("changed later".utf8).write(to: target)
        #expect(try await subject.provider.text(of: modified.item.itemIdentifier) == "new outside")
    }

    @Test("a folder, a dangling link or a pipe as contents fails with the file-read codes, changing nothing")
    func unreadableContents() async throws {
        let file = try await subject.provider.create("file.txt", text: "kept")
        let folder = subject.folders.base.appendingPathComponent("a-folder", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let dangling = subject.folders.base.appendingPathComponent("dangling")
        try FileManager.default.createSymbolicLink(
            at: dangling,
            withDestinationURL: subject.folders.base.appendingPathComponent("nowhere")
        )
        let pipe = subject.folders.base.appendingPathComponent("pipe")
        #expect(mkfifo(pipe.path, 0o644) == 0)
        let cases: [(URL, FileProviderError.Code)] = [
            (folder, .fileReadUnknown), (subject.folders.root, .fileReadUnknown), (dangling, .fileReadNoSuchFile),
            (pipe, .fileReadUnknown), (subject.folders.base.appendingPathComponent("missing"), .fileReadNoSuchFile),
        ]
        let before = try await subject.provider.workingSet()
        for (url, code) in cases {
            let create = await errorCode {
                try await subject.provider.createItem(
                    basedOn: template("new.txt"),
                    fields: [.filename, .contents],
                    contents: url,
                    options: [],
                    request: Request()
                )
            }
            #expect(create == code, "create from \(url.lastPathComponent)")
            let modify = await errorCode { try await subject.provider.write(file, contents: url) }
            #expect(modify == code, "modify from \(url.lastPathComponent)")
        }
        #expect(try await subject.provider.workingSet() == before)
        #expect(try await subject.provider.text(of: file.itemIdentifier) == "kept")
        #expect(try FileManager.default.contentsOfDirectory(atPath: subject.folders.root.path) == ["file.txt"])
    }
}
