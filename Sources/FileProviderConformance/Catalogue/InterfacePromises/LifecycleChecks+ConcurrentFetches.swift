import FileProviderKit
import Foundation

/// The LIFE checks of promises the interface's doc comments make and no numbered rule restates — fetches racing writes (LIFE-61, LIFE-66, LIFE-67).
extension LifecycleChecks {
    static let concurrentFetches = ConformanceCheck(
        "LIFE-61",
        .lifecycle,
        "fetches racing a write each hand their caller its own file, holding the bytes of the version returned",
        rule: "Rule 16 (calls), the fetch's promise",
        clauses: ["API.13", "API.2"],
        rationale: "The system fetches one item from several processes while the user saves it; a provider that "
            + "hands two callers one cached file, or rewrites a file it handed out, corrupts the copy one of them "
            + "is reading.",
        requires: .writing
    ) { context in
        let old = context.largeContent(count: 300_000, salt: 71)
        let new = context.largeContent(count: 200_000, salt: 72)
        let file = try await context.createFile(named: "shared.bin", contents: old)
        context.note("fetchContents(\(file.itemIdentifier)), keeping the file")
        let kept = try await context.provider.fetchContents(for: file.itemIdentifier, version: nil, request: Request())
        let (first, firstItem) = (kept.url, ItemSnapshot(kept.item))
        let written = try await context.write(new, to: file)
        context.note("fetch \(file.itemIdentifier) four times at once, alongside a write of the old bytes back")
        let fetched = try await withThrowingTaskGroup(of: (URL, ItemSnapshot)?.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let result = try await context.provider.fetchContents(
                        for: file.itemIdentifier,
                        version: nil,
                        request: Request()
                    )
                    return (result.url, ItemSnapshot(result.item))
                }
            }
            group.addTask {
                _ = try await context.modify(written, fields: .contents, contents: old, description: "write old bytes")
                return nil
            }
            return try await group.reduce(into: [(URL, ItemSnapshot)]()) { if let result = $1 { $0.append(result) } }
        }
        let all = [(first, firstItem)] + fetched
        defer { for (url, _) in all { ContentFile.remove(url) } }
        let urls = all.map(\.0.standardizedFileURL.path)
        context.expect(
            Set(urls).count == urls.count,
            "two fetches of one item handed out the same file",
            expected: "\(urls.count) different files",
            actual: "\(Set(urls).count) different files"
        )
        for (url, item) in all {
            let bytes = (try? Data(contentsOf: url)) ?? Data()
            // Only the write's version holds the new bytes: the first and the last hold the old ones.
            let expected = item.itemVersion.contentVersion == written.itemVersion.contentVersion ? new : old
            context.expect(
                bytes == expected,
                "a fetched file does not hold, once every call ended, the bytes of the version its fetch returned",
                expected: "\(expected.count) bytes of version \(item.itemVersion)",
                actual: "\(bytes.count) bytes\(bytes == old || bytes == new ? ", the other version's" : "")"
            )
        }
    }

    static let simultaneousFetchesThenWrite = ConformanceCheck(
        "LIFE-66",
        .lifecycle,
        "three fetches of one item at once hand out three files, which keep their bytes through a removal of one "
            + "and two writes",
        rule: "Rule 16 (calls), the fetch's promise",
        clauses: ["API.13", "API.2"],
        rationale: "Several processes open one document at once; a provider that serves them one cached file, or "
            + "writes new versions into the file it handed out, shows each the others' removals and edits.",
        requires: .writing
    ) { context in
        let old = context.largeContent(count: 100_000, salt: 81)
        let file = try await context.createFile(named: "opened.bin", contents: old)
        context.note("fetch \(file.itemIdentifier) three times at once")
        let urls = try await withThrowingTaskGroup(of: URL.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    try await context.provider.fetchContents(for: file.itemIdentifier, version: nil, request: Request())
                        .url
                }
            }
            return try await group.reduce(into: [URL]()) { $0.append($1) }
        }
        defer { for url in urls { ContentFile.remove(url) } }
        let paths = urls.map(\.standardizedFileURL.path)
        context.expect(
            Set(paths).count == paths.count,
            "fetches of one item at once handed out the same file",
            expected: "\(paths.count) different files",
            actual: "\(Set(paths).count) different files"
        )
        context.note("remove the first fetched file, then write the item twice")
        ContentFile.remove(urls[0])
        var current = try await context.write(Data("second".utf8), to: file)
        current = try await context.write(context.largeContent(count: 50_000, salt: 82), to: current)
        for url in urls.dropFirst() {
            let bytes = (try? Data(contentsOf: url)) ?? Data()
            context.expect(
                bytes == old,
                "a fetched file changed after another caller's file was removed and the item was written",
                expected: "the \(old.count) bytes fetched",
                actual: "\(bytes.count) bytes"
            )
        }
        let (latest, _) = try await context.fetch(current.itemIdentifier)
        context.expect(latest.count == 50_000, "a fetch after the writes does not return the latest bytes")
    }

    static let fetchesRacingWritesAreNeverTorn = ConformanceCheck(
        "LIFE-67",
        .lifecycle,
        "in 64 rounds, a fetch made while the item is written again and again hands out exactly the bytes of the "
            + "version it returns, never a mix of two",
        rule: "Rule 16 (calls), the fetch's promise",
        clauses: ["API.13", "API.1"],
        rationale: "A provider that downloads in several range requests without pinning the version, or copies a "
            + "file the store rewrites in place, mixes the old and the new bytes when a write lands between two of its "
            + "reads; writes that keep coming for as long as the fetch runs find that moment.",
        requires: .writing
    ) { context in
        // Writes of growing sizes take longer and longer to land, so that over the rounds they land at
        // every moment of a fetch, whatever it does first.
        let sizes = [1_024, 8_192, 32_768, 65_536, 98_304, 131_072, 196_608, 262_144, 393_216, 524_288]
        var salt: UInt64 = 670
        var bytes = context.largeContent(count: 262_144, salt: salt)
        var current = try await context.createFile(named: "raced.bin", contents: bytes)
        var findings = 0
        context.note("64 rounds: fetchContents(\(current.itemIdentifier)) while up to 8 writes of it follow each other")
        for round in 1...64 where findings < 3 {
            let (base, baseBytes, firstSalt) = (current, bytes, salt)
            let fetchEnded = LockedValue(false)
            @Sendable func fetch() async throws -> FetchedContents {
                defer { fetchEnded.withLock { $0 = true } }
                return try await context.provider.fetchContents(
                    for: base.itemIdentifier,
                    version: nil,
                    request: Request()
                )
            }
            @Sendable func writeUntilTheFetchEnds() async throws -> [(item: ItemSnapshot, bytes: Data)] {
                var written: [(item: ItemSnapshot, bytes: Data)] = []
                var latest = base
                repeat {
                    let next = context.largeContent(
                        count: sizes[(round + written.count) % sizes.count],
                        salt: firstSalt + UInt64(written.count) + 1
                    )
                    let result = try await context.provider.modifyItem(
                        latest,
                        baseVersion: latest.itemVersion,
                        changedFields: .contents,
                        contents: try context.file(containing: next),
                        options: [],
                        request: Request()
                    )
                    let stored = try context.require(result?.item, "round \(round): a write returned no item")
                    latest = ItemSnapshot(stored)
                    written.append((latest, next))
                } while !fetchEnded.withLock({ $0 }) && written.count < 8
                return written
            }
            async let fetching = fetch()
            async let writing = writeUntilTheFetchEnds()
            let (fetched, written) = try await (fetching, writing)
            defer { ContentFile.remove(fetched.url) }
            let versions = [(base, baseBytes)] + written
            let got = (try? Data(contentsOf: fetched.url)) ?? Data()
            let returned = fetched.item.itemVersion.contentVersion
            let expected = versions.first { $0.item.itemVersion.contentVersion == returned }?.bytes
            if got != expected {
                findings += 1
                context.fail(
                    "round \(round): the fetched file does not hold the bytes of the version the fetch returned, "
                        + "\(written.count) writes racing it",
                    expected: expected.map { "the \($0.count) bytes of version \(fetched.item.itemVersion)" }
                        ?? "the version before the writes or one they made",
                    actual: versions.contains { $0.bytes == got }
                        ? "another version's \(got.count) bytes"
                        : "\(got.count) bytes that are no version's (torn)"
                )
            }
            salt += UInt64(written.count)
            (current, bytes) = versions[versions.count - 1]
        }
    }
}
