import FileProviderKit
import Foundation

#if canImport(FileProvider)
import FileProvider
#endif

/// An extension written for Apple's framework — any `NSFileProviderReplicatedExtension` — as a
/// contract `FileProvider`, so that the conformance suite and the host drive the
/// extension you ship, in `swift test`, without installing it.
///
/// What the provider guarantees, whatever the extension does:
/// - Every call ends once. The extension's first reply (a completion handler, an observer's
///   finish) ends it; a second reply is dropped and recorded in ``contractViolations``; a reply that
///   never comes ends the call after ``replyDeadline`` with a
///   `FileProviderError.Code.unclassified` error carrying a
///   `ContractViolation` of kind `ContractViolation.Kind.didNotFinish`
///   (also recorded), never a hang.
/// - Cancelling the calling task cancels the `Progress` the extension returned and ends the call at
///   once with `CancellationError`; an extension's `NSUserCancelledError` is a `CancellationError`.
/// - Errors cross as ``AppleErrorBridge`` says; items, versions, pages, anchors and types as the
///   bridge's conversions say. A reply that carries neither a result nor an error where Apple
///   requires one is an `FileProviderError.Code.unclassified` error and a recorded violation.
/// - Partial content, thumbnails and custom actions are served when the extension adopts Apple's
///   protocol for them, and otherwise fail with `FileProviderError.Code.featureUnsupported`.
///   Apple's layout of a partial file (the range at its own offset) is the contract's, so files pass
///   through untouched.
///
/// Apple's `NSFileProviderRequest` cannot be made with values, so the extension sees every request
/// as made by no one in particular.
public final class AppleExtensionProvider: FileProvider, PartialContentFetching, Thumbnailing, CustomActionPerforming,
    @unchecked Sendable
{
    // Apple's system calls an extension from any queue, concurrently, so an extension object is
    // thread-safe by Apple's contract; that is what makes this provider Sendable.
    /// The extension this provider drives.
    public let appleExtension: any NSFileProviderReplicatedExtension
    /// How long a call waits for the extension's reply before it ends with a finding.
    public let replyDeadline: Duration
    private let log = ViolationLog()

    /// Wraps an extension instance, typically one made with its `init(domain:)`.
    public init(_ appleExtension: any NSFileProviderReplicatedExtension, replyDeadline: Duration = .seconds(60)) {
        self.appleExtension = appleExtension
        self.replyDeadline = replyDeadline
    }

    /// The violations of Apple's reply rules no call could report: replies after the first and
    /// replies that never came, in order. Empty for a correct extension; assert it in your tests.
    public var contractViolations: [ContractViolation] { log.all }

    /// The item, from `item(for:request:completionHandler:)`.
    public func item(for identifier: ItemIdentifier, request: Request) async throws -> any FileProviderItem {
        let call = "item(for: \(identifier))"
        return try await wait(call, request) { reply in
            appleExtension.item(for: identifier.apple, request: NSFileProviderRequest()) { item, error in
                reply(self.required(item, error, call: call))
            }
        }
    }

    /// The content, from `fetchContents(for:version:request:completionHandler:)`.
    public func fetchContents(
        for identifier: ItemIdentifier,
        version: ItemVersion?,
        request: Request
    ) async throws
        -> FetchedContents
    {
        let call = "fetchContents(for: \(identifier))"
        return try await wait(call, request) { reply in
            appleExtension.fetchContents(
                for: identifier.apple,
                version: version?.apple,
                request: NSFileProviderRequest()
            ) {
                url,
                item,
                error in
                reply(
                    self.required(item, error, call: call).flatMap { snapshot in
                        guard let url else { return .failure(self.missingReply(call)) }
                        return .success(FetchedContents(url: url, item: snapshot))
                    }
                )
            }
        }
    }

    /// The created item, from `createItem(basedOn:fields:contents:options:request:completionHandler:)`;
    /// `nil` when the extension completes with neither an item nor an error.
    public func createItem(
        basedOn template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        try await wait("createItem(basedOn: \(template.itemIdentifier))", request) { reply in
            appleExtension.createItem(
                basedOn: BridgedItem(template),
                fields: fields.apple,
                contents: contents,
                options: options.apple,
                request: NSFileProviderRequest()
            ) { item, pending, shouldFetch, error in
                reply(Self.mutation(item, pending, shouldFetch, error))
            }
        }
    }

    /// The modified item, from `modifyItem(_:baseVersion:changedFields:contents:options:request:completionHandler:)`;
    /// `nil` when the extension completes with neither an item nor an error (Apple's "delete it
    /// locally").
    public func modifyItem(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        try await wait("modifyItem(\(item.itemIdentifier))", request) { reply in
            appleExtension.modifyItem(
                BridgedItem(item),
                baseVersion: baseVersion.apple,
                changedFields: changedFields.apple,
                contents: contents,
                options: options.apple,
                request: NSFileProviderRequest()
            ) { item, pending, shouldFetch, error in
                reply(Self.mutation(item, pending, shouldFetch, error))
            }
        }
    }

    /// Deletes, through `deleteItem(identifier:baseVersion:options:request:completionHandler:)`.
    public func deleteItem(
        identifier: ItemIdentifier,
        baseVersion: ItemVersion,
        options: DeleteItemOptions,
        request: Request
    ) async throws {
        try await wait("deleteItem(identifier: \(identifier))", request) { reply in
            appleExtension.deleteItem(
                identifier: identifier.apple,
                baseVersion: baseVersion.apple,
                options: options.apple,
                request: NSFileProviderRequest()
            ) { error in
                reply(error.map { .failure(AppleErrorBridge.error(fromApple: $0)) } ?? .success(()))
            }
        }
    }

    /// The extension's enumerator, from `enumerator(for:request:)`, called on a thread of its own
    /// because Apple's method is synchronous.
    public func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator
    {
        let extensionBox = UncheckedReference(appleExtension)
        // Apple's method is synchronous and may block (the bridge's own does, waiting for an async
        // provider), so it runs on a thread of its own: a blocked dispatch worker could starve the
        // pool that runs Swift's tasks on Linux. The enumerator is handed over through a lock, so
        // that everything its initializer wrote happens before this task reads it.
        let made = LockedValue<Result<UncheckedReference<any NSFileProviderEnumerator>, any Error>?>(nil)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                let result = Result {
                    UncheckedReference(
                        try extensionBox.value.enumerator(
                            for: containerItemIdentifier.apple,
                            request: NSFileProviderRequest()
                        )
                    )
                }
                made.withLock { $0 = result.mapError { AppleErrorBridge.error(fromApple: $0) } }
                continuation.resume()
            }
        }
        guard let enumerator = try made.withLock({ $0 })?.get() else { throw CancellationError() }
        return AppleEnumeratorAdapter(enumerator.value, deadline: replyDeadline, log: log)
    }

    /// Calls the extension's `invalidate()`.
    public func invalidate() async {
        appleExtension.invalidate()
    }

    /// Calls the extension's `importDidFinish(completionHandler:)`, if it implements it.
    public func importDidFinish() async {
        _ = try? await wait("importDidFinish(completionHandler:)", Request()) { reply in
            #if canImport(FileProvider)
            if appleExtension.importDidFinish?(completionHandler: { reply(.success(())) }) == nil {
                reply(.success(()))
            }
            #else
            appleExtension.importDidFinish { reply(.success(())) }
            #endif
            return nil
        }
    }

    /// Calls the extension's `materializedItemsDidChange(completionHandler:)`, if it implements it.
    public func materializedItemsDidChange() async {
        _ = try? await wait("materializedItemsDidChange(completionHandler:)", Request()) { reply in
            #if canImport(FileProvider)
            if appleExtension.materializedItemsDidChange?(completionHandler: { reply(.success(())) }) == nil {
                reply(.success(()))
            }
            #else
            appleExtension.materializedItemsDidChange { reply(.success(())) }
            #endif
            return nil
        }
    }

    /// Calls the extension's `pendingItemsDidChange(completionHandler:)`, if it implements it.
    public func pendingItemsDidChange() async {
        _ = try? await wait("pendingItemsDidChange(completionHandler:)", Request()) { reply in
            #if canImport(FileProvider)
            if appleExtension.pendingItemsDidChange?(completionHandler: { reply(.success(())) }) == nil {
                reply(.success(()))
            }
            #else
            appleExtension.pendingItemsDidChange { reply(.success(())) }
            #endif
            return nil
        }
    }

    /// Part of the content, from `NSFileProviderPartialContentFetching` (macOS only, as Apple's is).
    ///
    /// - Throws: `FileProviderError.Code.featureUnsupported` when the extension
    ///   does not adopt it; `FileProviderError.Code.invalidArgument` for a range
    ///   beyond `Int`; the extension's errors.
    public func fetchPartialContents(
        for identifier: ItemIdentifier,
        version: ItemVersion,
        request: Request,
        minimalRange: Range<Int64>,
        aligningTo alignment: Int,
        options: FetchContentsOptions
    ) async throws -> FetchedPartialContents {
        #if os(macOS) || !canImport(FileProvider)
        guard let partial = appleExtension as? any NSFileProviderPartialContentFetching else {
            throw Self.unsupported("NSFileProviderPartialContentFetching")
        }
        guard let location = Int(exactly: minimalRange.lowerBound), let length = Int(exactly: minimalRange.count) else {
            throw FileProviderError(.invalidArgument, message: "The range \(minimalRange) does not fit an NSRange.")
        }
        let call = "fetchPartialContents(for: \(identifier))"
        return try await wait(call, request) { reply in
            partial.fetchPartialContents(
                for: identifier.apple,
                version: version.apple,
                request: NSFileProviderRequest(),
                minimalRange: NSRange(location: location, length: length),
                aligningTo: alignment,
                options: options.apple
            ) { url, item, range, flags, error in
                reply(
                    self.required(item, error, call: call).flatMap { snapshot in
                        guard let url, range.location != NSNotFound else { return .failure(self.missingReply(call)) }
                        let fetched = Int64(range.location)..<Int64(range.location + range.length)
                        return .success(
                            FetchedPartialContents(
                                url: url,
                                item: snapshot,
                                range: fetched,
                                flags: MaterializationFlags(flags)
                            )
                        )
                    }
                )
            }
        }
        #else
        throw Self.unsupported("NSFileProviderPartialContentFetching, which Apple offers on macOS only")
        #endif
    }

    /// Thumbnails, from `NSFileProviderThumbnailing`, each of `maximumPixelSize` square.
    ///
    /// - Throws: `FileProviderError.Code.featureUnsupported` when the extension
    ///   does not adopt it; the extension's final error.
    public func fetchThumbnails(
        for identifiers: [ItemIdentifier],
        maximumPixelSize: Int,
        request: Request,
        perThumbnail: @Sendable (ItemIdentifier, Result<Data?, FileProviderError>) -> Void
    ) async throws {
        guard let thumbnailing = appleExtension as? any NSFileProviderThumbnailing else {
            throw Self.unsupported("NSFileProviderThumbnailing")
        }
        try await withoutActuallyEscaping(perThumbnail) { perThumbnail in
            let deliver = UncheckedReference(perThumbnail)
            try await wait("fetchThumbnails(for: \(identifiers.count) items)", request) { reply in
                thumbnailing.fetchThumbnails(
                    for: identifiers.map(\.apple),
                    requestedSize: CGSize(width: maximumPixelSize, height: maximumPixelSize),
                    perThumbnailCompletionHandler: { identifier, data, error in
                        let result: Result<Data?, FileProviderError> =
                            if let error {
                                .failure(
                                    AppleErrorBridge.error(fromApple: error) as? FileProviderError
                                        ?? FileProviderError(.unclassified, underlyingError: error)
                                )
                            } else {
                                .success(data)
                            }
                        deliver.value(ItemIdentifier(identifier), result)
                    },
                    completionHandler: { error in
                        reply(error.map { .failure(AppleErrorBridge.error(fromApple: $0)) } ?? .success(()))
                    }
                )
            }
        }
    }

    /// Performs an action through `NSFileProviderCustomAction`.
    ///
    /// - Throws: `FileProviderError.Code.featureUnsupported` when the extension
    ///   does not adopt it; the extension's error.
    public func performAction(
        identifier: ActionIdentifier,
        onItemsWithIdentifiers identifiers: [ItemIdentifier],
        request: Request
    ) async throws {
        guard let actions = appleExtension as? any NSFileProviderCustomAction else {
            throw Self.unsupported("NSFileProviderCustomAction")
        }
        try await wait("performAction(identifier: \(identifier.rawValue))", request) { reply in
            actions.performAction(identifier: identifier.apple, onItemsWithIdentifiers: identifiers.map(\.apple)) {
                error in
                reply(error.map { .failure(AppleErrorBridge.error(fromApple: $0)) } ?? .success(()))
            }
        }
    }

    // MARK: - Replies

    /// Waits for the reply of the extension call `start` makes, and mirrors the extension's
    /// progress on the request's once it has replied.
    private func wait<Value: Sendable>(
        _ call: String,
        _ request: Request,
        start: (_ reply: @escaping @Sendable (Result<Value, any Error>) -> Void) -> Progress?
    ) async throws -> Value {
        let progress = LockedValue<Progress?>(nil)
        let value = try await CompletionGate<Value>.wait(for: call, deadline: replyDeadline, log: log) { reply in
            let extensionProgress = start(reply)
            progress.withLock { $0 = extensionProgress }
            return extensionProgress
        }
        if let total = progress.withLock({ $0 })?.totalUnitCount, total > 0 {
            request.progress.startTransfer(byteCount: total)
            request.progress.finishTransfer()
        }
        return value
    }

    /// The item of a reply that must carry an item or an error.
    private func required(
        _ item: NSFileProviderItem?,
        _ error: (any Error)?,
        call: String
    ) -> Result<ItemSnapshot, any Error> {
        if let error { return .failure(AppleErrorBridge.error(fromApple: error)) }
        guard let item else { return .failure(missingReply(call)) }
        return Result { try ItemSnapshot(apple: item) }
    }

    /// The result of a create or modify reply; `nil` for neither an item nor an error.
    private static func mutation(
        _ item: NSFileProviderItem?,
        _ pending: NSFileProviderItemFields,
        _ shouldFetchContent: Bool,
        _ error: (any Error)?
    ) -> Result<ItemMutationResult?, any Error> {
        if let error { return .failure(AppleErrorBridge.error(fromApple: error)) }
        guard let item else { return .success(nil) }
        return Result {
            ItemMutationResult(
                item: try ItemSnapshot(apple: item),
                stillPendingFields: ItemFields(pending),
                shouldFetchContent: shouldFetchContent
            )
        }
    }

    /// Records and returns the error for a reply that carried neither a result nor an error.
    private func missingReply(_ call: String) -> FileProviderError {
        let violation = ContractViolation(.didNotFinish, call: call)
        log.record(violation)
        return FileProviderError(
            .unclassified,
            message: "\(call) completed with neither a result nor an error.",
            underlyingError: violation
        )
    }

    private static func unsupported(_ protocolName: String) -> FileProviderError {
        FileProviderError(.featureUnsupported, message: "The extension does not adopt \(protocolName).")
    }
}
