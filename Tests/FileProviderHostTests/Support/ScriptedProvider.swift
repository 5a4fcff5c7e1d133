import FileProviderKit
import Foundation

/// A provider whose enumerators replay a script: for checking that the host's monitor sees each
/// broken rule. Mutations and fetches are unsupported.
struct ScriptedProvider: FileProvider {
    /// Answers `enumerateItems` for a container and a page.
    var listing: @Sendable (_ container: ItemIdentifier, _ observer: any EnumerationObserver, _ page: Page) -> Void
    /// Answers `enumerateChanges` from an anchor.
    var changes: @Sendable (_ observer: any ChangeObserver, _ anchor: SyncAnchor) -> Void = { observer, anchor in
        observer.finishEnumeratingChanges(upTo: anchor, moreComing: false)
    }
    /// The anchor `currentSyncAnchor()` returns.
    var anchor: SyncAnchor

    static func anchor(_ text: String) throws -> SyncAnchor {
        try SyncAnchor(Data(text.utf8))
    }

    static func page(_ text: String) throws -> Page {
        try Page(Data(text.utf8))
    }

    static func file(_ identifier: ItemIdentifier, in parent: ItemIdentifier = .rootContainer) -> ItemSnapshot {
        ItemSnapshot(
            itemIdentifier: identifier,
            parentItemIdentifier: parent,
            filename: identifier.rawValue,
            contentType: .data
        )
    }

    static func folder(_ identifier: ItemIdentifier, in parent: ItemIdentifier = .rootContainer) -> ItemSnapshot {
        ItemSnapshot(
            itemIdentifier: identifier,
            parentItemIdentifier: parent,
            filename: identifier.rawValue,
            contentType: .folder
        )
    }

    func item(for identifier: ItemIdentifier, request: Request) async throws -> any FileProviderItem {
        throw FileProviderError.nonExistentItem(withIdentifier: identifier)
    }

    func fetchContents(
        for identifier: ItemIdentifier,
        version: ItemVersion?,
        request: Request
    ) async throws
        -> FetchedContents
    {
        throw FileProviderError(.featureUnsupported)
    }

    func createItem(
        basedOn template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        throw FileProviderError(.featureUnsupported)
    }

    func modifyItem(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        throw FileProviderError(.featureUnsupported)
    }

    func deleteItem(
        identifier: ItemIdentifier,
        baseVersion: ItemVersion,
        options: DeleteItemOptions,
        request: Request
    )
        async throws
    {
        throw FileProviderError(.featureUnsupported)
    }

    func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator {
        ScriptedEnumerator(provider: self, container: containerItemIdentifier)
    }
}

/// The scripted provider's enumerator.
struct ScriptedEnumerator: Enumerator {
    let provider: ScriptedProvider
    let container: ItemIdentifier

    func enumerateItems(for observer: any EnumerationObserver, startingAt page: Page) async {
        provider.listing(container, observer, page)
    }

    func enumerateChanges(for observer: any ChangeObserver, from anchor: SyncAnchor) async {
        provider.changes(observer, anchor)
    }

    func currentSyncAnchor() async throws -> SyncAnchor? {
        provider.anchor
    }
}
