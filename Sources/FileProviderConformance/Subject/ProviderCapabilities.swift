/// What a provider declares it supports. The harness cross-checks every declaration both ways: a
/// declared capability must work, and an undeclared one must fail the way the contract says.
public struct ProviderCapabilities: OptionSet, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The bits of the set.
    public let rawValue: UInt

    /// Creates a set from its bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The provider accepts creations, modifications and deletions. Without it, each fails with
    /// `FileProviderError.Code.fileWriteNoPermission` or
    /// `FileProviderError.Code.featureUnsupported` and changes nothing.
    public static let writing = ProviderCapabilities(rawValue: 1 << 0)
    /// The domain has a trash. Without it, enumerating the trash fails with
    /// `FileProviderError.Code.featureUnsupported`.
    public static let trash = ProviderCapabilities(rawValue: 1 << 1)
    /// The provider adopts `PartialContentFetching`. Without it, it does not.
    public static let partialContent = ProviderCapabilities(rawValue: 1 << 2)
    /// The fixture offers ``RemoteChangeHooks`` to change the server as another client would.
    public static let remoteChanges = ProviderCapabilities(rawValue: 1 << 3)
    /// A modification with `failOnConflict` and a stale base version fails with
    /// `localVersionConflictingWithServer`.
    public static let failOnConflict = ProviderCapabilities(rawValue: 1 << 4)
    /// A modification without `failOnConflict` and a stale base version keeps both contents: the
    /// server's on the item, the incoming one in a conflict copy.
    public static let conflictCopies = ProviderCapabilities(rawValue: 1 << 5)
    /// The provider stores symbolic links.
    public static let symbolicLinks = ProviderCapabilities(rawValue: 1 << 6)
    /// Filenames that differ only in case are different names. Without it, they collide.
    public static let caseSensitiveFilenames = ProviderCapabilities(rawValue: 1 << 7)
    /// The fixture can open a second provider instance over the same store
    /// (``ProviderFixture/openAnotherInstance``), which must continue from the first one's pages and anchors.
    public static let freshInstances = ProviderCapabilities(rawValue: 1 << 8)

    /// The fixture can reset the store's epoch (``ProviderFixture/resetStore``): every page and
    /// anchor handed out before must then fail with `FileProviderError.Code.syncAnchorExpired` /
    /// `FileProviderError.Code.pageExpired`.
    public static let storeResets = ProviderCapabilities(rawValue: 1 << 9)
    /// The fixture can drop the change history recorded so far (``ProviderFixture/expireHistory``):
    /// every anchor with changes after it must then fail with `FileProviderError.Code.syncAnchorExpired`.
    public static let historyExpiry = ProviderCapabilities(rawValue: 1 << 10)
    /// The fixture can make the server unreachable and reachable again
    /// (``ProviderFixture/setReachable``): while unreachable, calls fail with
    /// `FileProviderError.Code.serverUnreachable`.
    public static let unreachableServer = ProviderCapabilities(rawValue: 1 << 11)
    /// The fixture can make one request inside an operation fail (``ProviderFixture/failRequest``):
    /// after such a failure, the item the operation was about must be untouched or fully
    /// changed, never half.
    public static let requestFailures = ProviderCapabilities(rawValue: 1 << 12)
    /// The fixture can leave the account no room (``ProviderFixture/setQuota``): a creation or a
    /// content write that needs more must then fail with
    /// `FileProviderError.Code.insufficientQuota` and change nothing, while reads keep working.
    public static let quotaLimits = ProviderCapabilities(rawValue: 1 << 13)
    /// The fixture can make the account's credentials invalid and valid again
    /// (``ProviderFixture/setAuthenticated``): while invalid, calls fail with
    /// `FileProviderError.Code.notAuthenticated` and change nothing, and no page or anchor expires.
    public static let expiringCredentials = ProviderCapabilities(rawValue: 1 << 14)

    /// The provider's folder enumerators (the root's, the trash's and every folder's) do not
    /// report changes, as Apple's replicated model allows: each fails
    /// `enumerateChanges(for:from:)` with `FileProviderError.Code.featureUnsupported` (and may
    /// return `nil` from `currentSyncAnchor()`, which says the same to a consumer), and the
    /// working set carries every change. Without it, a folder enumerator that returns an anchor
    /// reports its folder's changes; one that returns `nil` is taken as not reporting them.
    public static let listingOnlyFolders = ProviderCapabilities(rawValue: 1 << 16)

    /// A provider that lists and serves content only.
    public static let readOnly: ProviderCapabilities = []

    /// Everything the reference provider supports, with case-insensitive filenames.
    public static let reference: ProviderCapabilities = [
        .writing, .trash, .partialContent, .remoteChanges, .failOnConflict, .conflictCopies, .symbolicLinks,
        .freshInstances, .storeResets, .historyExpiry, .unreachableServer, .requestFailures, .quotaLimits,
        .expiringCredentials,
    ]

    /// Every capability with its name, in declaration order.
    public static let named: [(name: String, capability: ProviderCapabilities)] = [
        ("writing", .writing), ("trash", .trash), ("partialContent", .partialContent),
        ("remoteChanges", .remoteChanges), ("failOnConflict", .failOnConflict),
        ("conflictCopies", .conflictCopies), ("symbolicLinks", .symbolicLinks),
        ("caseSensitiveFilenames", .caseSensitiveFilenames), ("freshInstances", .freshInstances),
        ("storeResets", .storeResets), ("historyExpiry", .historyExpiry), ("unreachableServer", .unreachableServer),
        ("listingOnlyFolders", .listingOnlyFolders),
        ("requestFailures", .requestFailures), ("quotaLimits", .quotaLimits),
        ("expiringCredentials", .expiringCredentials),
    ]

    /// The names of the capabilities in the set, for example `[writing, trash]`.
    public var description: String {
        "[" + Self.named.filter { contains($0.capability) }.map(\.name).joined(separator: ", ") + "]"
    }

    /// Decodes a list of capability names, for example `["writing", "trash"]`.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming a name that is not in ``named``.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var capabilities: ProviderCapabilities = []
        while !container.isAtEnd {
            let name = try container.decode(String.self)
            guard let capability = Self.named.first(where: { $0.name == name })?.capability else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription:
                        "there is no capability \"\(name)\"; the names are those of ProviderCapabilities.named"
                )
            }
            capabilities.insert(capability)
        }
        self = capabilities
    }

    /// Encodes the names of the capabilities in the set, in declaration order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for (name, capability) in Self.named where contains(capability) {
            try container.encode(name)
        }
    }
}
