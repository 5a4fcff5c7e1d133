import FileProviderKit
import InMemoryFileProvider

/// A layer over the reference provider whose folder enumerators — the root's, the trash's and any
/// folder's, not the working set's — do not report changes, as Apple allows: `enumerateChanges`
/// fails with `featureUnsupported`, and `currentSyncAnchor()` returns `nil` — or, with
/// `keepsAnchors`, the reference provider's anchor, which only a subject declaring
/// `listingOnlyFolders` may do. A conforming provider.
struct ListingOnlyFoldersProvider: ReferenceProviderLayer, PartialContentFetching {
    let inner: InMemoryFileProvider
    var keepsAnchors = false

    func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator {
        let enumerator = try await inner.enumerator(for: containerItemIdentifier, request: request)
        guard containerItemIdentifier != .workingSet else { return enumerator }
        return ListingOnlyEnumerator(base: enumerator, keepsAnchors: keepsAnchors)
    }
}

/// An enumerator that lists through `base` and reports no changes.
struct ListingOnlyEnumerator: Enumerator {
    let base: any Enumerator
    let keepsAnchors: Bool

    func enumerateItems(for observer: any EnumerationObserver, startingAt page: Page) async {
        await base.enumerateItems(for: observer, startingAt: page)
    }

    func enumerateChanges(for observer: any ChangeObserver, from anchor: SyncAnchor) async {
        observer.finishEnumeratingWithError(
            FileProviderError(.featureUnsupported, message: "This enumerator does not report changes.")
        )
    }

    func currentSyncAnchor() async throws -> SyncAnchor? {
        keepsAnchors ? try await base.currentSyncAnchor() : nil
    }

    func invalidate() async { await base.invalidate() }
}
