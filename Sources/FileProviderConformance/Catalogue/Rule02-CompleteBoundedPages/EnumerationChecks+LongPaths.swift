import FileProviderKit
import Foundation

/// The ENUM checks of rule 2, *pages are complete and bounded* — folders whose path is long (ENUM-66).
extension EnumerationChecks {
    /// How deep the long-path check nests its folders of 250-byte names.
    static let longPathDepth = 6

    static let longPathPages = ConformanceCheck(
        "ENUM-66",
        .enumeration,
        "every folder of a chain of 6 folders named with 250 bytes, each holding files of 250 to 255 bytes, "
            + "lists completely with pages of 1 by name and by date, and the innermost one's changes catch up "
            + "in batches of 1",
        rule: "Rule 2 (pages)",
        clauses: ["R2.8", "R2.1"],
        rationale: "A page or anchor may take 500 bytes however long the folder's path: a provider whose token "
            + "carries the folder's path (a backend key prefix, a path cursor) passes every shallow folder and "
            + "every deep chain of short names, and cannot continue a listing or a catch-up in a deep folder "
            + "of long names, where users keep nested projects.",
        requires: .writing
    ) { context in
        var parent = ItemIdentifier.rootContainer
        var levels: [(ItemIdentifier, [ItemIdentifier: String])] = []
        let base = Date(timeIntervalSince1970: 1_460_000_000)
        for level in 1...longPathDepth {
            let name = longName("d", bytes: 250, lead: "level-\(level)-", tail: "")
            let folder = try await context.createFolder(named: name, in: parent)
            if let last = levels.indices.last { levels[last].1[folder.itemIdentifier] = name }
            var children: [ItemIdentifier: String] = [:]
            let names = level == longPathDepth ? Array(longNames.prefix(4)) : [longNames[level % longNames.count]]
            for (index, filename) in names.enumerated() {
                var template = context.template(named: filename, in: folder.itemIdentifier, contentType: .plainText)
                template.contentModificationDate = base.addingTimeInterval(Double((index * 5 + level) % 4) * 60)
                let file = try await context.create(
                    template,
                    contents: Data("\(level)-\(index)".utf8),
                    extraFields: .contentModificationDate
                )
                children[file.itemIdentifier] = filename
            }
            levels.append((folder.itemIdentifier, children))
            parent = folder.itemIdentifier
        }
        for (depth, (folder, expected)) in levels.enumerated() {
            for start in [Page.initialPageSortedByName, .initialPageSortedByDate] {
                guard
                    let listed = await listExpectingSuccess(
                        context,
                        folder,
                        from: start,
                        pageSize: 1,
                        "a folder at depth \(depth + 1) below folders named with 250 bytes",
                        clauses: ["R2.8"]
                    )
                else { continue }
                expectListed(context, listed, expected, from: start, pageSize: 1)
            }
        }
        let innermost = parent
        let enumerator = try await context.enumerator(innermost)
        guard let anchor = try await context.changeAnchor(of: enumerator, for: innermost) else { return }
        var created: Set<ItemIdentifier> = []
        for filename in longNames.suffix(3) {
            created.insert(try await context.createFile(named: filename, in: innermost).itemIdentifier)
        }
        let changes: ChangeSet
        do {
            changes = try await context.changes(innermost, since: anchor, batchSize: 1)
        } catch {
            return context.fail(
                "catching up the innermost of 6 folders named with 250 bytes in batches of 1 failed",
                clauses: ["R2.8"],
                expected: "every batch, each continuation anchor at most \(SyncAnchor.maximumSize) bytes",
                actual: "\(error)"
            )
        }
        let missing = created.subtracting(changes.updatedItems.map(\.itemIdentifier))
        context.expect(
            missing.isEmpty,
            "the innermost folder's changes in batches of 1 do not report files created in it",
            expected: "\(created.count) creations",
            actual: "\(missing.count) missing: \(missing.sorted())"
        )
    }
}
