import FileProviderKit
import Foundation

#if canImport(FileProvider)
import FileProvider
#endif

/// Any contract `FileProvider` as Apple's `NSFileProviderReplicatedExtension`:
/// the class your extension target names as its principal class, so that the provider you test on
/// Linux is the one that ships.
///
/// Subclass it and override ``makeProvider(for:)`` to make your provider for a domain:
///
/// ```swift
/// final class Extension: ReplicatedExtensionBridge, @unchecked Sendable {
///     override class func makeProvider(for domain: Domain) throws -> any FileProvider {
///         MyProvider(account: domain.identifier.rawValue)
///     }
/// }
/// ```
///
/// What the bridge guarantees to Apple's system:
/// - Every completion handler is called exactly once: with the result, or with the error in
///   Apple's domains as ``AppleErrorBridge`` says (`NSUserCancelledError` for a cancelled call).
/// - The returned `Progress` is the one the provider reports on (`Request.progress`); cancelling it
///   cancels the provider's task.
/// - Items cross as ``BridgedItem``s; a `nil` result of `createItem` or `modifyItem` crosses as
///   Apple's `nil` item ("delete it locally").
/// - Enumerators cross as ``BridgedEnumerator``s. Apple's `enumerator(for:request:)` is synchronous:
///   the bridge waits for the provider's `enumerator(for:request:)` — which the contract requires to
///   be cheap — on the calling thread, one of Apple's queues.
/// - Thumbnails and custom actions are served when the provider adopts
///   `Thumbnailing` or `CustomActionPerforming`; otherwise every
///   thumbnail is "none" and an action fails with `NSFeatureUnsupportedError`. Partial content needs
///   ``PartialContentExtensionBridge``, so that the system only asks a provider that has it.
///
/// When ``makeProvider(for:)`` throws (or a subclass does not override it), every call fails with
/// that error, so the failure shows in the system's logs rather than as a crash.
open class ReplicatedExtensionBridge: NSObject, NSFileProviderReplicatedExtension, NSFileProviderThumbnailing,
    NSFileProviderCustomAction, @unchecked Sendable
{
    // Immutable after init; the provider is Sendable.
    /// The provider every call goes to.
    public let provider: any FileProvider

    /// Made by Apple's system for a domain: the provider comes from ``makeProvider(for:)``.
    public required init(domain: NSFileProviderDomain) {
        do {
            self.provider = try Self.makeProvider(for: Domain(domain))
        } catch {
            self.provider = UnavailableProvider(reason: error)
        }
        super.init()
    }

    /// Serves `provider` directly, as a test does.
    public init(provider: any FileProvider) {
        self.provider = provider
        super.init()
    }

    /// Makes the provider for a domain. Override it; the default throws
    /// `FileProviderError.Code.providerNotFound`.
    open class func makeProvider(for domain: Domain) throws -> any FileProvider {
        throw FileProviderError(
            .providerNotFound,
            message: "\(self) does not override makeProvider(for:), so it has no provider for \(domain.identifier)."
        )
    }

    /// Invalidates the provider.
    open func invalidate() {
        let provider = provider
        Task { await provider.invalidate() }
    }

    /// The provider's `item(for:request:)`.
    open func item(
        for identifier: NSFileProviderItemIdentifier,
        request: NSFileProviderRequest,
        completionHandler: @escaping (NSFileProviderItem?, (any Error)?) -> Void
    ) -> Progress {
        let completionHandler = UncheckedReference(completionHandler)
        let provider = provider
        return AppleOperation.start(request) { request in
            BridgedItem(try await provider.item(for: ItemIdentifier(identifier), request: request))
        } reply: { result in
            switch result {
            case .success(let item): completionHandler.value(item, nil)
            case .failure(let error): completionHandler.value(nil, error)
            }
        }
    }

    /// The provider's `fetchContents(for:version:request:)`.
    open func fetchContents(
        for itemIdentifier: NSFileProviderItemIdentifier,
        version requestedVersion: NSFileProviderItemVersion?,
        request: NSFileProviderRequest,
        completionHandler: @escaping (URL?, NSFileProviderItem?, (any Error)?) -> Void
    ) -> Progress {
        let completionHandler = UncheckedReference(completionHandler)
        let provider = provider
        let version = Self.version(requestedVersion)
        return AppleOperation.start(request) { request in
            try await provider.fetchContents(
                for: ItemIdentifier(itemIdentifier),
                version: version.get(),
                request: request
            )
        } reply: { result in
            switch result {
            case .success(let fetched): completionHandler.value(fetched.url, BridgedItem(fetched.item), nil)
            case .failure(let error): completionHandler.value(nil, nil, error)
            }
        }
    }

    /// The provider's `createItem(basedOn:fields:contents:options:request:)`.
    open func createItem(
        basedOn itemTemplate: NSFileProviderItem,
        fields: NSFileProviderItemFields,
        contents url: URL?,
        options: NSFileProviderCreateItemOptions = [],
        request: NSFileProviderRequest,
        completionHandler:
            @escaping (NSFileProviderItem?, NSFileProviderItemFields, Bool, (any Error)?) ->
            Void
    ) -> Progress {
        let completionHandler = UncheckedReference(completionHandler)
        let provider = provider
        let template = Result { try ItemSnapshot(apple: itemTemplate) }
        return AppleOperation.start(request) { request in
            try await provider.createItem(
                basedOn: template.get(),
                fields: ItemFields(fields),
                contents: url,
                options: CreateItemOptions(options),
                request: request
            )
        } reply: { result in
            Self.replyToMutation(result, completionHandler)
        }
    }

    /// The provider's `modifyItem(_:baseVersion:changedFields:contents:options:request:)`.
    open func modifyItem(
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
        let completionHandler = UncheckedReference(completionHandler)
        let provider = provider
        let changed = Result { try ItemSnapshot(apple: item) }
        let baseVersion = Self.version(version)
        return AppleOperation.start(request) { request in
            try await provider.modifyItem(
                changed.get(),
                baseVersion: baseVersion.get() ?? ItemVersion(),
                changedFields: ItemFields(changedFields),
                contents: newContents,
                options: ModifyItemOptions(options),
                request: request
            )
        } reply: { result in
            Self.replyToMutation(result, completionHandler)
        }
    }

    /// The provider's `deleteItem(identifier:baseVersion:options:request:)`.
    open func deleteItem(
        identifier: NSFileProviderItemIdentifier,
        baseVersion version: NSFileProviderItemVersion,
        options: NSFileProviderDeleteItemOptions = [],
        request: NSFileProviderRequest,
        completionHandler: @escaping ((any Error)?) -> Void
    ) -> Progress {
        let completionHandler = UncheckedReference(completionHandler)
        let provider = provider
        let baseVersion = Self.version(version)
        return AppleOperation.start(request) { request in
            try await provider.deleteItem(
                identifier: ItemIdentifier(identifier),
                baseVersion: baseVersion.get() ?? ItemVersion(),
                options: DeleteItemOptions(options),
                request: request
            )
        } reply: { result in
            switch result {
            case .success: completionHandler.value(nil)
            case .failure(let error): completionHandler.value(error)
            }
        }
    }

    /// The provider's enumerator, waited for on the calling thread.
    ///
    /// - Throws: the provider's error, in Apple's domains.
    open func enumerator(
        for containerItemIdentifier: NSFileProviderItemIdentifier,
        request: NSFileProviderRequest
    ) throws -> any NSFileProviderEnumerator {
        let provider = provider
        let outcome = LockedValue<Result<any Enumerator, NSError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let ourRequest = Request(request, progress: Progress(totalUnitCount: 0))
        Task {
            do {
                let enumerator = try await provider.enumerator(
                    for: ItemIdentifier(containerItemIdentifier),
                    request: ourRequest
                )
                outcome.withLock { $0 = .success(enumerator) }
            } catch {
                outcome.withLock { $0 = .failure(AppleErrorBridge.appleError(for: error)) }
            }
            done.signal()
        }
        done.wait()
        switch outcome.withLock({ $0 }) {
        case .success(let enumerator): return BridgedEnumerator(enumerator)
        case .failure(let error): throw error
        case nil: throw AppleErrorBridge.appleError(for: CancellationError())
        }
    }

    /// The provider's `importDidFinish()`.
    open func importDidFinish(completionHandler: @escaping () -> Void) {
        notify(completionHandler) { await $0.importDidFinish() }
    }

    /// The provider's `materializedItemsDidChange()`.
    open func materializedItemsDidChange(completionHandler: @escaping () -> Void) {
        notify(completionHandler) { await $0.materializedItemsDidChange() }
    }

    /// The provider's `pendingItemsDidChange()`.
    open func pendingItemsDidChange(completionHandler: @escaping () -> Void) {
        notify(completionHandler) { await $0.pendingItemsDidChange() }
    }

    /// The provider's thumbnails, of the larger side of `size`; every thumbnail is "none" for a
    /// provider that does not adopt `Thumbnailing`.
    open func fetchThumbnails(
        for itemIdentifiers: [NSFileProviderItemIdentifier],
        requestedSize size: CGSize,
        perThumbnailCompletionHandler: @escaping (NSFileProviderItemIdentifier, Data?, (any Error)?) -> Void,
        completionHandler: @escaping ((any Error)?) -> Void
    ) -> Progress {
        let perThumbnailCompletionHandler = UncheckedReference(perThumbnailCompletionHandler)
        let completionHandler = UncheckedReference(completionHandler)
        let provider = provider
        let identifiers = itemIdentifiers.map { ItemIdentifier($0) }
        let pixels = max(1, Int(max(size.width, size.height)))
        return AppleOperation.start(NSFileProviderRequest()) { request in
            guard let thumbnailing = provider as? any Thumbnailing else {
                for identifier in identifiers { perThumbnailCompletionHandler.value(identifier.apple, nil, nil) }
                return
            }
            try await thumbnailing.fetchThumbnails(for: identifiers, maximumPixelSize: pixels, request: request) {
                identifier,
                result in
                switch result {
                case .success(let data): perThumbnailCompletionHandler.value(identifier.apple, data, nil)
                case .failure(let error):
                    perThumbnailCompletionHandler.value(identifier.apple, nil, AppleErrorBridge.appleError(for: error))
                }
            }
        } reply: { result in
            completionHandler.value(result.failure)
        }
    }

    /// The provider's custom action; `NSFeatureUnsupportedError` for a provider that does not
    /// adopt `CustomActionPerforming`.
    open func performAction(
        identifier actionIdentifier: NSFileProviderExtensionActionIdentifier,
        onItemsWithIdentifiers itemIdentifiers: [NSFileProviderItemIdentifier],
        completionHandler: @escaping ((any Error)?) -> Void
    ) -> Progress {
        let completionHandler = UncheckedReference(completionHandler)
        let provider = provider
        return AppleOperation.start(NSFileProviderRequest()) { request in
            guard let actions = provider as? any CustomActionPerforming else {
                throw FileProviderError(.featureUnsupported, message: "The provider has no custom actions.")
            }
            try await actions.performAction(
                identifier: ActionIdentifier(actionIdentifier),
                onItemsWithIdentifiers: itemIdentifiers.map { ItemIdentifier($0) },
                request: request
            )
        } reply: { result in
            completionHandler.value(result.failure)
        }
    }

    /// Tells the provider something in a task and calls Apple's completion handler after.
    private func notify(
        _ completionHandler: @escaping () -> Void,
        _ call: @escaping @Sendable (any FileProvider) async -> Void
    ) {
        let completionHandler = UncheckedReference(completionHandler)
        let provider = provider
        Task {
            await call(provider)
            completionHandler.value()
        }
    }

    // MARK: - Conversions

    /// A version from Apple, or the conversion's error for the operation to throw.
    static func version(_ apple: NSFileProviderItemVersion?) -> Result<ItemVersion?, any Error> {
        Result { try apple.map { version in try ItemVersion(version) } }
    }

    private static func replyToMutation(
        _ result: Result<ItemMutationResult?, NSError>,
        _ completionHandler: UncheckedReference<
            (NSFileProviderItem?, NSFileProviderItemFields, Bool, (any Error)?) -> Void
        >
    ) {
        switch result {
        case .success(let mutation?):
            completionHandler.value(
                BridgedItem(mutation.item),
                mutation.stillPendingFields.apple,
                mutation.shouldFetchContent,
                nil
            )
        case .success(nil): completionHandler.value(nil, [], false, nil)
        case .failure(let error): completionHandler.value(nil, [], false, error)
        }
    }
}

extension Result {
    /// The failure, or `nil` on success.
    fileprivate var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
