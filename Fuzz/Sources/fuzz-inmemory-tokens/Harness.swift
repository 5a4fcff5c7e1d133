import FileProviderKit
import FuzzSupport
import InMemoryFileProvider

/// The harness over a reference provider in memory.
let harness = TokenHarness(provider: InMemoryStore(domain: fuzzDomain()).makeProvider(), name: "inmemory")

func fuzzDomain() -> Domain {
    do {
        return Domain(identifier: try DomainIdentifier("fuzz"), displayName: "Fuzz")
    } catch {
        fatalError("the fuzz domain's identifier is refused: \(error)")
    }
}
