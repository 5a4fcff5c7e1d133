import Foundation

/// How a ``FileProviderMount`` serves its provider.
public struct MountConfiguration: Sendable {
    /// How often the mount catches up with the provider's changes (and sends unsaved writes
    /// again). Default: half a second.
    public var refreshInterval: Duration
    /// How long the kernel may keep names and attributes before asking again, in seconds; a
    /// remote change shows within `refreshInterval` plus this. Default: half a second.
    public var cacheTimeout: Double
    /// Called before each catch-up, for providers that must look for changes themselves (for
    /// example `LocalFolderProvider.rescan()`). Default: none.
    public var beforeRefresh: (@Sendable () async -> Void)?
    /// Extra libfuse mount options, as given to `-o` (for example `allow_other`).
    public var options: [String]
    /// The name the mount shows in `mount` and `df`. Default: `fileprovider`.
    public var fileSystemName: String
    /// Where the host's content cache and the mount's working copies live. Default: the
    /// temporary directory.
    public var stagingParent: URL
    /// Whether SIGINT, SIGTERM and SIGHUP unmount (after sending unsaved writes). Default: true.
    public var unmountsOnSignals: Bool
    /// Called once the file system is mounted and about to serve requests. Default: none.
    public var onMounted: (@Sendable () -> Void)?

    /// Creates a configuration; every parameter has the default its property states.
    public init(
        refreshInterval: Duration = .milliseconds(500),
        cacheTimeout: Double = 0.5,
        beforeRefresh: (@Sendable () async -> Void)? = nil,
        options: [String] = [],
        fileSystemName: String = "fileprovider",
        stagingParent: URL = FileManager.default.temporaryDirectory,
        unmountsOnSignals: Bool = true,
        onMounted: (@Sendable () -> Void)? = nil
    ) {
        self.refreshInterval = refreshInterval
        self.cacheTimeout = cacheTimeout
        self.beforeRefresh = beforeRefresh
        self.options = options
        self.fileSystemName = fileSystemName
        self.stagingParent = stagingParent
        self.unmountsOnSignals = unmountsOnSignals
        self.onMounted = onMounted
    }
}
