import FileProviderKit
import Foundation

/// The CNT checks of the request's promise about progress (API.15): a transfer that returns has
/// finished the progress it started (CNT-24, CNT-25).
extension ContentChecks {
    /// Records a finding naming API.15 unless `progress`, handed to `call` which returned, is
    /// untouched (0 of 0: the provider reports no progress) or finished (a total above 0, reached).
    static func expectFinished(_ context: CheckContext, _ progress: Progress, after call: String) {
        let total = progress.totalUnitCount
        let completed = progress.completedUnitCount
        let untouched = total == 0 && completed == 0
        context.expect(
            untouched || (total > 0 && completed >= total),
            "\(call) returned, but the progress it was handed is not finished: a system shows it short of the end",
            expected: "0 of 0 (no progress reported), or a total above 0 reached",
            actual: "\(completed) of \(total)"
        )
    }

    /// The content sizes the progress checks transfer: empty, one byte, one block, and several MiB
    /// (many chunks of a chunked transfer).
    static let transferSizes = [0, 1, 4_096, 3 * 1_048_576 + 5]

    static let fetchesFinishTheirProgress = ConformanceCheck(
        "CNT-24",
        .content,
        "fetches of empty, small and multi-MiB files, and partial fetches, finish the progress they start",
        rule: "Request.progress",
        clauses: ["API.15"],
        rationale: "A progress counted chunk by chunk that misses the last chunk, or a total set from the item's size "
            + "while fewer bytes come, leaves the system's progress bar stuck short of the end after the file arrived.",
        requires: .writing
    ) { context in
        var files: [(item: ItemSnapshot, bytes: Data)] = []
        for (index, size) in transferSizes.enumerated() {
            let bytes = context.largeContent(count: size, salt: 24 + UInt64(index))
            files.append((try await context.createFile(named: "progress-\(size).bin", contents: bytes), bytes))
        }
        for (file, bytes) in files {
            let request = Request()
            _ = try await context.fetch(file.itemIdentifier, request: request)
            expectFinished(context, request.progress, after: "fetchContents(\(file.filename)) of \(bytes.count) bytes")
        }
        guard let fetcher = context.provider as? any PartialContentFetching,
            context.capabilities.contains(.partialContent),
            let (large, bytes) = files.last
        else { return }
        for range in [Int64(0)..<1, 1_048_576..<1_048_577, Int64(bytes.count) - 10..<Int64(bytes.count)] {
            let request = Request()
            let call = "fetchPartialContents(\(large.filename), \(range))"
            context.note(call)
            let result = try await fetcher.fetchPartialContents(
                for: large.itemIdentifier,
                version: large.itemVersion,
                request: request,
                minimalRange: range,
                aligningTo: 4_096,
                options: []
            )
            ContentFile.remove(result.url)
            expectFinished(context, request.progress, after: call)
        }
    }

    static let uploadsFinishTheirProgress = ConformanceCheck(
        "CNT-25",
        .content,
        "creations and content writes of empty, small and multi-MiB files finish the progress they start",
        rule: "Request.progress",
        clauses: ["API.15"],
        rationale: "An upload whose progress stops at the last acknowledged chunk, or counts the bytes of an earlier "
            + "transfer on the same progress, shows an upload still running for a file that is on the server.",
        requires: .writing
    ) { context in
        for (index, size) in transferSizes.enumerated() {
            let bytes = context.largeContent(count: size, salt: 25 + UInt64(index))
            let name = "uploaded-\(size).bin"
            let template = context.template(named: name, in: .rootContainer, contentType: .forFilename(name))
            let creation = Request()
            let created = try await context.createResult(template, contents: bytes, request: creation)
            expectFinished(context, creation.progress, after: "createItem(\(name), \(size) bytes)")
            let stored = try context.require(created?.item, "createItem(\(name)) returned no item")
            let rewrite = context.largeContent(count: size + 7, salt: 250 + UInt64(index))
            let modification = Request()
            _ = try await context.modifyResult(
                ItemSnapshot(stored),
                fields: .contents,
                contents: rewrite,
                request: modification,
                description: "write \(rewrite.count) bytes"
            )
            expectFinished(context, modification.progress, after: "modifyItem(\(name): write \(rewrite.count) bytes)")
        }
    }
}
