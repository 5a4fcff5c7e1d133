import FileProviderKit
import Foundation

/// Checks of content fetching (`CNT-…`).
enum ContentChecks {
    static let all: [ConformanceCheck] =
        [
            byteExact, fetchFolder, fetchUnknown, callerOwnsFile, partialRanges, partialStrictVersion,
            partialUndeclared,
        ] + clauseChecks + ownFileChecks + handoffChecks

    static let byteExact = ConformanceCheck(
        "CNT-01",
        .content,
        "fetched content is byte-for-byte what was written, for sizes around block boundaries",
        rule: "Rule 13 (no bytes lost)",
        clauses: ["API.1"],
        rationale: "Off-by-one buffering bugs show only at chunk boundaries and on empty files.",
        requires: .writing,
        tier: .smoke
    ) { context in
        for size in [0, 1, 4_095, 4_096, 4_097, 65_537, 1_048_576] {
            let bytes = Data(
                context.random { generator in (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) } }
            )
            let file = try await context.createFile(named: "size-\(size).bin", contents: bytes)
            let (fetched, _) = try await context.fetch(file.itemIdentifier)
            context.expect(
                fetched == bytes,
                "a \(size)-byte file came back different",
                actual: "\(fetched.count) bytes"
            )
        }
    }

    static let fetchFolder = ConformanceCheck(
        "CNT-02",
        .content,
        "fetching a folder's content fails with a clear error",
        rule: "Rule 16 (errors)",
        clauses: ["API.4"],
        rationale: "A folder has no content file; returning one makes the system write garbage over a directory."
    ) { context in
        let folder: ItemSnapshot
        if context.capabilities.contains(.writing) {
            folder = try await context.createFolder(named: "NoContent")
        } else {
            folder = try await context.item(.rootContainer)
        }
        await context.expectError(
            [.invalidArgument, .featureUnsupported],
            "fetchContents of the folder \(folder.itemIdentifier)"
        ) {
            try await context.fetch(folder.itemIdentifier)
        }
    }

    static let fetchUnknown = ConformanceCheck(
        "CNT-03",
        .content,
        "fetching an unknown item fails with noSuchItem",
        rule: "Rule 16 (errors)",
        clauses: ["R16.2"],
        rationale: "noSuchItem makes the system drop its placeholder; any other error leaves it retrying.",
        tier: .smoke
    ) { context in
        await context.expectError(.noSuchItem, "fetchContents of an identifier never assigned") {
            try await context.fetch(ItemIdentifier("no-content-\(context.seed)"))
        }
    }

    static let callerOwnsFile = ConformanceCheck(
        "CNT-04",
        .content,
        "the fetched file belongs to the caller: deleting it does not affect later fetches",
        rule: "Provider contract (content travels as files)",
        clauses: ["API.2"],
        rationale: "The system moves the returned file into place; a provider that keeps using it corrupts the "
            + "next fetch or the user's copy."
    ) { context in
        let file: ItemSnapshot
        if context.capabilities.contains(.writing) {
            file = try await context.createFile(named: "owned.txt", contents: Data("mine".utf8))
        } else {
            file = try context.require(
                try await context.tree().first { !$0.contentType.isDirectory && !$0.contentType.isSymbolicLink },
                "a read-only subject must serve at least one file"
            )
        }
        let first = try await context.fetch(file.itemIdentifier)
        let second = try await context.fetch(file.itemIdentifier)
        context.expectEqual(second.0, first.0, "a second fetch after the first file was deleted differs")
        context.expectEqual(second.1.itemVersion, first.1.itemVersion, "fetching changed the item's version")
    }

    static let partialRanges = ConformanceCheck(
        "CNT-05",
        .content,
        "partial fetches cover the requested range, aligned, with the right bytes at their own offsets",
        rule: "PartialContentFetching contract",
        clauses: ["API.5"],
        rationale: "A misaligned or short range makes the system read holes as zeros: silent corruption. The "
            + "system reads the range at its own offset in the returned file; bytes written from offset 0 are "
            + "read as another part of the file.",
        requires: [.writing, .partialContent]
    ) { context in
        let fetcher = try context.require(
            context.provider as? any PartialContentFetching,
            "the provider does not adopt PartialContentFetching"
        )
        let bytes = Data((0..<10_000).map { UInt8($0 % 251) })
        let file = try await context.createFile(named: "ranged.bin", contents: bytes)
        let cases: [(Range<Int64>, Int)] = [
            (0..<1, 4_096), (100..<200, 4_096), (4_095..<4_097, 4_096), (9_000..<10_000, 4_096), (10..<20, 1),
        ]
        for (range, alignment) in cases {
            try await context.expectPartialFetch(fetcher, of: file, bytes: bytes, range: range, alignment: alignment)
        }
    }

    static let partialStrictVersion = ConformanceCheck(
        "CNT-06",
        .content,
        "a strict partial fetch of a replaced version is that version's bytes or versionNoLongerAvailable",
        rule: "PartialContentFetching contract",
        clauses: ["API.3"],
        rationale: "Mixing extents of two versions produces a file that never existed; a provider that keeps "
            + "older versions may serve the one asked for, and must otherwise refuse, never serve the latest.",
        requires: [.writing, .partialContent]
    ) { context in
        let fetcher = try context.require(
            context.provider as? any PartialContentFetching,
            "the provider does not adopt PartialContentFetching"
        )
        let file = try await context.createFile(named: "strict.bin", contents: Data(repeating: 1, count: 100))
        _ = try await context.write(Data(repeating: 2, count: 100), to: file)
        context.note("strict fetchPartialContents of the replaced version, bytes 0..<10")
        let fetched: FetchedPartialContents
        do {
            fetched = try await fetcher.fetchPartialContents(
                for: file.itemIdentifier,
                version: file.itemVersion,
                request: Request(),
                minimalRange: 0..<10,
                aligningTo: 1,
                options: .strictVersioning
            )
        } catch let error as FileProviderError where error.code == .versionNoLongerAvailable {
            return
        }
        defer { ContentFile.remove(fetched.url) }
        context.expectEqual(
            fetched.item.itemVersion.contentVersion,
            file.itemVersion.contentVersion,
            "a strict partial fetch of the replaced version returned an item at another content version"
        )
        // The range's bytes sit at their own offsets: bytes 0..<10 of the file are those of the content.
        let (bytes, _) = try ContentFile.read(fetched.url, in: 0..<10)
        context.expect(
            fetched.range.lowerBound == 0 && bytes.count == 10 && bytes.allSatisfy { $0 == 1 },
            "a strict partial fetch of the replaced version returned bytes of no such version",
            expected: "the first 10 bytes of the replaced version (1s), or versionNoLongerAvailable",
            actual: "range \(fetched.range), file bytes 0..<10: \(bytes.map { $0 })"
        )
    }

    static let partialUndeclared = ConformanceCheck(
        "CNT-07",
        .content,
        "a subject that does not declare partial content does not adopt PartialContentFetching",
        rule: "Capability cross-check",
        clauses: ["API.9"],
        rationale: "The system calls partial fetches on any provider that adopts the protocol; a declaration that "
            + "disagrees with the type hides a feature or promises a broken one.",
        excludes: .partialContent
    ) { context in
        context.expect(
            !(context.provider is any PartialContentFetching),
            "the provider adopts PartialContentFetching but the subject does not declare partialContent"
        )
    }
}
