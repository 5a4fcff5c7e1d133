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
    private let reply: @Sendable (Result<Page?, any Error>) -> Void
    private let isFinished = LockedValue(false)
    private let isAbandoned = LockedValue(false)
    private let log: ViolationLog
    private let call: String

    init(
        forwardingTo observer: any EnumerationObserver,
        call: String,
        log: ViolationLog,
        reply: @escaping @Sendable (Result<Page?, any Error>) -> Void
    ) {
        self.observer = observer
        self.call = call
        self.log = log
        self.reply = reply
    }

    var suggestedPageSize: Int { max(1, observer.suggestedPageSize) }

    func didEnumerate(_ updatedItems: [any NSFileProviderItemProtocol]) {
        guard !isFinished.withLock({ $0 }) else {
            log.record(ContractViolation(.reportedAfterFinish, call: call))
            return
        }
        let items: [ItemSnapshot]
        do {
            items = try updatedItems.map { item in try ItemSnapshot(apple: item) }
        } catch {
            finish(.failure(error))
            return
        }
        forward { observer.didEnumerate(items) }
    }

    func finishEnumerating(upTo nextPage: NSFileProviderPage?) {
        do {
            finish(.success(try nextPage.map { page in try Page(page) }))
        } catch {
            finish(.failure(error))
        }
    }

    func finishEnumeratingWithError(_ error: any Error) {
        finish(.failure(AppleErrorBridge.error(fromApple: error)))
    }

    /// Stops forwarding without a finding: the call this observer served has ended (cancelled, or
    /// past its deadline), and whatever the extension still reports goes nowhere.
    /// Once it returns, nothing more reaches the contract observer: it waits for a report being
    /// forwarded, so the caller may finish that observer at once without racing the extension.
    func abandon() {
        isAbandoned.withLock { $0 = true }
    }

    /// Runs `report` unless the call was abandoned, holding the lock `abandon()` takes.
    private func forward(_ report: () -> Void) {
        isAbandoned.withLock { abandoned in
            if !abandoned { report() }
        }
    }

    private func finish(_ result: Result<Page?, any Error>) {
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
