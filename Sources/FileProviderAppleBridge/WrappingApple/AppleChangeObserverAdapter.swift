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
    private let gate: ObserverCallGate<Finish>

    init(
        forwardingTo observer: any ChangeObserver,
        call: String,
        log: ViolationLog,
        reply: @escaping @Sendable (Result<Finish, any Error>) -> Void
    ) {
        self.observer = observer
        self.gate = ObserverCallGate(call: call, log: log, reply: reply)
    }

    var suggestedBatchSize: Int { max(1, observer.suggestedBatchSize) }

    func didUpdate(_ updatedItems: [any NSFileProviderItemProtocol]) {
        guard gate.isOpen() else { return }
        let items: [ItemSnapshot]
        do {
            items = try updatedItems.map { item in try ItemSnapshot(apple: item) }
        } catch {
            gate.finish(.failure(error))
            return
        }
        gate.forward { observer.didUpdate(items) }
    }

    func didDeleteItems(withIdentifiers deletedItemIdentifiers: [NSFileProviderItemIdentifier]) {
        guard gate.isOpen() else { return }
        let identifiers = deletedItemIdentifiers.map { ItemIdentifier($0) }
        gate.forward { observer.didDeleteItems(withIdentifiers: identifiers) }
    }

    func finishEnumeratingChanges(upTo anchor: NSFileProviderSyncAnchor, moreComing: Bool) {
        do {
            gate.finish(.success(Finish(anchor: try SyncAnchor(anchor), moreComing: moreComing)))
        } catch {
            gate.finish(.failure(error))
        }
    }

    func finishEnumeratingWithError(_ error: any Error) {
        gate.finish(.failure(AppleErrorBridge.error(fromApple: error)))
    }

    /// Stops forwarding without a finding (see ``ObserverCallGate/abandon()``).
    func abandon() {
        gate.abandon()
    }
}
