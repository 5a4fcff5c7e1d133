import FileProviderConformance
import FileProviderKit

extension ConformanceSubject {
    /// The reference provider's subject, every instance wrapped in a ``BrokenProvider`` with `bug`.
    static func broken(by bug: Bug) -> ConformanceSubject {
        let reference = ConformanceSubject.referenceProvider(
            caseRule: [.caseTwinsAllowed, .conflictCopiesIgnoreCase].contains(bug) ? .caseSensitive : .caseInsensitive,
            supportsTrash: bug != .trashAsNoSuchItem
        )
        var capabilities = reference.capabilities
        capabilities.remove(.caseSensitiveFilenames)
        return ConformanceSubject(name: "broken: \(bug)", capabilities: capabilities) {
            var fixture = try await reference.makeFixture()
            fixture.provider = BrokenProvider(base: fixture.provider, bug: bug)
            if let openAnotherInstance = fixture.openAnotherInstance {
                fixture.openAnotherInstance = { BrokenProvider(base: try await openAnotherInstance(), bug: bug) }
            }
            return fixture
        }
    }
}
