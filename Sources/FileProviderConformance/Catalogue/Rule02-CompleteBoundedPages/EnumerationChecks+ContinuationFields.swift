import FileProviderKit
import Foundation

/// The ENUM checks of rule 2, *pages are complete and bounded* — every page carries every field (ENUM-64).
extension EnumerationChecks {
    /// Records a finding for every item of `listed` whose name, parent or template field differs
    /// from its lookup in `lookups`.
    static func expectFieldsAsLookedUp(
        _ context: CheckContext,
        _ listed: [ItemSnapshot],
        _ lookups: [ItemIdentifier: ItemSnapshot],
        _ situation: String
    ) {
        for (position, item) in listed.enumerated() {
            guard let stored = lookups[item.itemIdentifier] else { continue }
            let shown: [(String, (ItemSnapshot) -> String)] =
                [("filename", { $0.filename }), ("parentItemIdentifier", { $0.parentItemIdentifier.rawValue })]
                + MutationChecks.templateFields.map { ($0.name, $0.value) }
            for (name, value) in shown where value(item) != value(stored) {
                context.fail(
                    "\(item.itemIdentifier)'s \(name), item \(position + 1) of \(situation), differs from its lookup",
                    clauses: ["R12.1", "R2.1"],
                    expected: value(stored),
                    actual: value(item)
                )
            }
        }
    }

    static let continuationPagesCarryEveryField = ConformanceCheck(
        "ENUM-64",
        .enumeration,
        "every item of a listing in pages of 1 and 2, by name and by date, of a folder, the working set and the "
            + "trash, carries the fields its lookup gives",
        rule: "Rule 2 (pages), rule 12 (creations are stored as returned)",
        clauses: ["R2.1", "R12.1", "R13.1"],
        rationale: "A provider that fills tags, attributes or dates from a second request made only for the first "
            + "page, or that answers continuation pages from a lighter index, reports every item after the "
            + "first page without them: the system stores what the listing says and the user's tags vanish.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Fields on every page")
        let base = Date(timeIntervalSince1970: 1_430_000_000)
        var members: [ItemIdentifier] = []
        for (index, name) in ["c.txt", "a.txt", "d.txt", "b.txt", "Sub"].enumerated() {
            let isFolder = name == "Sub"
            var template = context.template(
                named: name,
                in: folder.itemIdentifier,
                contentType: isFolder ? .folder : .plainText
            )
            var fields: ItemFields = []
            for field in MutationChecks.templateFields where !(isFolder && field.field == .typeAndCreator) {
                field.set(&template)
                fields.insert(field.field)
            }
            template.tagData = Data("tags of \(name)".utf8)
            template.favoriteRank = UInt64(index + 1)
            template.contentModificationDate = base.addingTimeInterval(Double([3, 1, 4, 2, 5][index]) * 3_600)
            template.extendedAttributes = ["com.example.page": Data(name.utf8)]
            let created = try await context.create(
                template,
                contents: isFolder ? nil : Data("page \(index)".utf8),
                extraFields: fields
            )
            members.append(created.itemIdentifier)
        }
        var containers: [(ItemIdentifier, [ItemIdentifier])] = [
            (folder.itemIdentifier, members), (.workingSet, members),
        ]
        if context.capabilities.contains(.trash) {
            let trashed = Array(members.suffix(3))
            for identifier in trashed {
                _ = try await context.move(try await context.item(identifier), to: .trashContainer)
            }
            containers = [
                (folder.itemIdentifier, Array(members.prefix(2))), (.workingSet, members), (.trashContainer, trashed),
            ]
        }
        var lookups: [ItemIdentifier: ItemSnapshot] = [:]
        for identifier in members { lookups[identifier] = try await context.item(identifier) }
        for (container, expected) in containers {
            for start in [Page.initialPageSortedByName, .initialPageSortedByDate] {
                for pageSize in [1, 2] {
                    let listed = try await listPageByPage(context, container, from: start, pageSize: pageSize)
                    let order = start == .initialPageSortedByDate ? "by date" : "by name"
                    let situation = "\(container)'s listing \(order) in pages of \(pageSize)"
                    let missing = Set(expected).subtracting(listed.map(\.itemIdentifier))
                    context.expect(
                        missing.isEmpty,
                        "\(situation) lost items",
                        expected: "\(expected.count) items",
                        actual: "\(missing.count) missing: \(missing.sorted())"
                    )
                    expectFieldsAsLookedUp(context, listed, lookups, situation)
                }
            }
        }
    }
}
