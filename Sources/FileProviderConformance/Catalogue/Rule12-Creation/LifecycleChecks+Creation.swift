import FileProviderKit
import Foundation

/// The LIFE checks of rule 12, *creation* (LIFE-06, LIFE-07).
extension LifecycleChecks {
    /// Creates `names` concurrently in `folder` and records a finding unless exactly one succeeds,
    /// every other fails with filenameCollision, and the folder lists one item.
    static func expectOneWinner(
        _ context: CheckContext,
        names: [String],
        in folder: ItemIdentifier,
        contents: Data?
    ) async throws {
        let provider = context.provider
        var calls: [(ItemSnapshot, URL?)] = []
        for name in names {
            let template = context.template(
                named: name,
                in: folder,
                contentType: contents == nil ? .folder : .plainText
            )
            calls.append((template, try contents.map { try context.file(containing: $0) }))
        }
        context.note("\(names.count) concurrent createItem calls of one name in \(folder)")
        let outcomes = await context.concurrentOutcomes(
            of: calls.map { template, url in
                {
                    _ = try await provider.createItem(
                        basedOn: template,
                        fields: url == nil
                            ? [.filename, .parentItemIdentifier] : [.filename, .parentItemIdentifier, .contents],
                        contents: url,
                        options: [],
                        request: Request()
                    )
                }
            }
        )
        context.expectEqual(
            outcomes.count { $0 == nil },
            1,
            "concurrent creations of one name did not have exactly one winner"
        )
        context.expectEqual(
            outcomes.count { $0 == .filenameCollision },
            names.count - 1,
            "the losing creations did not fail with filenameCollision"
        )
        let listed = try await context.list(folder)
        context.expectEqual(listed.count, 1, "the folder does not list exactly one item of the name")
    }

    static let concurrentSameNameFiles = ConformanceCheck(
        "LIFE-06",
        .lifecycle,
        "of concurrent creations of one file name in one folder, exactly one succeeds",
        rule: "Rule 12 (creation) and rule 11 (collisions)",
        clauses: ["R12.4"],
        rationale: "A provider that checks for a collision and creates in two steps lets two uploads of one name "
            + "both win: two files the Mac cannot hold in one folder.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Race")
        try await expectOneWinner(
            context,
            names: Array(repeating: "same.txt", count: 8),
            in: folder.itemIdentifier,
            contents: Data("racing".utf8)
        )
    }

    static let concurrentEquivalentFolders = ConformanceCheck(
        "LIFE-07",
        .lifecycle,
        "of concurrent folder creations of canonically equivalent names, exactly one succeeds",
        rule: "Rule 12 (creation) and rule 11 (collisions)",
        clauses: ["R12.4", "R11.3"],
        rationale: "Two devices create \"Café\" at once, one precomposed, one decomposed; a provider comparing bytes "
            + "under a race keeps both.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Equivalent")
        let names = (0..<8).map { $0 % 2 == 0 ? "Caf\u{E9}" : "Cafe\u{301}" }
        try await expectOneWinner(context, names: names, in: folder.itemIdentifier, contents: nil)
    }
}
