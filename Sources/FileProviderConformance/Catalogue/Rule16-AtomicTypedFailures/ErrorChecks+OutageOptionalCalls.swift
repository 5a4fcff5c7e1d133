import FileProviderKit
import Foundation

/// The ERR checks of rule 16, *failures are atomic and typed* — the calls of the optional protocols
/// fail with exactly serverUnreachable during an outage and change nothing (ERR-64).
extension ErrorChecks {
    /// Fetches thumbnails of `identifiers` and records a finding when the call, or a thumbnail,
    /// fails with another code than serverUnreachable. A thumbnail delivered, or none (`nil`: the
    /// item has no thumbnail), is no finding: a provider may keep thumbnails, or have none, without
    /// asking its server.
    private static func expectThumbnailsUnreachable(
        _ context: CheckContext,
        _ thumbnails: any Thumbnailing,
        _ identifiers: [ItemIdentifier]
    ) async throws {
        context.note("fetchThumbnails(\(identifiers)) while unreachable")
        let delivered = LockedValue<[String]>([])
        do {
            try await thumbnails.fetchThumbnails(for: identifiers, maximumPixelSize: 64, request: Request()) {
                identifier,
                result in
                guard case .failure(let error) = result, error.code != .serverUnreachable else { return }
                delivered.withLock { $0.append("\(identifier): \(error)") }
            }
        } catch let error as FileProviderError where error.code == .serverUnreachable {
            return
        } catch {
            context.fail(
                "fetchThumbnails while unreachable failed with the wrong error",
                clauses: ["R16.5"],
                expected: "serverUnreachable",
                actual: "\(error)"
            )
            return
        }
        let wrong = delivered.withLock { $0 }
        context.expect(
            wrong.isEmpty,
            "fetchThumbnails while unreachable failed thumbnails with another code than serverUnreachable",
            clauses: ["R16.5"],
            expected: "each thumbnail that fails, fails with serverUnreachable",
            actual: wrong.joined(separator: "; ")
        )
    }

    static let unreachableOptionalCalls = ConformanceCheck(
        "ERR-64",
        .errors,
        "while the server is unreachable, partial fetches of several ranges and a fetch naming the version fail "
            + "with exactly serverUnreachable, thumbnails with no other code, none changes anything, and they work "
            + "after it",
        rule: "Rules 16 and 17 (typed failures, the host reacts to codes)",
        clauses: ["R16.5", "R16.1"],
        rationale: "The host parks a call that fails with serverUnreachable and retries it later; noSuchItem from "
            + "a partial fetch makes it delete the replica's copy of a file that still exists, and any other code "
            + "is retried blindly or shown to the user as a broken file.",
        requires: [.writing, .unreachableServer]
    ) { context in
        let bytes = context.largeContent(count: 9_000, salt: 64)
        let file = try await context.createFile(named: "offline-partial.bin", contents: bytes)
        let folder = try await context.createFolder(named: "Offline partial")
        let stored = try await context.item(file.itemIdentifier)
        let anchor = try await context.anchor()
        let fetcher = context.provider as? any PartialContentFetching
        let thumbnails = context.provider as? any Thumbnailing
        try await context.setReachable(false)
        if let fetcher {
            for (range, alignment) in [(0..<1, 1), (0..<Int64(bytes.count), 4_096), (5_000..<5_100, 64)] {
                await context.expectError(.serverUnreachable, "fetchPartialContents(\(range)) while unreachable") {
                    let fetched = try await fetcher.fetchPartialContents(
                        for: file.itemIdentifier,
                        version: stored.itemVersion,
                        request: Request(),
                        minimalRange: range,
                        aligningTo: alignment,
                        options: []
                    )
                    ContentFile.remove(fetched.url)
                    return fetched.range
                }
            }
        }
        await context.expectError(.serverUnreachable, "fetchContents naming the version while unreachable") {
            try await context.fetch(file.itemIdentifier, version: stored.itemVersion).0
        }
        if let thumbnails {
            try await expectThumbnailsUnreachable(context, thumbnails, [file.itemIdentifier, folder.itemIdentifier])
        }
        try await context.setReachable(true)
        StoredFields.expectSame(
            context,
            StoredFields.all,
            in: try await context.item(file.itemIdentifier),
            as: stored,
            clauses: ["R16.1"],
            "after the calls refused during the outage"
        )
        try await context.expectNoChanges(since: anchor, "after calls that all failed during an outage")
        if let fetcher {
            try await context.expectPartialFetch(fetcher, of: stored, bytes: bytes, range: 5_000..<5_100, alignment: 64)
        }
    }
}
