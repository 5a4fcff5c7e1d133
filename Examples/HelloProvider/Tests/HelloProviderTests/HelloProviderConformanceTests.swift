import FileProviderConformance
import HelloProvider
import Testing

/// HelloProvider declares itself read-only: the suite runs every read check, checks that writes
/// are refused, and reports the write checks as unsupported.
let subject = ConformanceSubject(name: "HelloProvider", capabilities: .readOnly) {
    ProviderFixture(provider: HelloProvider())
}

@Test(arguments: Conformance.checks(for: .standard))
func conformance(_ check: ConformanceCheck) async {
    await Conformance.run(check, against: subject).recordIssues()
}
