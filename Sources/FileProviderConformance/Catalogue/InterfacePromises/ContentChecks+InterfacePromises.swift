import FileProviderKit
import Foundation

/// The CNT checks of promises the interface's doc comments make and no numbered rule restates (CNT-01, CNT-02, CNT-04, CNT-05, CNT-06, CNT-07, CNT-08, CNT-10, CNT-11, CNT-12).
extension ContentChecks {
    static let largeContent = ConformanceCheck(
        "CNT-08",
        .content,
        "multi-MiB content round-trips byte for byte through create and modify (down to empty), with its "
            + "documentSize",
        rule: "Provider contract (content) and rule 10",
        clauses: ["API.1", "R10.3", "R10.4", "API.2"],
        rationale: "Bugs of large files — a chunk written twice, a short read taken for the end, a size from the "
            + "first chunk — never show with a few bytes.",
        requires: .writing
    ) { context in
        let old = Date(timeIntervalSince1970: 315_532_800)
        let first = context.largeContent(count: 3 * 1_048_576 + 17, salt: 1)
        var template = context.template(named: "large.bin", in: .rootContainer, contentType: .data)
        template.contentModificationDate = old
        template.creationDate = old
        let created = try await context.create(
            template,
            contents: first,
            extraFields: [.contentModificationDate, .creationDate]
        )
        try await expectContent(context, of: created, first, "after the creation")
        let second = context.largeContent(count: 5 * 1_048_576 + 1, salt: 2)
        let written = try await context.write(second, to: created)
        try await expectContent(context, of: written, second, "after the modification")
        let emptied = try await context.write(Data(), to: written)
        try await expectContent(context, of: emptied, Data(), "after writing it empty")
        if written.documentSize != nil {
            context.expectEqual(emptied.documentSize, 0, "the emptied file's documentSize is not 0")
        }
        if let date = written.contentModificationDate, created.contentModificationDate == old {
            context.expect(
                date > old,
                "writing 5 MiB did not move contentModificationDate forward",
                actual: FindingValue.describe(date)
            )
        }
    }

    /// Records a finding unless two fetches of `item` (the first file deleted in between) return
    /// `bytes` and the item's documentSize, when reported, is their length.
    static func expectContent(
        _ context: CheckContext,
        of item: ItemSnapshot,
        _ bytes: Data,
        _ situation: String
    )
        async throws
    {
        for round in 1...2 {
            let (data, fetched) = try await context.fetch(item.itemIdentifier)
            context.expect(
                data == bytes,
                "fetch \(round) \(situation) returned other bytes",
                expected: "\(bytes.count) bytes",
                actual: "\(data.count) bytes\(data.count == bytes.count ? ", differing" : "")"
            )
            if let size = fetched.documentSize {
                context.expectEqual(size, Int64(bytes.count), "documentSize \(situation) is not the content's length")
            }
        }
        if let size = try await context.item(item.itemIdentifier).documentSize {
            context.expectEqual(size, Int64(bytes.count), "item(for:) reports another documentSize \(situation)")
        }
    }

    static let olderVersion = ConformanceCheck(
        "CNT-10",
        .content,
        "fetching an older version returns its bytes or versionNoLongerAvailable, never the latest",
        rule: "Provider contract (fetchContents)",
        clauses: ["API.3"],
        rationale: "A provider that ignores the version argument hands the latest bytes to a caller that asked for "
            + "the old ones — to resolve a conflict, say — and the resolution loses the old side.",
        requires: .writing
    ) { context in
        let first = Data("the first version".utf8)
        let second = Data("the second, longer version".utf8)
        let created = try await context.createFile(named: "versioned.txt", contents: first)
        _ = try await context.write(second, to: created)
        context.note("fetchContents(\(created.itemIdentifier), version: the first)")
        do {
            let (data, item) = try await context.fetch(created.itemIdentifier, version: created.itemVersion)
            context.expect(data != second, "fetching the first version returned the latest bytes")
            context.expectEqual(data, first, "fetching the first version returned other bytes")
            context.expectEqual(
                item.itemVersion.contentVersion,
                created.itemVersion.contentVersion,
                "fetching the first version returned the item at another version"
            )
        } catch let error as FileProviderError where error.code == .versionNoLongerAvailable {
            context.remark("the provider keeps no older versions (versionNoLongerAvailable)")
        }
    }

    static let largePartialFetches = ConformanceCheck(
        "CNT-11",
        .content,
        "partial fetches of a multi-MiB file cover ranges across MiB boundaries, the bytes at their own offsets",
        rule: "PartialContentFetching contract",
        clauses: ["API.5"],
        rationale: "Range arithmetic overflows and off-by-one reads show past the first block: a 32-bit offset, a "
            + "range end read as a length.",
        requires: [.writing, .partialContent]
    ) { context in
        let fetcher = try context.require(
            context.provider as? any PartialContentFetching,
            "the provider does not adopt PartialContentFetching"
        )
        let bytes = context.largeContent(count: 2 * 1_048_576 + 333, salt: 3)
        let file = try await context.createFile(named: "ranged-large.bin", contents: bytes)
        let mebibyte: Int64 = 1_048_576
        let cases: [(Range<Int64>, Int)] = [
            (mebibyte - 1..<mebibyte + 1, 65_536), (2 * mebibyte..<2 * mebibyte + 333, 4_096),
            (12_345..<1_500_000, 16_384), (Int64(bytes.count) - 1..<Int64(bytes.count), 1),
        ]
        for (range, alignment) in cases {
            try await context.expectPartialFetch(fetcher, of: file, bytes: bytes, range: range, alignment: alignment)
        }
    }

    static let containerFetches = ConformanceCheck(
        "CNT-12",
        .content,
        "fetching a nested or a trashed folder fails clearly, never with a file",
        rule: "Rule 16 (errors)",
        clauses: ["API.4"],
        rationale: "Providers special-case nested or trashed items; an empty file handed out for any folder makes "
            + "the system write it over a directory.",
        requires: .writing
    ) { context in
        let outer = try await context.createFolder(named: "Outer")
        var folders = [try await context.createFolder(named: "Inner", in: outer.itemIdentifier)]
        if context.capabilities.contains(.trash) {
            let doomed = try await context.createFolder(named: "Doomed")
            folders.append(try await context.move(doomed, to: .trashContainer))
        }
        for folder in folders {
            await context.expectError(
                [.invalidArgument, .featureUnsupported],
                "fetchContents of the folder \(folder.itemIdentifier)"
            ) {
                try await context.fetch(folder.itemIdentifier)
            }
        }
    }

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
