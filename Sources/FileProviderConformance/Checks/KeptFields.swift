import FileProviderKit
import Foundation

/// The fields a modification leaves as stored unless its changedFields names them (clause R13.2):
/// an item made with all of them set, a template that differs in all of them, and the comparison
/// that names each field that moved.
enum KeptFields {
    /// Each field's name, the changed-field bit that names it, and its value as a finding shows it.
    private static let fields: [(name: String, field: ItemFields, value: @Sendable (ItemSnapshot) -> String)] = [
        ("filename", .filename, { $0.filename.debugDescription }),
        ("parentItemIdentifier", .parentItemIdentifier, { "\($0.parentItemIdentifier)" }),
        ("creationDate", .creationDate, { FindingValue.describe($0.creationDate as Any) }),
        ("lastUsedDate", .lastUsedDate, { FindingValue.describe($0.lastUsedDate as Any) }),
        ("tagData", .tagData, { FindingValue.describe($0.tagData as Any) }),
        ("favoriteRank", .favoriteRank, { FindingValue.describe($0.favoriteRank as Any) }),
        ("extendedAttributes", .extendedAttributes, { describe($0.extendedAttributes) }),
    ]

    /// Extended attributes sorted by name, each value as a finding shows it.
    private static func describe(_ attributes: [String: Data]) -> String {
        let pairs = attributes.sorted { $0.key < $1.key }.map { "\($0.key): \(FindingValue.describe($0.value))" }
        return "[" + pairs.joined(separator: ", ") + "]"
    }

    /// The fields set at creation besides the name and the parent.
    private static let setAtCreation: ItemFields = [
        .creationDate, .lastUsedDate, .tagData, .favoriteRank, .extendedAttributes,
    ]

    /// Creates a file in `parent` with a creation date, a last-used date, tags, a favorite rank and
    /// an extended attribute, and returns it as the provider stored it: a provider that keeps none
    /// of these fields is compared with what it kept.
    static func createFile(
        _ context: CheckContext,
        named filename: String,
        in parent: ItemIdentifier
    ) async throws
        -> ItemSnapshot
    {
        var template = context.template(named: filename, in: parent, contentType: .forFilename(filename))
        template.creationDate = Date(timeIntervalSince1970: 1_500_000_000)
        template.lastUsedDate = Date(timeIntervalSince1970: 1_600_000_000)
        template.tagData = Data("kept tags".utf8)
        template.favoriteRank = 7
        template.extendedAttributes = ["com.example.kept": Data("kept".utf8)]
        let created = try await context.create(template, contents: Data("first".utf8), extraFields: setAtCreation)
        return try await context.item(created.itemIdentifier)
    }

    /// Gives every field outside `changed` a value other than the one `createFile` sets: the
    /// template of a modification that differs from the stored item wherever it may.
    static func differ(_ template: inout ItemSnapshot, except changed: ItemFields, elsewhere: ItemIdentifier) {
        if !changed.contains(.filename) { template.filename = "template-\(template.filename)" }
        if !changed.contains(.parentItemIdentifier) { template.parentItemIdentifier = elsewhere }
        if !changed.contains(.creationDate) { template.creationDate = Date(timeIntervalSince1970: 1_000) }
        if !changed.contains(.lastUsedDate) { template.lastUsedDate = Date(timeIntervalSince1970: 2_000) }
        if !changed.contains(.tagData) { template.tagData = Data("template tags".utf8) }
        if !changed.contains(.favoriteRank) { template.favoriteRank = 1 }
        if !changed.contains(.extendedAttributes) {
            template.extendedAttributes = ["com.example.template": Data("template".utf8)]
        }
    }

    /// Records a finding for every field outside `changed` whose value in `actual` differs from
    /// the one in `stored`.
    static func expectKept(
        _ context: CheckContext,
        _ actual: ItemSnapshot,
        as stored: ItemSnapshot,
        except changed: ItemFields,
        _ situation: String
    ) {
        for (name, field, value) in fields where !changed.contains(field) {
            let kept = value(stored)
            let found = value(actual)
            context.expect(
                found == kept,
                "\(name), not in changedFields, is not as stored \(situation)",
                expected: kept,
                actual: found
            )
        }
    }
}
