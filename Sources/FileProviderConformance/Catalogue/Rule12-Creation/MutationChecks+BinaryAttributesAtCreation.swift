import FileProviderKit
import Foundation

/// The MUT checks of rule 12, *creation* — attribute bytes given at creation (MUT-53).
extension MutationChecks {
    static let binaryExtendedAttributesAtCreation = ConformanceCheck(
        "MUT-53",
        .mutations,
        "extended-attribute values that are not UTF-8 given at creation come back byte for byte",
        rule: "Rule 12 (creation)",
        clauses: ["R12.1", "R13.1"],
        rationale: "Extended attributes hold binary data (quarantine records, resource forks, finder info); a "
            + "provider that carries them as strings replaces every byte that is not UTF-8 with U+FFFD and "
            + "corrupts them on every device.",
        requires: .writing
    ) { context in
        var template = context.template(named: "attributes.bin", in: .rootContainer, contentType: .data)
        template.extendedAttributes = binaryAttributes
        let result = try await context.createResult(
            template,
            contents: Data("body".utf8),
            extraFields: .extendedAttributes
        )
        let created = try context.require(result, "createItem(\"attributes.bin\") returned no item")
        guard !created.stillPendingFields.contains(.extendedAttributes) else { return }
        context.expectEqual(
            ItemSnapshot(created.item).extendedAttributes,
            binaryAttributes,
            "the created item's extended attributes differ from the template's"
        )
        let stored = try await context.item(created.item.itemIdentifier)
        context.expectEqual(
            stored.extendedAttributes,
            binaryAttributes,
            "the stored extended attributes differ from the ones given at creation"
        )
    }
}
