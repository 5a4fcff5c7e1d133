/// A domain: one independent tree of items a provider exposes, such as one account.
public struct Domain: Hashable, Codable, Sendable {
    /// The domain's identifier, unique among the domains of a manager.
    public var identifier: DomainIdentifier
    /// The name shown to the user.
    public var displayName: String
    /// Whether the domain has a trash: trashed items move to ``ItemIdentifier/trashContainer``.
    /// Without it, enumerating the trash fails with ``FileProviderError/Code/featureUnsupported``.
    public var supportsSyncingTrash: Bool
    /// Whether the domain is hidden from the user.
    public var isHidden: Bool
    /// Whether the user has the domain enabled.
    public var userEnabled: Bool

    /// Creates a domain. By default it has a trash, is visible and is enabled.
    public init(
        identifier: DomainIdentifier,
        displayName: String,
        supportsSyncingTrash: Bool = true,
        isHidden: Bool = false,
        userEnabled: Bool = true
    ) {
        self.identifier = identifier
        self.displayName = displayName
        self.supportsSyncingTrash = supportsSyncingTrash
        self.isHidden = isHidden
        self.userEnabled = userEnabled
    }
}
