import FileProviderAppleBridge
import FileProviderConformance
import FileProviderKit
import InMemoryFileProvider
import Testing

/// The proof that both directions of the bridge are right: the reference provider, served to
/// Apple's interface by ``PartialContentExtensionBridge`` and driven back through it by
/// ``AppleExtensionProvider``, passes every check of the standard tier, and the extension never
/// broke Apple's reply rules on the way.
@Suite("Round trip: reference provider → Apple's interface → contract")
struct RoundTripConformanceTests {
    @Test(arguments: Conformance.checks(for: .standard))
    func conformance(_ check: ConformanceCheck) async {
        let wrappers = RecordedProviders()
        let subject = ConformanceSubject.referenceProvider(named: "InMemoryFileProvider via Apple's interface") {
            provider in
            wrappers.record(AppleExtensionProvider(PartialContentExtensionBridge(provider: provider)))
        }
        await Conformance.run(check, against: subject).recordIssues()
        #expect(wrappers.violations.isEmpty, "\(wrappers.violations)")
    }
}
