/// A provider that offers custom actions on its items, such as "Keep offline" or "Share".
public protocol CustomActionPerforming: FileProvider {
    /// Performs an action on the items.
    ///
    /// - Throws: ``FileProviderError/Code/featureUnsupported`` for an unknown action,
    ///   ``FileProviderError/Code/noSuchItem`` for an unknown item, or another ``FileProviderError``.
    func performAction(
        identifier: ActionIdentifier,
        onItemsWithIdentifiers identifiers: [ItemIdentifier],
        request: Request
    )
        async throws
}
