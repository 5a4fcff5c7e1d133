import FileProviderKit
import Foundation

/// The CNT checks of promises the interface's doc comments make and no numbered rule restates — each fetch hands out the caller's own file (CNT-13, CNT-14).
extension ContentChecks {
    /// Fetches `identifier` and returns the file's URL, which the caller now owns, and its bytes.
    private static func fetchKeeping(_ context: CheckContext, _ identifier: ItemIdentifier) async throws -> (URL, Data)
    {
        context.note("fetchContents(\(identifier)), keeping the file")
        let fetched = try await context.provider.fetchContents(for: identifier, version: nil, request: Request())
        return (fetched.url, try Data(contentsOf: fetched.url))
    }

    /// Overwrites the file at `url` in place, as an app editing the fetched file does, or replaces
    /// it when it cannot be opened for writing.
    private static func scribble(_ data: Data, into url: URL) throws {
        if let handle = try? FileHandle(forWritingTo: url) {
            defer { try? handle.close() }
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: data)
        } else {
            try? FileManager.default.removeItem(at: url)
            try data.write(to: url)
        }
    }

    /// A file to fetch: a new one holding `contents` when the subject writes, else the first file
    /// a read-only subject serves.
    private static func someFile(_ context: CheckContext, contents: Data) async throws -> ItemSnapshot {
        if context.capabilities.contains(.writing) {
            return try await context.createFile(named: "own.txt", contents: contents)
        }
        return try context.require(
            try await context.tree().first { !$0.contentType.isDirectory && !$0.contentType.isSymbolicLink },
            "a read-only subject must serve at least one file"
        )
    }

    static let callerWritesStayInOwnFile = ConformanceCheck(
        "CNT-13",
        .content,
        "what the caller writes into a fetched file reaches neither the next fetch nor its file, and 24 fetched "
            + "files held at once each keep their bytes",
        rule: "Provider contract (content travels as files)",
        clauses: ["API.10", "API.2"],
        rationale: "The system hands the fetched file to the user, who edits it; a provider that hands out its "
            + "cached file serves those unsaved edits as the server's content, and the next fetch overwrites them."
    ) { context in
        let file = try await someFile(context, contents: Data("pristine".utf8))
        let (firstURL, original) = try await fetchKeeping(context, file.itemIdentifier)
        defer { ContentFile.remove(firstURL) }
        let edit = Data("the caller's own edit".utf8)
        context.note("write \(edit.count) bytes into the fetched file")
        try scribble(edit, into: firstURL)
        let (secondURL, second) = try await fetchKeeping(context, file.itemIdentifier)
        defer { if secondURL.standardizedFileURL != firstURL.standardizedFileURL { ContentFile.remove(secondURL) } }
        context.expect(
            secondURL.standardizedFileURL != firstURL.standardizedFileURL,
            "two fetches handed out the same file",
            expected: "two URLs",
            actual: secondURL.path
        )
        context.expectEqual(second, original, "a fetch after the caller wrote into the first file returned other bytes")
        context.expectEqual(try Data(contentsOf: firstURL), edit, "the second fetch changed the first fetched file")
        try await expectHeldFetchesKept(context, file.itemIdentifier, holding: original)
    }

    /// How many fetched files CNT-13 holds at once: more than a provider's small ring of cached
    /// files, which recycles the oldest file while its caller still reads it.
    static let heldFetchCount = 24

    /// Fetches `file` ``heldFetchCount`` times keeping every file, then records a finding for each
    /// file that is gone, holds other bytes than `content`, or shares its URL with another.
    private static func expectHeldFetchesKept(
        _ context: CheckContext,
        _ file: ItemIdentifier,
        holding content: Data
    ) async throws {
        var held: [URL] = []
        defer { for url in held { ContentFile.remove(url) } }
        for _ in 0..<heldFetchCount { held.append(try await fetchKeeping(context, file).0) }
        let distinct = Set(held.map(\.standardizedFileURL))
        context.expectEqual(distinct.count, held.count, "fetches held at once shared files")
        for (index, url) in held.enumerated() {
            let data = try? Data(contentsOf: url)
            context.expect(
                data == content,
                "fetch \(index + 1) of \(heldFetchCount) held at once lost its file or its bytes before the caller "
                    + "let go of it",
                expected: "\(content.count) bytes at \(url.path)",
                actual: data.map { "\($0.count) bytes" } ?? "no file"
            )
        }
    }

    static let contentWritesLeaveFetchedFile = ConformanceCheck(
        "CNT-14",
        .content,
        "a content write after a fetch leaves the fetched file as it was and reaches a new file",
        rule: "Provider contract (content travels as files)",
        clauses: ["API.10", "R10.1"],
        rationale: "The system may still be reading a fetched file when a new version arrives; a provider that "
            + "writes the new bytes into the file it handed out tears the user's copy between two versions.",
        requires: .writing
    ) { context in
        let old = Data("first version".utf8)
        let file = try await context.createFile(named: "versioned.txt", contents: old)
        let (firstURL, first) = try await fetchKeeping(context, file.itemIdentifier)
        defer { ContentFile.remove(firstURL) }
        context.expectEqual(first, old, "the first fetch returned other bytes")
        let new = Data("second version, longer".utf8)
        _ = try await context.write(new, to: file)
        let (secondURL, second) = try await fetchKeeping(context, file.itemIdentifier)
        defer { if secondURL.standardizedFileURL != firstURL.standardizedFileURL { ContentFile.remove(secondURL) } }
        context.expectEqual(second, new, "the fetch after a content write returned other bytes")
        context.expect(
            secondURL.standardizedFileURL != firstURL.standardizedFileURL,
            "the fetch after a content write handed out the first fetch's file",
            expected: "a new file",
            actual: secondURL.path
        )
        context.expectEqual(try Data(contentsOf: firstURL), old, "the content write changed the first fetched file")
    }
}
