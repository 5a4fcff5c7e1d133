import FileProviderKit
import Foundation

/// The ENUM checks of rule 3, *tokens that cannot be honoured expire* (ENUM-08, ENUM-16).
extension EnumerationChecks {
    static let pageOfOlderEpoch = ConformanceCheck(
        "ENUM-16",
        .enumeration,
        "a page from before a store reset fails with pageExpired on a fresh enumerator; a new listing is whole",
        rule: "Rule 3 (expiry)",
        clauses: ["R3.2", "R3.4"],
        rationale: "A provider that resumes an old epoch's page over a restored store mixes two stores' orders and "
            + "silently drops or repeats children.",
        requires: [.writing, .storeResets]
    ) { context in
        let (folder, names) = try await populatedFolder(context, count: 7, named: "Reset")
        let enumerator = try await context.enumerator(folder.itemIdentifier)
        context.note("list the first page of \(folder.itemIdentifier) (page size 3)")
        var iterator = enumerator.pages(suggestedPageSize: 3).makeAsyncIterator()
        let page = try context.require(try await iterator.next()?.nextPage, "a folder of 7 items ended after 3")
        try await context.resetStore()
        await context.expectError(.pageExpired, "the rest of the listing from a page from before the reset") {
            try await context.list(folder.itemIdentifier, pageSize: 3, startingAt: page)
        }
        let relisted = try await context.list(folder.itemIdentifier, pageSize: 3).map(\.filename)
        context.expectEqual(relisted.sorted(), names, "a new listing after the reset lost or repeated children")
    }

    static let garbagePage = ConformanceCheck(
        "ENUM-08",
        .enumeration,
        "a garbage page fails with pageExpired, never an empty success",
        rule: "Rule 3 (expiry)",
        clauses: ["R3.1"],
        rationale: "An empty success on a page the provider cannot read truncates the folder silently; pageExpired "
            + "makes the system restart the listing.",
        tier: .smoke
    ) { context in
        let enumerator = try await context.enumerator(.rootContainer)
        let garbage: [(String, Data)] = [
            ("empty bytes", Data()),
            (
                "random bytes",
                Data(context.random { generator in (0..<64).map { _ in UInt8.random(in: 0...255, using: &generator) } })
            ),
            ("a JSON-looking page", Data(#"{"offset":999999999,"sort":"name"}"#.utf8)),
            ("500 bytes of 0xFF", Data(repeating: 0xFF, count: 500)),
        ]
        for (label, bytes) in garbage {
            let page = try Page(bytes)
            await context.expectError(.pageExpired, "enumerateItems(startingAt: \(label))") {
                try await enumerator.pages(startingAt: page, suggestedPageSize: 10).first { _ in true }
            }
        }
    }
}
