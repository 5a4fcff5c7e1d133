import FileProviderKit
import Foundation

/// The CNT checks of promises the interface's doc comments make and no numbered rule restates —
/// files held from several fetches of one version are separate files (CNT-26).
extension ContentChecks {
    /// A file held from one fetch: how it was fetched, where, and the range of the content it holds
    /// at its own offsets.
    private struct HeldFile {
        let call: String
        let url: URL
        let range: Range<Int64>
    }

    /// The file's identity on its volume (device and inode number), or `nil` when the file system
    /// does not give one.
    private static func fileIdentity(_ url: URL) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let inode = attributes[.systemFileNumber],
            let device = attributes[.systemNumber]
        else { return nil }
        return "\(device):\(inode)"
    }

    /// Overwrites `range` of the file at `url` in place with `fill`: opened for writing, neither
    /// truncated nor replaced, as an editor that saves in place does.
    private static func overwriteInPlace(_ url: URL, _ range: Range<Int64>, with fill: UInt8) throws {
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(range.lowerBound))
        try handle.write(contentsOf: Data(repeating: fill, count: range.count))
    }

    /// Fetches `file` with `fetchContents` twice, once naming its version, and with
    /// `fetchPartialContents` where adopted, keeping every file.
    private static func fetchSeveralTimes(
        _ context: CheckContext,
        _ file: ItemSnapshot,
        size: Int64
    ) async throws
        -> [HeldFile]
    {
        var held: [HeldFile] = []
        for (call, version) in [
            ("the first fetch", nil), ("the second fetch", nil), ("the fetch naming the version", file.itemVersion),
        ] {
            context.note("fetchContents(\(file.itemIdentifier)), \(call), keeping the file")
            let fetched = try await context.provider.fetchContents(
                for: file.itemIdentifier,
                version: version,
                request: Request()
            )
            held.append(HeldFile(call: call, url: fetched.url, range: 0..<size))
        }
        if let fetcher = context.provider as? any PartialContentFetching {
            for (call, range) in [
                ("a partial fetch of the whole file", 0..<size), ("a partial fetch of a part", 1..<3),
            ] {
                context.note("fetchPartialContents(\(file.itemIdentifier), \(range)), keeping the file")
                let fetched = try await fetcher.fetchPartialContents(
                    for: file.itemIdentifier,
                    version: file.itemVersion,
                    request: Request(),
                    minimalRange: range,
                    aligningTo: 1,
                    options: []
                )
                held.append(HeldFile(call: call, url: fetched.url, range: range))
            }
        }
        return held
    }

    static let fetchedFilesAreSeparate = ConformanceCheck(
        "CNT-26",
        .content,
        "files held from two fetches, a fetch naming the version and partial fetches of one file are separate "
            + "files: overwriting one in place changes none of the others nor a later fetch",
        rule: "Provider contract (content travels as files)",
        clauses: ["API.2", "API.13"],
        rationale: "A provider that hands out hard links to its cache (cheap, and every URL differs) lets an editor "
            + "that saves in place write into every other copy and into the cache itself: another app's open "
            + "document changes under it, and the next fetch serves the unsaved edit as the server's content.",
        requires: .writing
    ) { context in
        let original = Data("original bytes of a file fetched several times".utf8)
        let file = try await context.createFile(named: "fetched-often.txt", contents: original)
        let size = Int64(original.count)
        let held = try await fetchSeveralTimes(context, file, size: size)
        defer { for file in held { ContentFile.remove(file.url) } }
        var owners: [String: String] = [:]
        for file in held {
            guard let identity = fileIdentity(file.url) else { continue }
            if let other = owners[identity] {
                context.fail(
                    "\(file.call) handed out the same file as \(other) (one inode, two names: a hard link)",
                    clauses: ["API.2"],
                    expected: "a file of its own",
                    actual: "device and inode \(identity), as \(other)"
                )
            }
            owners[identity] = file.call
        }
        let fills = held.indices.map { UInt8(ascii: "A") + UInt8($0) }
        for (index, written) in held.enumerated() {
            context.note("overwrite the file of \(written.call) in place")
            try overwriteInPlace(written.url, written.range, with: fills[index])
            for (otherIndex, other) in held.enumerated() where otherIndex != index {
                let (bytes, _) = try ContentFile.read(other.url, in: other.range)
                let expected =
                    otherIndex < index
                    ? Data(repeating: fills[otherIndex], count: other.range.count)
                    : original.subdata(in: Int(other.range.lowerBound)..<Int(other.range.upperBound))
                context.expect(
                    bytes == expected,
                    "overwriting the file of \(written.call) in place changed the file of \(other.call)",
                    clauses: ["API.2"],
                    expected: FindingValue.describe(expected),
                    actual: FindingValue.describe(bytes)
                )
            }
        }
        let (fresh, item) = try await context.fetch(file.itemIdentifier)
        context.expect(
            fresh == original,
            "a fetch after the caller overwrote every fetched file in place returned other bytes",
            clauses: ["API.2"],
            expected: FindingValue.describe(original),
            actual: FindingValue.describe(fresh)
        )
        context.expectEqual(item.itemVersion, file.itemVersion, "writes into fetched files changed the item's version")
    }
}
