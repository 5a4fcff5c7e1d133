import FileProviderKit

/// Lists a container of an ``ObjectStoreProvider`` and reports the domain's changes. It keeps no
/// state: its pages and anchors carry everything, so an enumerator of a new provider instance
/// continues from them. Every enumerator reports every change of the domain, as the working set's
/// does.
public struct ObjectStoreEnumerator: ThrowingEnumerator {
    /// The provider whose items it lists.
    public let provider: ObjectStoreProvider
    /// The container it lists.
    public let container: ItemIdentifier

    /// One page of at most `limit` items, and the next page.
    ///
    /// - Throws: `pageExpired`, `noSuchItem`, S3's errors.
    public func enumerateItems(startingAt page: Page, limit: Int) async throws -> ItemPage {
        try await provider.page(of: container, startingAt: page, limit: limit)
    }

    /// One batch of the domain's changes since `anchor`.
    ///
    /// - Throws: `syncAnchorExpired` for an anchor of another epoch, older than the history kept,
    ///   or garbage.
    public func enumerateChanges(from anchor: SyncAnchor, limit: Int) async throws -> ChangeBatch {
        try await provider.changes(since: anchor, limit: limit)
    }

    /// The anchor after the latest change.
    public func currentSyncAnchor() async throws -> SyncAnchor? {
        try await provider.currentAnchor()
    }
}
