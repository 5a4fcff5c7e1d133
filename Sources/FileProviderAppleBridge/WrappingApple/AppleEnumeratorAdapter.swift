import FileProviderKit
import Foundation

#if canImport(FileProvider)
import FileProvider
#endif

/// An enumerator of an extension built on Apple's framework, as a contract `Enumerator`.
///
/// Each call waits for the extension's observer to finish — Apple lets an enumerator finish after
/// it returns — up to the provider's reply deadline, and finishes the contract observer exactly
/// once before returning. An enumerator that does not implement Apple's optional change methods
/// has no anchor (`nil`), and its changes fail with `FileProviderError.Code.featureUnsupported`.
final class AppleEnumeratorAdapter: Enumerator, @unchecked Sendable {
    // Apple's system calls an enumerator from any queue, so an extension's enumerator is
    // thread-safe by Apple's contract; that is what makes this adapter Sendable.
    private let enumerator: any NSFileProviderEnumerator
    private let deadline: Duration
    private let log: ViolationLog

    init(_ enumerator: any NSFileProviderEnumerator, deadline: Duration, log: ViolationLog) {
        self.enumerator = enumerator
        self.deadline = deadline
        self.log = log
    }

    func enumerateItems(for observer: any EnumerationObserver, startingAt page: Page) async {
        let call = "enumerateItems(for:startingAt: \(page))"
        let adapter = LockedValue<AppleEnumerationObserverAdapter?>(nil)
        do {
            let nextPage = try await CompletionGate<Page?>.wait(for: call, deadline: deadline, log: log) { reply in
                let forwarder = AppleEnumerationObserverAdapter(
                    forwardingTo: observer,
                    call: call,
                    log: log,
                    reply: reply
                )
                adapter.withLock { $0 = forwarder }
                enumerator.enumerateItems(for: forwarder, startingAt: page.apple)
                return nil
            }
            observer.finishEnumerating(upTo: nextPage)
        } catch {
            adapter.withLock { $0 }?.abandon()
            observer.finishEnumeratingWithError(error)
        }
    }

    func enumerateChanges(for observer: any ChangeObserver, from anchor: SyncAnchor) async {
        let call = "enumerateChanges(for:from: \(anchor))"
        let adapter = LockedValue<AppleChangeObserverAdapter?>(nil)
        do {
            let finish = try await CompletionGate<AppleChangeObserverAdapter.Finish>.wait(
                for: call,
                deadline: deadline,
                log: log
            ) { reply in
                let forwarder = AppleChangeObserverAdapter(forwardingTo: observer, call: call, log: log, reply: reply)
                adapter.withLock { $0 = forwarder }
                #if canImport(FileProvider)
                if enumerator.enumerateChanges?(for: forwarder, from: anchor.apple) == nil {
                    forwarder.finishEnumeratingWithError(Self.noChangeSupport)
                }
                #else
                if enumerator.supportsChangeEnumeration {
                    enumerator.enumerateChanges(for: forwarder, from: anchor.apple)
                } else {
                    forwarder.finishEnumeratingWithError(Self.noChangeSupport)
                }
                #endif
                return nil
            }
            observer.finishEnumeratingChanges(upTo: finish.anchor, moreComing: finish.moreComing)
        } catch {
            adapter.withLock { $0 }?.abandon()
            observer.finishEnumeratingWithError(error)
        }
    }

    func currentSyncAnchor() async throws -> SyncAnchor? {
        let anchor = try await CompletionGate<Data?>.wait(
            for: "currentSyncAnchor(completionHandler:)",
            deadline: deadline,
            log: log
        ) { reply in
            #if canImport(FileProvider)
            if enumerator.currentSyncAnchor?(completionHandler: { reply(.success($0?.rawValue)) }) == nil {
                reply(.success(nil))
            }
            #else
            if enumerator.supportsChangeEnumeration {
                enumerator.currentSyncAnchor { reply(.success($0?.rawValue)) }
            } else {
                reply(.success(nil))
            }
            #endif
            return nil
        }
        return try anchor.map { bytes in try SyncAnchor(NSFileProviderSyncAnchor(bytes)) }
    }

    func invalidate() async {
        enumerator.invalidate()
    }

    private static let noChangeSupport = NSError(
        domain: NSCocoaErrorDomain,
        code: FileProviderError.Code.featureUnsupported.rawValue,
        userInfo: [NSLocalizedDescriptionKey: "The enumerator does not implement enumerateChanges(for:from:)."]
    )
}
