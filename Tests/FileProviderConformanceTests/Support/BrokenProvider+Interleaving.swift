import FileProviderKit
import Foundation

extension BrokenProvider {
    /// Applies a modification as one store call per field of content, name and parent (the other
    /// fields with the last), as a backend without multi-field updates would; `nil` when the
    /// modification changes only one of the three.
    func modifyStepByStep(
        _ template: ItemSnapshot,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        request: Request
    ) async throws -> ItemMutationResult? {
        let steps = [ItemFields.contents, .filename, .parentItemIdentifier].filter { changedFields.contains($0) }
        guard steps.count > 1 else { return nil }
        let others = changedFields.subtracting([.contents, .filename, .parentItemIdentifier])
        var version = baseVersion
        var result: ItemMutationResult?
        for (index, step) in steps.enumerated() {
            let fields = index == steps.count - 1 ? step.union(others) : step
            result = try await base.modifyItem(
                template,
                baseVersion: version,
                changedFields: fields,
                contents: step == .contents ? contents : nil,
                options: [],
                request: request
            )
            if let item = result?.item { version = item.itemVersion }
        }
        guard var result else { return nil }
        result.item = outgoing(result.item)
        return result
    }

    /// For ``Bug/metadataReadModifyWrite``: the fields written back whole.
    static let readModifyWriteFields: ItemFields = [.filename, .parentItemIdentifier, .tagData, .favoriteRank]

    /// `stored` with the fields of ``readModifyWriteFields`` that `changedFields` names taken from
    /// `template`.
    static func merging(_ template: ItemSnapshot, into stored: ItemSnapshot, changedFields: ItemFields) -> ItemSnapshot
    {
        var merged = template
        if !changedFields.contains(.filename) { merged.filename = stored.filename }
        if !changedFields.contains(.parentItemIdentifier) { merged.parentItemIdentifier = stored.parentItemIdentifier }
        if !changedFields.contains(.tagData) { merged.tagData = stored.tagData }
        if !changedFields.contains(.favoriteRank) { merged.favoriteRank = stored.favoriteRank }
        return merged
    }
}
