import FileProviderKit
import Foundation

/// A local change or a download the host sends to the provider: one call of `FileProvider`.
///
/// Content files (`contents`) belong to the caller and must stay readable until the operation
/// reaches a final state; the host hands the same file to every attempt.
public enum HostOperation: Sendable {
    /// `FileProvider.createItem(basedOn:fields:contents:options:request:)` of `template`.
    case createItem(ItemSnapshot, fields: ItemFields, contents: URL?, options: CreateItemOptions)
    /// `FileProvider.modifyItem(_:baseVersion:changedFields:contents:options:request:)`.
    case modifyItem(
        ItemSnapshot,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions
    )
    /// `FileProvider.deleteItem(identifier:baseVersion:options:request:)`.
    case deleteItem(ItemIdentifier, baseVersion: ItemVersion, options: DeleteItemOptions)
    /// `FileProvider.fetchContents(for:version:request:)`; the content lands in the host's
    /// content cache.
    case fetchContents(ItemIdentifier, version: ItemVersion?)

    /// The item the operation acts on: `nil` for a creation, whose template identifier is the
    /// system's and not the provider's.
    public var targetItemIdentifier: ItemIdentifier? {
        switch self {
        case .createItem: nil
        case .modifyItem(let item, _, _, _, _): item.itemIdentifier
        case .deleteItem(let identifier, _, _): identifier
        case .fetchContents(let identifier, _): identifier
        }
    }

    /// The provider method and the item, for example `modifyItem(item-7, fields: 6)`.
    public var callDescription: String {
        switch self {
        case .createItem(let template, let fields, _, _):
            "createItem(basedOn: \(template.itemIdentifier), fields: \(fields.rawValue))"
        case .modifyItem(let item, _, let fields, _, _):
            "modifyItem(\(item.itemIdentifier), changedFields: \(fields.rawValue))"
        case .deleteItem(let identifier, _, _): "deleteItem(identifier: \(identifier))"
        case .fetchContents(let identifier, _): "fetchContents(for: \(identifier))"
        }
    }
}
