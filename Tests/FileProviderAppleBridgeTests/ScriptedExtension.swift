import FileProviderAppleBridge
import FileProviderKit
import Foundation

#if canImport(FileProvider)
import FileProvider
#endif

/// An extension written against Apple's interface that replies as a test scripts it: once, twice,
/// never, with nothing, or only when its progress is cancelled. Its items are ``BridgedItem``s of
/// a file named "a.txt"; its enumerators finish as scripted too.
final class ScriptedExtension: NSObject, NSFileProviderReplicatedExtension, @unchecked Sendable {
    enum Reply: Sendable {
        case once
        case twice
        case never
        case nothing
        case whenCancelled
    }

    static let item = ItemSnapshot(
        itemIdentifier: "a",
        parentItemIdentifier: .rootContainer,
        filename: "a.txt",
        contentType: .plainText,
        itemVersion: ItemVersion(contentRevision: 1, metadataRevision: 1),
        documentSize: 3
    )

    let reply: Reply
    /// Yields once each time an enumerator of this extension has made every call of a page.
    let pagesDelivered = AsyncStream.makeStream(of: Void.self)

    init(reply: Reply) {
        self.reply = reply
    }

    required init(domain: NSFileProviderDomain) {
        self.reply = .once
    }

    func invalidate() {}

    func item(
        for identifier: NSFileProviderItemIdentifier,
        request: NSFileProviderRequest,
        completionHandler: @escaping (NSFileProviderItem?, (any Error)?) -> Void
    ) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        let item = BridgedItem(Self.item)
        switch reply {
        case .once: completionHandler(item, nil)
        case .twice:
            completionHandler(item, nil)
            completionHandler(nil, NSError(domain: NSFileProviderErrorDomain, code: -1005))
        case .never: break
        case .nothing: completionHandler(nil, nil)
        case .whenCancelled:
            let reply = UncheckedReference(completionHandler)
            progress.cancellationHandler = {
                reply.value(nil, NSError(domain: NSCocoaErrorDomain, code: 3072))
            }
        }
        return progress
    }

    func fetchContents(
        for itemIdentifier: NSFileProviderItemIdentifier,
        version requestedVersion: NSFileProviderItemVersion?,
        request: NSFileProviderRequest,
        completionHandler: @escaping (URL?, NSFileProviderItem?, (any Error)?) -> Void
    ) -> Progress {
        completionHandler(nil, nil, NSError(domain: NSFileProviderErrorDomain, code: -1005))
        return Progress(totalUnitCount: 1)
    }

    func createItem(
        basedOn itemTemplate: NSFileProviderItem,
        fields: NSFileProviderItemFields,
        contents url: URL?,
        options: NSFileProviderCreateItemOptions = [],
        request: NSFileProviderRequest,
        completionHandler:
            @escaping (NSFileProviderItem?, NSFileProviderItemFields, Bool, (any Error)?) ->
            Void
    ) -> Progress {
        completionHandler(nil, [], false, nil)
        return Progress(totalUnitCount: 1)
    }

    func modifyItem(
        _ item: NSFileProviderItem,
        baseVersion version: NSFileProviderItemVersion,
        changedFields: NSFileProviderItemFields,
        contents newContents: URL?,
        options: NSFileProviderModifyItemOptions = [],
        request: NSFileProviderRequest,
        completionHandler:
            @escaping (NSFileProviderItem?, NSFileProviderItemFields, Bool, (any Error)?) ->
            Void
    ) -> Progress {
        completionHandler(nil, [], false, nil)
        return Progress(totalUnitCount: 1)
    }

    func deleteItem(
        identifier: NSFileProviderItemIdentifier,
        baseVersion version: NSFileProviderItemVersion,
        options: NSFileProviderDeleteItemOptions = [],
        request: NSFileProviderRequest,
        completionHandler: @escaping ((any Error)?) -> Void
    ) -> Progress {
        completionHandler(NSError(domain: "com.example.backend", code: 7))
        return Progress(totalUnitCount: 1)
    }

    func enumerator(
        for containerItemIdentifier: NSFileProviderItemIdentifier,
        request: NSFileProviderRequest
    ) throws -> any NSFileProviderEnumerator {
        guard containerItemIdentifier == .rootContainer else {
            throw NSError(
                domain: NSFileProviderErrorDomain,
                code: -1005,
                userInfo: [NSFileProviderErrorNonExistentItemIdentifierKey: containerItemIdentifier.rawValue]
            )
        }
        return ScriptedEnumerator(reply: reply, delivered: pagesDelivered.continuation)
    }
}

/// An enumerator that lists ``ScriptedExtension/item`` and finishes as scripted; it has no change
/// methods worth calling (each batch is empty) and finishes after returning, on another queue.
final class ScriptedEnumerator: NSObject, NSFileProviderEnumerator, @unchecked Sendable {
    let reply: ScriptedExtension.Reply
    let delivered: AsyncStream<Void>.Continuation

    init(reply: ScriptedExtension.Reply, delivered: AsyncStream<Void>.Continuation) {
        self.reply = reply
        self.delivered = delivered
    }

    func invalidate() {}

    func enumerateItems(for observer: any NSFileProviderEnumerationObserver, startingAt page: NSFileProviderPage) {
        let observer = UncheckedReference(observer)
        let reply = reply
        let delivered = delivered
        DispatchQueue.global().async {
            defer { delivered.yield() }
            observer.value.didEnumerate([BridgedItem(ScriptedExtension.item)])
            switch reply {
            case .once: observer.value.finishEnumerating(upTo: nil)
            case .twice:
                observer.value.finishEnumerating(upTo: nil)
                observer.value.finishEnumerating(upTo: nil)
            case .never, .whenCancelled: break
            case .nothing: observer.value.finishEnumeratingWithError(NSError(domain: NSPOSIXErrorDomain, code: 5))
            }
        }
    }

    func enumerateChanges(for observer: any NSFileProviderChangeObserver, from syncAnchor: NSFileProviderSyncAnchor) {
        observer.finishEnumeratingChanges(upTo: syncAnchor, moreComing: false)
    }

    func currentSyncAnchor(completionHandler: @escaping (NSFileProviderSyncAnchor?) -> Void) {
        completionHandler(NSFileProviderSyncAnchor(Data("anchor".utf8)))
    }
}
