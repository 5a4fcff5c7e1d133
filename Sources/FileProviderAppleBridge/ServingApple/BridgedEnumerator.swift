import FileProviderKit
import Foundation

#if canImport(FileProvider)
import FileProvider
#endif

/// A contract enumerator as Apple's `NSFileProviderEnumerator`.
///
/// Apple's methods return at once; the work runs in a task that finishes Apple's observer exactly
/// once (the contract enumerator's own guarantee). `invalidate()` cancels the tasks still running
/// — their observers finish with `NSUserCancelledError` — and invalidates the contract enumerator.
/// An enumerator whose `Enumerator.currentSyncAnchor()` is `nil` hands Apple a
/// `nil` anchor, which Apple reads as "no change support".
public final class BridgedEnumerator: NSObject, NSFileProviderEnumerator, Sendable {
    /// The contract enumerator.
    public let enumerator: any Enumerator
    private let running = LockedValue<(tasks: [UUID: Task<Void, Never>], isInvalidated: Bool)>(([:], false))

    /// Wraps a contract enumerator.
    public init(_ enumerator: any Enumerator) {
        self.enumerator = enumerator
    }

    /// Lists a page for Apple's observer.
    public func enumerateItems(for observer: any NSFileProviderEnumerationObserver, startingAt page: NSFileProviderPage)
    {
        let forwarder = EnumerationObserverForwarder(observer)
        run(
            failing: { forwarder.finishEnumeratingWithError($0) },
            work: { enumerator in
                let ourPage: Page
                do {
                    ourPage = try Page(page)
                } catch {
                    forwarder.finishEnumeratingWithError(error)
                    return
                }
                await enumerator.enumerateItems(for: forwarder, startingAt: ourPage)
            }
        )
    }

    /// Reports a batch of changes to Apple's observer.
    public func enumerateChanges(
        for observer: any NSFileProviderChangeObserver,
        from syncAnchor: NSFileProviderSyncAnchor
    ) {
        let forwarder = ChangeObserverForwarder(observer)
        run(
            failing: { forwarder.finishEnumeratingWithError($0) },
            work: { enumerator in
                let anchor: SyncAnchor
                do {
                    anchor = try SyncAnchor(syncAnchor)
                } catch {
                    forwarder.finishEnumeratingWithError(error)
                    return
                }
                await enumerator.enumerateChanges(for: forwarder, from: anchor)
            }
        )
    }

    /// Hands Apple the current anchor; `nil` when the contract enumerator has none or fails.
    public func currentSyncAnchor(completionHandler: @escaping (NSFileProviderSyncAnchor?) -> Void) {
        let completionHandler = UncheckedReference(completionHandler)
        run(
            failing: { _ in completionHandler.value(nil) },
            work: { enumerator in
                let anchor = try? await enumerator.currentSyncAnchor()
                completionHandler.value(anchor.flatMap { $0 }?.apple)
            }
        )
    }

    /// Cancels the work in flight and invalidates the contract enumerator.
    public func invalidate() {
        let tasks = running.withLock { running in
            running.isInvalidated = true
            defer { running.tasks = [:] }
            return Array(running.tasks.values)
        }
        for task in tasks { task.cancel() }
        let enumerator = enumerator
        Task { await enumerator.invalidate() }
    }

    /// Runs `work` in a task tracked for ``invalidate()``; after invalidation, calls `failing`
    /// with `CancellationError` instead.
    private func run(
        failing: @escaping @Sendable (any Error) -> Void,
        work: @escaping @Sendable (any Enumerator) async -> Void
    ) {
        let identifier = UUID()
        let enumerator = enumerator
        let registry = running
        let isInvalidated = registry.withLock { state in
            guard !state.isInvalidated else { return true }
            state.tasks[identifier] = Task {
                await work(enumerator)
                _ = registry.withLock { $0.tasks.removeValue(forKey: identifier) }
            }
            return false
        }
        if isInvalidated { failing(CancellationError()) }
    }
}
