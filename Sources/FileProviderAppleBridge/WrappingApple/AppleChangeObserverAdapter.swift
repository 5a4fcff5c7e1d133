import FileProviderKit
import Foundation

#if canImport(FileProvider)
import FileProvider
#endif

/// Apple's change observer handed to an extension's enumerator: converts what it reports and
/// passes it on to a contract observer until the first finish; the finish ends the wait of
/// ``AppleEnumeratorAdapter``. Anything reported after it is dropped and recorded.
final class AppleChangeObserverAdapter: NSObject, NSFileProviderChangeObserver, Sendable {
    struct Finish: Sendable {
        var anchor: SyncAnchor
        var moreComing: Bool
    }

    private let observer: any ChangeObserver
    private let reply: @Sendable (Result<Finish, any Error>) -> Void
    private let isFinished = LockedValue(false)
    private let isAbandoned = LockedValue(false)
    private let log: ViolationLog
    private let call: String

    init(
        forwardingTo observer: any ChangeObserver,
        call: String,
        log: ViolationLog,
        reply: @escaping @Sendable (Result<Finish, any Error>) -> Void
    ) {
        self.observer = observer
        self.call = call
        self.log = log
        self.reply = reply
    }

    var suggestedBatchSize: Int { max(1, observer.suggestedBatchSize) }

    func didUpdate(_ updatedItems: [any NSFileProviderItemProtocol]) {
        guard stillOpen() else { return }
        do {
            observer.didUpdate(
                try updatedItems.map { item in try ItemSnapshot(apple: item) }
            )
        } catch {
            finish(.failure(error))
        }
    }

    func didDeleteItems(withIdentifiers deletedItemIdentifiers: [NSFileProviderItemIdentifier]) {
        guard stillOpen() else { return }
        observer.didDeleteItems(withIdentifiers: deletedItemIdentifiers.map { ItemIdentifier($0) })
    }

    func finishEnumeratingChanges(upTo anchor: NSFileProviderSyncAnchor, moreComing: Bool) {
        do {
            finish(.success(Finish(anchor: try SyncAnchor(anchor), moreComing: moreComing)))
        } catch {
            finish(.failure(error))
        }
    }

    func finishEnumeratingWithError(_ error: any Error) {
        finish(.failure(AppleErrorBridge.error(fromApple: error)))
    }

    private func stillOpen() -> Bool {
        guard isFinished.withLock({ $0 }) else { return !isAbandoned.withLock { $0 } }
        log.record(ContractViolation(.reportedAfterFinish, call: call))
        return false
    }

    /// Stops forwarding without a finding: the call this observer served has ended (cancelled, or
    /// past its deadline), and whatever the extension still reports goes nowhere.
    func abandon() {
        isAbandoned.withLock { $0 = true }
    }

    private func finish(_ result: Result<Finish, any Error>) {
        let wasFinished = isFinished.withLock { finished in
            defer { finished = true }
            return finished
        }
        if wasFinished {
            log.record(ContractViolation(.finishedMoreThanOnce, call: call))
            return
        }
        guard !isAbandoned.withLock({ $0 }) else { return }
        reply(result)
    }
}
