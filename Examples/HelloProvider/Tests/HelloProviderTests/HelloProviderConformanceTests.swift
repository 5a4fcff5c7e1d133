import FileProviderConformance
import HelloProvider
import Testing

/// HelloProvider declares itself read-only: the suite runs every read check, checks that writes
/// are refused, and reports the write checks as unsupported: each is skipped with its reason, and
/// the summary printed at the end lists them by the capability they need.
let subject = ConformanceSubject(name: "HelloProvider", capabilities: .readOnly) {
    ProviderFixture(provider: HelloProvider())
}

/// Replay a finding with the line it ends with, for example
/// `FILEPROVIDER_CHECK=ENUM-02 FILEPROVIDER_SEED=42 swift test --filter HelloProviderTests.conformance`.
@Test(.conformanceSummary, arguments: Conformance.checks(for: .standard))
func conformance(_ check: ConformanceCheck) async throws {
    try await Conformance.run(check, against: subject).record()
}
