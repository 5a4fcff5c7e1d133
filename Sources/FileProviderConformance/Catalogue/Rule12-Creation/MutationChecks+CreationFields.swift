import FileProviderKit
import Foundation

/// The MUT checks of rule 12, *creation* — fields a creation does not list (MUT-56, MUT-57).
extension MutationChecks {
    /// Creates an item of `contentType` from a template with every field of ``templateFields``
    /// set, `fields` naming none of them and then each one alone, and records a finding for every
    /// field left out whose value is not the provider's default: the one a template without it
    /// gets, or, for dates the provider chooses, anything but the template's.
    private static func expectUnlistedFieldsDefault(_ context: CheckContext, contentType: ContentType) async throws {
        let isFolder = contentType.isDirectory
        let contents = isFolder ? nil : Data("created".utf8)
        let plain = context.template(named: "baseline", in: .rootContainer, contentType: contentType)
        let baseline = try await context.create(plain, contents: contents)
        let subsets: [ItemFields] = [[]] + templateFields.map(\.field)
        for (index, listed) in subsets.enumerated() {
            var template = context.template(named: "unlisted-\(index)", in: .rootContainer, contentType: contentType)
            for field in templateFields { field.set(&template) }
            let situation = listed.isEmpty ? "naming none of them" : "naming \(templateFields[index - 1].name) only"
            let created = try await context.create(template, contents: contents, extraFields: listed)
            let stored = try await context.item(created.itemIdentifier)
            for field in templateFields where !listed.contains(field.field) {
                for (item, source) in [(created, "the created item"), (stored, "item(for:) after the creation")] {
                    let found = field.value(item)
                    let ruledOut = field.value(template)
                    let expected = field.value(baseline)
                    context.expect(
                        field.isChosenDate ? found != ruledOut : found == expected,
                        "\(field.name), set in the template but not in fields, was stored: \(source) of a "
                            + "\(isFolder ? "folder" : "file") created with fields \(situation)",
                        expected: field.isChosenDate ? "the provider's default, not \(ruledOut)" : expected,
                        actual: found
                    )
                }
            }
        }
    }

    static let fileCreationKeepsUnlistedDefaults = ConformanceCheck(
        "MUT-56",
        .mutations,
        "a file created from a template with every field set stores only those its fields name",
        rule: "Rule 12 (creation)",
        clauses: ["R12.5"],
        rationale: "The system fills the template's other fields from whatever it has at hand and names in "
            + "fields the ones it means; a provider that stores the whole template writes tags, ranks, dates, "
            + "flags and attributes nobody set, and every device shows them.",
        requires: .writing
    ) { context in
        try await expectUnlistedFieldsDefault(context, contentType: .plainText)
    }

    static let folderCreationKeepsUnlistedDefaults = ConformanceCheck(
        "MUT-57",
        .mutations,
        "a folder created from a template with every field set stores only those its fields name",
        rule: "Rule 12 (creation)",
        clauses: ["R12.5"],
        rationale: "Providers create folders on another path than files (a directory call, not an upload); one "
            + "that copies the template's metadata there marks new folders hidden, tagged or dated wrongly.",
        requires: .writing
    ) { context in
        try await expectUnlistedFieldsDefault(context, contentType: .folder)
    }
}
