import FileProviderKit

/// One fresh provider for one check, made by a ``ConformanceSubject``'s factory.
///
/// The provider starts with an empty root when the subject declares ``ProviderCapabilities/writing``;
/// a read-only subject's provider starts with whatever tree it serves (at least one file and one
/// folder, so the read checks have something to read).
public struct ProviderFixture: Sendable {
    /// The provider under test.
    public var provider: any FileProvider
    /// The hooks that change the server as another client would; required when the subject
    /// declares ``ProviderCapabilities/remoteChanges``.
    public var remote: (any RemoteChangeHooks)?
    /// Opens a second provider instance over the same store, as after a restart of the process;
    /// required when the subject declares ``ProviderCapabilities/freshInstances``.
    public var openAnotherInstance: (@Sendable () async throws -> any FileProvider)?
    /// Releases what the fixture holds; called once the check ends, whatever its outcome.
    public var tearDown: @Sendable () async -> Void

    /// Creates a fixture.
    public init(
        provider: any FileProvider,
        remote: (any RemoteChangeHooks)? = nil,
        openAnotherInstance: (@Sendable () async throws -> any FileProvider)? = nil,
        tearDown: @escaping @Sendable () async -> Void = {}
    ) {
        self.provider = provider
        self.remote = remote
        self.openAnotherInstance = openAnotherInstance
        self.tearDown = tearDown
    }
}
