import FileProviderKit
import Foundation

/// Creations whose template holds more than their `fields` name (rule 12): every metadata field
/// set in the template, `fields` naming none of them and then each one alone, for files and for
/// folders. The fields left out take the provider's defaults, as a creation from a template
/// without them would; the mirror of MUT-38 and MUT-39 for `createItem`.
extension MutationChecks {
    static let creationFieldChecks: [ConformanceCheck] = [
        fileCreationKeepsUnlistedDefaults, folderCreationKeepsUnlistedDefaults,
    ]

    /// A metadata field a template can set, how to give it a value no provider defaults to, and
    /// how a finding shows it.
    private struct TemplateField {
        let name: String
        let field: ItemFields
        /// Whether the provider's default is a date it chooses (now), so that only the template's
        /// value is ruled out; otherwise the default is the one a template without the field gets.
        let isChosenDate: Bool
        let set: @Sendable (inout ItemSnapshot) -> Void
        let value: @Sendable (ItemSnapshot) -> String
    }

    private static let templateFields: [TemplateField] = [
        TemplateField(
            name: "tagData",
            field: .tagData,
            isChosenDate: false,
            set: { $0.tagData = Data("template tags".utf8) },
            value: { FindingValue.describe($0.tagData as Any) }
        ),
        TemplateField(
            name: "favoriteRank",
            field: .favoriteRank,
            isChosenDate: false,
            set: { $0.favoriteRank = 42 },
            value: { FindingValue.describe($0.favoriteRank as Any) }
        ),
        TemplateField(
            name: "lastUsedDate",
            field: .lastUsedDate,
            isChosenDate: true,
            set: { $0.lastUsedDate = Date(timeIntervalSince1970: 1_234_567_890.5) },
            value: { FindingValue.describe($0.lastUsedDate as Any) }
        ),
        TemplateField(
            name: "extendedAttributes",
            field: .extendedAttributes,
            isChosenDate: false,
            set: { $0.extendedAttributes = ["com.example.template": Data("template".utf8)] },
            value: { item in
                let names = item.extendedAttributes.keys.sorted()
                return names.map { "\($0): \(FindingValue.describe(item.extendedAttributes[$0] as Any))" }
                    .joined(separator: ", ")
            }
        ),
        TemplateField(
            name: "creationDate",
            field: .creationDate,
            isChosenDate: true,
            set: { $0.creationDate = Date(timeIntervalSince1970: 1_111_111_111.25) },
            value: { FindingValue.describe($0.creationDate as Any) }
        ),
        TemplateField(
            name: "contentModificationDate",
            field: .contentModificationDate,
            isChosenDate: true,
            set: { $0.contentModificationDate = Date(timeIntervalSince1970: 1_222_222_222.75) },
            value: { FindingValue.describe($0.contentModificationDate as Any) }
        ),
        TemplateField(
            name: "fileSystemFlags",
            field: .fileSystemFlags,
            isChosenDate: false,
            set: { $0.fileSystemFlags = [.userReadable, .hidden, .pathExtensionHidden] },
            value: { "\($0.fileSystemFlags.rawValue)" }
        ),
        TemplateField(
            name: "typeAndCreator",
            field: .typeAndCreator,
            isChosenDate: false,
            set: { $0.typeAndCreator = TypeAndCreator(type: 0x5445_5854, creator: 0x7474_7874) },
            value: { $0.typeAndCreator.map { "\($0.type)/\($0.creator)" } ?? "nil" }
        ),
    ]

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
