import FileProviderKit

/// Lists a container of an ``ObjectStoreProvider``; the working set's enumerator also reports the
/// domain's changes. It keeps no state: its pages and anchors carry everything, so an enumerator of
/// a new provider instance continues from them. A folder's enumerator (the root's and the trash's
/// included) lists only: it has no anchor and refuses change enumeration with
/// `featureUnsupported`, as the contract allows for folders whose changes the working set carries
/// (the subject declares `listingOnlyFolders`). The change journal has no per-folder index yet.
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

    /// One batch of the domain's changes since `anchor`, for the working set.
    ///
    /// - Throws: `featureUnsupported` for any other container; `syncAnchorExpired` for an anchor of
    ///   another epoch, older than the history kept, or garbage.
    public func enumerateChanges(from anchor: SyncAnchor, limit: Int) async throws -> ChangeBatch {
        guard container == .workingSet else { throw FileProviderError(.featureUnsupported) }
        return try await provider.changes(since: anchor, limit: limit)
    }

    /// The anchor after the latest change, for the working set; `nil` for a folder, which reports
    /// no changes.
    public func currentSyncAnchor() async throws -> SyncAnchor? {
        guard container == .workingSet else { return nil }
        return try await provider.currentAnchor()
    }
}
