/// The provider a conformance run examines: a name, the capabilities it declares, and a factory
/// that makes a fresh, isolated provider for each check.
public struct ConformanceSubject: Sendable {
    /// The name shown in reports.
    public var name: String
    /// What the provider declares it supports; cross-checked both ways.
    public var capabilities: ProviderCapabilities
    /// Makes a fresh provider, isolated from every other one the factory made. Called once per
    /// check and several times per randomized run (shrinking replays a run on fresh providers).
    public var makeFixture: @Sendable () async throws -> ProviderFixture

    /// Creates a subject.
    public init(
        name: String,
        capabilities: ProviderCapabilities,
        makeFixture: @escaping @Sendable () async throws -> ProviderFixture
    ) {
        self.name = name
        self.capabilities = capabilities
        self.makeFixture = makeFixture
    }
}
