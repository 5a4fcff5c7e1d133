import FileProviderKit
import Foundation

/// The subject's way to change its server as another client would, so the harness can check that
/// the provider reports those changes.
///
/// Each method applies one change on the server and returns once it is visible to the provider:
/// the next change enumeration of the working set must report it. Errors are reported as thrown
/// `FileProviderError`s and make the check fail with that error.
public protocol RemoteChangeHooks: Sendable {
    /// Creates a file with `contents`, or a folder when `contents` is `nil`, and returns the
    /// identifier the provider will report for it.
    func createItem(
        named filename: String,
        in parent: ItemIdentifier,
        contents: Data?
    ) async throws
        -> ItemIdentifier

    /// Replaces the content of a file.
    func replaceContents(of identifier: ItemIdentifier, with contents: Data) async throws

    /// Renames an item within its folder.
    func rename(_ identifier: ItemIdentifier, to filename: String) async throws

    /// Moves an item to another folder, keeping its name. The suite never asks to move an item
    /// into the folder it is already in: `parent` always differs from the item's parent.
    func move(_ identifier: ItemIdentifier, to parent: ItemIdentifier) async throws

    /// Moves an item to the trash. Only called when the subject declares ``ProviderCapabilities/trash``.
    func trash(_ identifier: ItemIdentifier) async throws

    /// Moves a trashed item back to `parent`. Only called when the subject declares
    /// ``ProviderCapabilities/trash``.
    func restore(_ identifier: ItemIdentifier, to parent: ItemIdentifier) async throws

    /// Deletes an item permanently, with everything inside it.
    func delete(_ identifier: ItemIdentifier) async throws
}
