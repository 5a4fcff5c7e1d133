import FileProviderKit
import Foundation

/// Mutation checks whose earlier siblings a provider could pass by the shape of their data alone:
/// mayAlreadyExist where another folder holds the name, dates with fractions of a second, cycles
/// deeper than a child, and the fields a move must keep.
extension MutationChecks {
    static let exactnessChecks: [ConformanceCheck] = [
        mayAlreadyExistFileElsewhere, mayAlreadyExistFolderElsewhere, fractionalDatesAtCreation,
        fractionalDatesInEdits, moveIntoGrandchild, moveIntoGrandchildThroughRemoteMove, moveKeepsFields,
        contentWriteKeepsExplicitDate,
    ]

    /// A quarter of a second past a whole second: the first date the date checks try.
    static let quarterPast = Date(timeIntervalSinceReferenceDate: 1_000.25)

    /// Half a second past a whole second.
    static let halfPast = Date(timeIntervalSinceReferenceDate: 2_000.5)

    /// A date with a fraction of a second that a binary floating-point interval and a nanosecond
    /// timestamp both hold exactly: a provider that stores either keeps it to the last bit.
    static func fractionalDate(_ context: CheckContext, after seconds: TimeInterval) -> Date {
        let fraction = context.random { Double(UInt8.random(in: 1...255, using: &$0)) / 256 }
        return Date(timeIntervalSinceReferenceDate: seconds + fraction)
    }

    /// Creates `A` and `B` in the root and `name` in `A`, then creates `name` in `B` with
    /// mayAlreadyExist, and expects a new item in `B` with `A`'s item unchanged.
    private static func expectMayAlreadyExistCreates(
        _ context: CheckContext,
        named name: String,
        contentType: ContentType
    ) async throws {
        let first = try await context.createFolder(named: "A")
        let second = try await context.createFolder(named: "B")
        let contents = contentType.isDirectory ? nil : Data("in A".utf8)
        let existing = try await context.create(
            context.template(named: name, in: first.itemIdentifier, contentType: contentType),
            contents: contents
        )
        let result = try await context.createResult(
            context.template(named: name, in: second.itemIdentifier, contentType: contentType),
            contents: contentType.isDirectory ? nil : Data("in B".utf8),
            options: .mayAlreadyExist
        )
        let created = try context.require(
            result?.item,
            "createItem(\"\(name)\") with mayAlreadyExist in a folder without that name refused the item"
        )
        let returned = ItemSnapshot(created)
        context.expect(
            returned.itemIdentifier != existing.itemIdentifier,
            "mayAlreadyExist returned the item of that name in another folder instead of creating one",
            expected: "a new item in \(second.itemIdentifier)",
            actual: "\(existing.itemIdentifier) in \(existing.parentItemIdentifier)"
        )
        context.expectEqual(
            returned.parentItemIdentifier,
            second.itemIdentifier,
            "the item returned by mayAlreadyExist has another parent than the template's"
        )
        context.expectEqual(returned.filename, name, "the item returned by mayAlreadyExist has another name")
        let listed = try await context.list(second.itemIdentifier).map(\.itemIdentifier)
        context.expectEqual(
            listed,
            [returned.itemIdentifier],
            "the target folder does not list exactly the item mayAlreadyExist returned"
        )
        let kept = try await context.item(existing.itemIdentifier)
        context.expectEqual(
            ItemDigest(kept),
            ItemDigest(existing),
            "the item of that name in the other folder changed"
        )
        let inFirst = try await context.list(first.itemIdentifier).map(\.itemIdentifier)
        context.expectEqual(inFirst, [existing.itemIdentifier], "the other folder no longer lists only its item")
    }

    static let mayAlreadyExistFileElsewhere = ConformanceCheck(
        "MUT-41",
        .mutations,
        "a file created with mayAlreadyExist where only another folder holds its name is created there",
        rule: "Rule 12 (mayAlreadyExist, creation)",
        clauses: ["R12.3", "R12.1"],
        rationale: "mayAlreadyExist matches within the template's folder only; a provider that looks the name up "
            + "across the domain hands back another folder's file, creates nothing, and the system then treats "
            + "the user's new file as that one.",
        requires: .writing
    ) { context in
        try await expectMayAlreadyExistCreates(context, named: "x.txt", contentType: .plainText)
    }

    static let mayAlreadyExistFolderElsewhere = ConformanceCheck(
        "MUT-42",
        .mutations,
        "a folder created with mayAlreadyExist where only another folder holds its name is created there",
        rule: "Rule 12 (mayAlreadyExist, creation)",
        clauses: ["R12.3", "R12.1"],
        rationale: "A restore re-creates every folder with mayAlreadyExist; a provider that matches a folder "
            + "of the same name anywhere files the restored folder's children into a stranger's folder.",
        requires: .writing
    ) { context in
        try await expectMayAlreadyExistCreates(context, named: "Shared", contentType: .folder)
    }

    /// Records a finding for every date of `actual` that differs from `expected`'s.
    private static func expectDates(
        _ context: CheckContext,
        _ actual: ItemSnapshot,
        as expected: ItemSnapshot,
        _ fields: ItemFields,
        _ situation: String
    ) {
        let dates: [(String, ItemFields, KeyPath<ItemSnapshot, Date?>)] = [
            ("creationDate", .creationDate, \.creationDate),
            ("contentModificationDate", .contentModificationDate, \.contentModificationDate),
            ("lastUsedDate", .lastUsedDate, \.lastUsedDate),
        ]
        for (name, field, path) in dates where fields.contains(field) {
            context.expectEqual(actual[keyPath: path], expected[keyPath: path], "\(name) \(situation) is not exact")
        }
    }

    static let fractionalDatesAtCreation = ConformanceCheck(
        "MUT-43",
        .mutations,
        "dates with fractions of a second given at creation come back exactly",
        rule: "Rule 12 (creation)",
        clauses: ["R12.1", "R13.1"],
        rationale: "A provider that stores whole seconds hands back dates the system did not write; the "
            + "modification date then differs from the local file's by a fraction, and the system uploads or "
            + "downloads the file again on every comparison.",
        requires: .writing
    ) { context in
        let dates: ItemFields = [.creationDate, .contentModificationDate, .lastUsedDate]
        for (index, base) in [1_000.0, 600_000_000, -86_400].enumerated() {
            var template = context.template(named: "dated-\(index).txt", in: .rootContainer, contentType: .plainText)
            template.creationDate = index == 0 ? quarterPast : fractionalDate(context, after: base)
            template.contentModificationDate = fractionalDate(context, after: base + 3_600)
            template.lastUsedDate = fractionalDate(context, after: base + 7_200)
            let result = try await context.createResult(template, contents: Data("dated".utf8), extraFields: dates)
            let created = try context.require(result, "createItem(\"\(template.filename)\") returned no item")
            let applied = dates.subtracting(created.stillPendingFields)
            expectDates(context, ItemSnapshot(created.item), as: template, applied, "of the created item")
            let stored = try await context.item(created.item.itemIdentifier)
            expectDates(context, stored, as: template, applied, "from item(for:) after the creation")
        }
    }

    static let fractionalDatesInEdits = ConformanceCheck(
        "MUT-44",
        .mutations,
        "dates with fractions of a second set by a modification come back exactly",
        rule: "Rule 13 (modification)",
        clauses: ["R13.1"],
        rationale: "The system sets dates to the local file's, which carry fractions of a second; a provider that "
            + "rounds them stores a date no device wrote and reports the item changed on the next comparison.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "edited.txt")
        let dates: ItemFields = [.creationDate, .contentModificationDate, .lastUsedDate]
        var current = file
        for base in [2_000.0, 700_000_000] {
            let creation = base == 2_000 ? halfPast : fractionalDate(context, after: base)
            let modification = fractionalDate(context, after: base + 60)
            let lastUsed = fractionalDate(context, after: base + 120)
            let result = try await context.modify(
                current,
                fields: dates,
                description: "set creationDate \(FindingValue.describe(creation)), contentModificationDate "
                    + "\(FindingValue.describe(modification)), lastUsedDate \(FindingValue.describe(lastUsed))"
            ) {
                $0.creationDate = creation
                $0.contentModificationDate = modification
                $0.lastUsedDate = lastUsed
            }
            var expected = current
            expected.creationDate = creation
            expected.contentModificationDate = modification
            expected.lastUsedDate = lastUsed
            let applied = dates.subtracting(result.stillPendingFields)
            expectDates(context, ItemSnapshot(result.item), as: expected, applied, "of the modified item")
            current = try await context.item(file.itemIdentifier)
            expectDates(context, current, as: expected, applied, "from item(for:) after the modification")
        }
    }

    /// Expects moving `folder` into `target`, one of its descendants, to fail with invalidArgument
    /// and change nothing.
    private static func expectCycleRefused(
        _ context: CheckContext,
        moving folder: ItemSnapshot,
        into target: ItemSnapshot,
        _ depth: String
    ) async throws {
        let before = ItemDigest.map(try await context.tree())
        await context.expectError(
            .invalidArgument,
            "move \(folder.itemIdentifier) into \(target.itemIdentifier), its \(depth)"
        ) {
            try await context.move(try await context.item(folder.itemIdentifier), to: target.itemIdentifier)
        }
        let stored = try await context.item(folder.itemIdentifier)
        context.expectEqual(
            stored.parentItemIdentifier,
            .rootContainer,
            "the refused move into its \(depth) changed the folder's parent"
        )
        let after = ItemDigest.map(try await context.tree())
        context.expectEqual(after, before, "the refused move into its \(depth) changed the tree")
    }

    static let moveIntoGrandchild = ConformanceCheck(
        "MUT-45",
        .mutations,
        "moving a folder into its grandchild or deeper fails with invalidArgument and changes nothing",
        rule: "Rule 13 (no cycles)",
        clauses: ["R13.6", "R16.1"],
        rationale: "A cycle check that looks only at the folder's children accepts a move two levels down, which "
            + "detaches the whole subtree from the root: every item in it becomes unreachable.",
        requires: .writing
    ) { context in
        let top = try await context.createFolder(named: "A")
        let child = try await context.createFolder(named: "B", in: top.itemIdentifier)
        let grandchild = try await context.createFolder(named: "C", in: child.itemIdentifier)
        let greatGrandchild = try await context.createFolder(named: "D", in: grandchild.itemIdentifier)
        try await expectCycleRefused(context, moving: top, into: grandchild, "grandchild")
        try await expectCycleRefused(context, moving: top, into: greatGrandchild, "great-grandchild")
    }

    static let moveIntoGrandchildThroughRemoteMove = ConformanceCheck(
        "MUT-46",
        .mutations,
        "moving a folder into one another client moved two levels below it fails with invalidArgument",
        rule: "Rule 13 (no cycles)",
        clauses: ["R13.6"],
        rationale: "Another device's move can put a folder deep inside one this device is about to move; a "
            + "provider that checks only direct children, or only its own view, accepts the move and detaches "
            + "both folders from the root.",
        requires: [.writing, .remoteChanges]
    ) { context in
        let top = try await context.createFolder(named: "Top")
        let child = try await context.createFolder(named: "Child", in: top.itemIdentifier)
        let other = try await context.createFolder(named: "Other")
        context.note("remote: move \(other.itemIdentifier) into \(child.itemIdentifier)")
        try await context.remote().move(other.itemIdentifier, to: child.itemIdentifier)
        try await expectCycleRefused(context, moving: top, into: other, "grandchild after another client's move")
    }

    static let moveKeepsFields = ConformanceCheck(
        "MUT-47",
        .mutations,
        "a move to another folder keeps the dates, tags, favorite rank and extended attributes",
        rule: "Rule 13 (modification)",
        clauses: ["R13.2"],
        rationale: "A provider that moves by copying the file and deleting the original, as many servers do, "
            + "loses every field the copy does not carry: the user's tags and favorites vanish on a move.",
        requires: .writing
    ) { context in
        let home = try await context.createFolder(named: "Home")
        let away = try await context.createFolder(named: "Away")
        let elsewhere = try await context.createFolder(named: "Elsewhere")
        let stored = try await KeptFields.createFile(context, named: "moved.txt", in: home.itemIdentifier)
        let moved: ItemFields = .parentItemIdentifier
        let result = try await context.modify(
            stored,
            fields: moved,
            description: "move to \(away.itemIdentifier), with every other field of the template different"
        ) {
            KeptFields.differ(&$0, except: moved, elsewhere: elsewhere.itemIdentifier)
            $0.parentItemIdentifier = away.itemIdentifier
        }
        KeptFields.expectKept(context, ItemSnapshot(result.item), as: stored, except: moved, "in the returned item")
        let after = try await context.item(stored.itemIdentifier)
        KeptFields.expectKept(context, after, as: stored, except: moved, "after the move")
        context.expectEqual(after.parentItemIdentifier, away.itemIdentifier, "the move was not applied")
        let (data, _) = try await context.fetch(stored.itemIdentifier)
        context.expectEqual(data, Data("first".utf8), "the move changed the content")
    }

    static let contentWriteKeepsExplicitDate = ConformanceCheck(
        "MUT-48",
        .mutations,
        "a content write with an explicit contentModificationDate stores that date exactly",
        rule: "Rule 13 (every changed field in one call)",
        clauses: ["R13.1"],
        rationale: "The system sends the local file's modification date with its content; a provider that stamps "
            + "the upload's time instead reports a date the file never had, and the next comparison sees a "
            + "change that did not happen.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "dated.txt", contents: Data("v1".utf8))
        var current = file
        for (index, base) in [1_000.0, 500_000_000].enumerated() {
            let date = index == 0 ? quarterPast : fractionalDate(context, after: base)
            let contents = Data("version \(index + 2)".utf8)
            let result = try await context.modify(
                current,
                fields: [.contents, .contentModificationDate],
                contents: contents,
                description: "write \(contents.count) bytes dated \(FindingValue.describe(date))"
            ) {
                $0.contentModificationDate = date
            }
            let returned = ItemSnapshot(result.item)
            if !result.stillPendingFields.contains(.contentModificationDate) {
                context.expectEqual(
                    returned.contentModificationDate,
                    date,
                    "the content write's explicit contentModificationDate is not in the returned item"
                )
                current = try await context.item(file.itemIdentifier)
                context.expectEqual(
                    current.contentModificationDate,
                    date,
                    "the content write's explicit contentModificationDate is not stored"
                )
            } else {
                current = try await context.item(file.itemIdentifier)
            }
            let (data, _) = try await context.fetch(file.itemIdentifier)
            context.expectEqual(data, contents, "the dated content write was not applied")
        }
    }
}
