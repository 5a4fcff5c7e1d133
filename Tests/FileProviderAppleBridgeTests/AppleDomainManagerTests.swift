import FileProviderAppleBridge
import FileProviderKit
import Foundation
import Testing

#if canImport(FileProvider)
import FileProvider
#endif

#if !canImport(FileProvider)
/// The contract's domain manager over (the stand-in of) Apple's `NSFileProviderManager`.
@Suite("Signalling through NSFileProviderManager")
struct AppleDomainManagerTests {
    @Test("a provider's working-set signal reaches the domain's manager")
    func signal() async throws {
        let manager = AppleDomainManager()
        let domain = Domain(identifier: try DomainIdentifier("signals-\(UUID().uuidString)"), displayName: "Signals")
        try await manager.add(domain)
        #expect(try await manager.domains().contains(domain))
        try await manager.signalEnumerator(for: .workingSet, in: domain.identifier)
        try await manager.signalEnumerator(for: .workingSet, in: domain.identifier)
        let count = NSFileProviderManager.signalCount(
            for: .workingSet,
            in: NSFileProviderDomainIdentifier(domain.identifier.rawValue)
        )
        #expect(count == 2)
        try await manager.remove(domain)
        #expect(try await !manager.domains().contains(domain))
    }

    @Test("signalling a domain the system does not have fails with providerDomainNotFound")
    func unknownDomain() async throws {
        let error = try await #require(throws: FileProviderError.self) {
            try await AppleDomainManager().signalEnumerator(for: .workingSet, in: try DomainIdentifier("nowhere"))
        }
        #expect(error.code == .providerDomainNotFound)
    }
}
#endif
