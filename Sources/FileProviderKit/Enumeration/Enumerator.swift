/// Lists a container's items page by page and reports its changes since a sync anchor.
///
/// A consumer gets an enumerator from ``FileProvider/enumerator(for:request:)`` and drives it as
/// the system does: it asks for ``currentSyncAnchor()`` first, lists every page from an initial
/// page until the next page is `nil`, then asks for the changes since the anchor — and since each
/// anchor returned after — until `moreComing` is false. Every method may be called on a fresh
/// enumerator with pages and anchors an earlier one returned.
///
/// This is the observer form of Apple's framework, kept for providers ported from it; a new
/// provider writes a ``ThrowingEnumerator``, which returns pages and batches, throws its errors, and
/// gets these methods — finishing exactly once — by construction.
///
/// The rules each method follows are stated on ``EnumerationObserver`` and ``ChangeObserver``. The
/// working-set enumerator (for ``ItemIdentifier/workingSet``) supports change enumeration — its
/// ``currentSyncAnchor()`` never returns `nil` — and reports changes for every item the consumer
/// may hold; item enumeration of the working set lists those items.
public protocol Enumerator: Sendable {
    /// Reports one page of items to `observer`, starting at `page`, and finishes the page — with
    /// the next page, with `nil` at the end, or with an error — before returning.
    func enumerateItems(for observer: any EnumerationObserver, startingAt page: Page) async

    /// Reports one batch of the changes since `anchor` to `observer` and finishes the batch —
    /// with a new anchor, or with an error — before returning.
    ///
    /// What a batch covers depends on the container. The working set's enumerator reports every
    /// change of the domain. A folder's enumerator — the root's, the trash's, any folder's —
    /// reports the changes of the folder's direct children and nothing else: a child created,
    /// edited or renamed in it or moved into it, as an update; a child that left it (moved out,
    /// trashed, restored elsewhere or deleted), as a deletion (an update carrying its new parent
    /// also converges); never a change of another folder's item, of a deeper descendant, or of
    /// the folder itself. Work in proportion to the changes since `anchor`, never to the folder's
    /// items.
    ///
    /// A folder's enumerator that does not report changes (see ``currentSyncAnchor()``) finishes
    /// with ``FileProviderError/Code/featureUnsupported``; the working set's never does.
    func enumerateChanges(for observer: any ChangeObserver, from anchor: SyncAnchor) async

    /// The anchor of the container's current state, or `nil` when this enumerator does not report
    /// changes.
    ///
    /// An anchor is at or before the state the following listing delivers: changes made after it
    /// are reported by ``enumerateChanges(for:from:)`` from it, possibly again. With no writes in
    /// between, the changes since it are empty and it stays valid.
    ///
    /// `nil`, as Apple allows for enumerators without change support, says the enumerator does not
    /// report changes: the consumer never asks it for changes, and re-lists the container when
    /// signalled instead; asked anyway, with an anchor from elsewhere, its
    /// ``enumerateChanges(for:from:)`` fails with ``FileProviderError/Code/featureUnsupported``.
    /// Only a folder's (or the root's or the trash's) enumerator may return `nil`; the
    /// working-set enumerator always returns an anchor and carries every change, since remote
    /// changes reach the consumer only through it.
    ///
    /// - Throws: a ``FileProviderError`` (for example ``FileProviderError/Code/serverUnreachable``)
    ///   or `CancellationError`.
    func currentSyncAnchor() async throws -> SyncAnchor?

    /// Tells the enumerator it is no longer needed. Default: does nothing.
    func invalidate() async
}

extension Enumerator {
    /// Does nothing.
    public func invalidate() async {}
}
