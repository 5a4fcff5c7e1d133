import FileProviderKit
import Foundation

#if canImport(FileProvider)
import FileProvider
#endif

/// Apple's enumeration observer handed to an extension's enumerator: converts what it reports and
/// passes it on to a contract observer until the first finish; the finish ends the wait of
/// ``AppleEnumeratorAdapter``. Anything reported after it is dropped and recorded.
final class AppleEnumerationObserverAdapter: NSObject, NSFileProviderEnumerationObserver, Sendable {
    private let observer: any EnumerationObserver
    private let gate: ObserverCallGate<Page?>

    init(
        forwardingTo observer: any EnumerationObserver,
        call: String,
        log: ViolationLog,
        reply: @escaping @Sendable (Result<Page?, any Error>) -> Void
    ) {
        self.observer = observer
        self.gate = ObserverCallGate(call: call, log: log, reply: reply)
    }

    var suggestedPageSize: Int { max(1, observer.suggestedPageSize) }

    func didEnumerate(_ updatedItems: [any NSFileProviderItemProtocol]) {
        guard gate.isOpen() else { return }
        let items: [ItemSnapshot]
        do {
            items = try updatedItems.map { item in try ItemSnapshot(apple: item) }
        } catch {
            gate.finish(.failure(error))
            return
        }
        gate.forward { observer.didEnumerate(items) }
    }

    func finishEnumerating(upTo nextPage: NSFileProviderPage?) {
        do {
            gate.finish(.success(try nextPage.map { page in try Page(page) }))
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
