import FileProviderKit
import Foundation

/// Every field an item's store holds, by name, each as a finding shows it: what two observations
/// of one item — a lookup, a listing, a change entry, before and after an operation — must agree
/// on field by field. Dates with fractions, empty and absent data, ranks above 2^53 and flags all
/// read as distinct values.
enum StoredFields {
    /// A field's name, the changed-field bit that names it in a modification (empty for fields no
    /// bit names), and its value as a finding shows it.
    struct Field: Sendable {
        let name: String
        let field: ItemFields
        let value: @Sendable (ItemSnapshot) -> String
    }

    /// The name and the parent.
    static let placement: [Field] = [
        Field(name: "filename", field: .filename) { $0.filename.debugDescription },
        Field(name: "parentItemIdentifier", field: .parentItemIdentifier) { "\($0.parentItemIdentifier)" },
    ]

    /// The content's size and modification date, which a content write moves on.
    static let content: [Field] = [
        Field(name: "documentSize", field: .contents) { FindingValue.describe($0.documentSize as Any) },
        Field(name: "contentModificationDate", field: .contentModificationDate) {
            FindingValue.describe($0.contentModificationDate as Any)
        },
    ]

    /// Every metadata field besides the name, the parent and the content's: the kind, the link
    /// target and every field a template can set.
    static let metadata: [Field] = [
        Field(name: "contentType", field: []) { "\($0.contentType)" },
        Field(name: "symlinkTargetPath", field: []) { FindingValue.describe($0.symlinkTargetPath as Any) },
        Field(name: "creationDate", field: .creationDate) { FindingValue.describe($0.creationDate as Any) },
        Field(name: "lastUsedDate", field: .lastUsedDate) { FindingValue.describe($0.lastUsedDate as Any) },
        Field(name: "tagData", field: .tagData) { FindingValue.describe($0.tagData as Any) },
        Field(name: "favoriteRank", field: .favoriteRank) { FindingValue.describe($0.favoriteRank as Any) },
        Field(name: "extendedAttributes", field: .extendedAttributes) { item in
            let pairs = item.extendedAttributes.sorted { $0.key < $1.key }
            return "[" + pairs.map { "\($0.key): \(FindingValue.describe($0.value))" }.joined(separator: ", ") + "]"
        },
        Field(name: "fileSystemFlags", field: .fileSystemFlags) { "\($0.fileSystemFlags.rawValue)" },
        Field(name: "typeAndCreator", field: .typeAndCreator) {
            $0.typeAndCreator.map { "\($0.type)/\($0.creator)" } ?? "nil"
        },
    ]

    /// The fields no modification of the model's names: the kind, the flags, the type and creator
    /// and a link's target.
    static let kind: [Field] = metadata.filter {
        ["contentType", "symlinkTargetPath", "fileSystemFlags", "typeAndCreator"].contains($0.name)
    }

    /// The versions.
    static let version: [Field] = [
        Field(name: "itemVersion", field: []) { "\($0.itemVersion)" }
    ]

    /// Every field, the versions included.
    static let all = placement + content + metadata + version

    /// Records a finding naming `clauses` for every field of `fields` whose value in `actual`
    /// differs from the one in `expected`; `situation` says which observation `actual` is, and of
    /// what.
    static func expectSame(
        _ context: CheckContext,
        _ fields: [Field],
        in actual: ItemSnapshot,
        as expected: ItemSnapshot,
        clauses: [String],
        _ situation: String
    ) {
        for difference in differences(fields, in: actual, from: expected) {
            context.fail(
                "\(actual.itemIdentifier)'s \(difference.field) differs \(situation)",
                clauses: clauses,
                expected: difference.expected,
                actual: difference.actual
            )
        }
    }

    /// The fields of `fields` whose value in `actual` differs from the one in `expected`, each with
    /// both values as a finding shows them.
    static func differences(
        _ fields: [Field],
        in actual: ItemSnapshot,
        from expected: ItemSnapshot
    ) -> [(field: String, expected: String, actual: String)] {
        fields.compactMap { field in
            let want = field.value(expected)
            let got = field.value(actual)
            return got == want ? nil : (field.name, want, got)
        }
    }
}
