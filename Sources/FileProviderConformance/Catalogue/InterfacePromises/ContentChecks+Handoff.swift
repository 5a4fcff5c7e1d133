import FileProviderKit
import Foundation

/// The CNT checks of promises the interface's doc comments make and no numbered rule restates — content handed over during the call (CNT-20, CNT-21, CNT-22, CNT-23).
extension ContentChecks {
    static let createdUploadedIsStored = ConformanceCheck(
        "CNT-20",
        .content,
        "a created file reported uploaded is served, with its bytes, by another instance at once",
        rule: "Provider contract (isUploaded)",
        clauses: ["API.11"],
        rationale: "The system evicts an uploaded file's local copy to free space; a provider that says uploaded while "
            + "its upload still waits in a queue loses the file when the queue does.",
        requires: [.writing, .freshInstances]
    ) { context in
        let bytes = context.largeContent(count: 70_000, salt: 20)
        let file = try await context.createFile(named: "uploaded.bin", contents: bytes)
        try await expectStored(context, file, bytes: bytes, after: "createItem")
    }

    static let modifiedUploadedIsStored = ConformanceCheck(
        "CNT-21",
        .content,
        "new content reported uploaded is served by another instance at once",
        rule: "Provider contract (isUploaded)",
        clauses: ["API.11"],
        rationale: "An edit reported uploaded may be evicted locally; if the server does not have it yet, the user's "
            + "edit is gone when the upload fails.",
        requires: [.writing, .freshInstances]
    ) { context in
        let file = try await context.createFile(named: "edited.bin", contents: Data("first".utf8))
        let bytes = context.largeContent(count: 70_001, salt: 21)
        let edited = try await context.write(bytes, to: file)
        try await expectStored(context, edited, bytes: bytes, after: "modifyItem")
    }

    static let creationReadsContentsInCall = ConformanceCheck(
        "CNT-22",
        .content,
        "createItem keeps the bytes of its contents file: changing the file afterwards changes nothing",
        rule: "Provider contract (content travels as files)",
        clauses: ["API.12"],
        rationale: "The system owns the contents file and reuses or deletes it once the call returns; a provider that "
            + "keeps the path and reads it later uploads whatever the file holds by then, or nothing.",
        requires: .writing
    ) { context in
        let bytes = context.largeContent(count: 20_000, salt: 22)
        let url = try context.file(containing: bytes)
        let template = context.template(
            named: "handed.bin",
            in: .rootContainer,
            contentType: .forFilename("handed.bin")
        )
        context.note("createItem(\"handed.bin\" in root, \(bytes.count) bytes from \(url.lastPathComponent))")
        let result = try await context.provider.createItem(
            basedOn: template,
            fields: [.filename, .parentItemIdentifier, .contents],
            contents: url,
            options: [],
            request: Request()
        )
        let created = try context.require(result?.item, "createItem(handed.bin) returned no item")
        try await expectUnaffected(context, ItemSnapshot(created), bytes: bytes, handedFile: url, by: "createItem")
    }

    static let modificationReadsContentsInCall = ConformanceCheck(
        "CNT-23",
        .content,
        "modifyItem keeps the bytes of its contents file: changing the file afterwards changes nothing",
        rule: "Provider contract (content travels as files)",
        clauses: ["API.12"],
        rationale: "A provider that records the contents file's path and uploads from it later sends the bytes of "
            + "whatever the system put there next — another file's content — or fails when the file is gone.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "rewritten.bin", contents: Data("before".utf8))
        let bytes = context.largeContent(count: 20_001, salt: 23)
        let url = try context.file(containing: bytes)
        context.note("modifyItem(\(file.itemIdentifier): contents, \(bytes.count) bytes from \(url.lastPathComponent))")
        let result = try await context.provider.modifyItem(
            file,
            baseVersion: file.itemVersion,
            changedFields: .contents,
            contents: url,
            options: [],
            request: Request()
        )
        let modified = try context.require(result?.item, "modifyItem(rewritten.bin) returned no item")
        try await expectUnaffected(context, ItemSnapshot(modified), bytes: bytes, handedFile: url, by: "modifyItem")
    }

    /// Records a finding unless another instance serves `item`, when it is reported uploaded, with
    /// `bytes` and the same content version.
    private static func expectStored(
        _ context: CheckContext,
        _ item: ItemSnapshot,
        bytes: Data,
        after call: String
    ) async throws {
        guard item.isUploaded else {
            context.remark("\(call) reported \(item.itemIdentifier) as not uploaded yet; nothing to verify")
            return
        }
        let other = try await context.openAnotherInstance()
        context.note("another instance: fetchContents(\(item.itemIdentifier))")
        let fetched: FetchedContents
        do {
            fetched = try await other.fetchContents(for: item.itemIdentifier, version: nil, request: Request())
        } catch let error as FileProviderError {
            context.fail(
                "\(call) reported \(item.itemIdentifier) uploaded, but another instance cannot fetch it",
                expected: "\(bytes.count) bytes",
                actual: "\(error.code)"
            )
            return
        }
        defer { ContentFile.remove(fetched.url) }
        let served = try Data(contentsOf: fetched.url)
        context.expect(
            served == bytes,
            "\(call) reported \(item.itemIdentifier) uploaded, but another instance serves other bytes",
            expected: "\(bytes.count) bytes",
            actual: "\(served.count) bytes"
        )
        context.expectEqual(
            ItemSnapshot(fetched.item).itemVersion.contentVersion,
            item.itemVersion.contentVersion,
            "another instance serves another content version than \(call) returned"
        )
    }

    /// Overwrites `handedFile` in place, then deletes it, and records a finding unless `item`'s
    /// content is still `bytes` after each.
    private static func expectUnaffected(
        _ context: CheckContext,
        _ item: ItemSnapshot,
        bytes: Data,
        handedFile: URL,
        by call: String
    ) async throws {
        context.note("overwrite the contents file handed to \(call) in place")
        let handle = try FileHandle(forWritingTo: handedFile)
        try handle.write(contentsOf: Data(repeating: 0x5A, count: bytes.count / 2))
        try handle.truncate(atOffset: UInt64(bytes.count / 2))
        try handle.close()
        let (afterOverwrite, _) = try await context.fetch(item.itemIdentifier)
        context.expect(
            afterOverwrite == bytes,
            "overwriting the contents file after \(call) returned changed the item's content",
            expected: "the \(bytes.count) bytes handed over",
            actual: "\(afterOverwrite.count) bytes"
        )
        context.note("delete the contents file handed to \(call)")
        try FileManager.default.removeItem(at: handedFile)
        let (afterDeletion, _) = try await context.fetch(item.itemIdentifier)
        context.expect(
            afterDeletion == bytes,
            "deleting the contents file after \(call) returned changed the item's content",
            expected: "the \(bytes.count) bytes handed over",
            actual: "\(afterDeletion.count) bytes"
        )
    }
}
