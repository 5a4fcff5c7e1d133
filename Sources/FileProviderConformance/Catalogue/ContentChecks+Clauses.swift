import FileProviderKit
import Foundation

/// Content checks of multi-MiB content, modification dates, older versions, partial fetches of
/// large files and fetches of containers.
extension ContentChecks {
    static let clauseChecks: [ConformanceCheck] = [
        largeContent, modificationDateMovesForward, olderVersion, largePartialFetches, containerFetches,
    ]

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

    static let modificationDateMovesForward = ConformanceCheck(
        "CNT-09",
        .content,
        "contentModificationDate moves forward when content changes without an explicit date",
        rule: "Rule 10 (versions and metadata)",
        clauses: ["R10.4", "R10.1"],
        rationale: "Editors and backups compare modification dates; a date that stays put after an edit makes them "
            + "skip the new content.",
        requires: .writing
    ) { context in
        let old = Date(timeIntervalSince1970: 315_532_800)
        var template = context.template(named: "dated.txt", in: .rootContainer, contentType: .plainText)
        template.contentModificationDate = old
        template.creationDate = old
        let created = try await context.create(
            template,
            contents: Data("old".utf8),
            extraFields: [.contentModificationDate, .creationDate]
        )
        let before = try context.require(created.contentModificationDate, "the file has no contentModificationDate")
        let written = try await context.write(Data("new content".utf8), to: created)
        let after = try context.require(
            try await context.item(created.itemIdentifier).contentModificationDate,
            "the written file has no contentModificationDate"
        )
        context.expect(after > before, "new content kept the old contentModificationDate", actual: "\(after)")
        context.expect(
            written.itemVersion.contentVersion != created.itemVersion.contentVersion,
            "new content did not change contentVersion"
        )
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
}
