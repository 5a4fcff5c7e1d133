import FileProviderConformance
import FileProviderKit

extension ConformanceSubject {
    /// The reference provider behind a ``BrokenProvider`` with `bug`, declaring what the reference
    /// provider declares on a case-insensitive domain.
    static func broken(by bug: Bug) -> ConformanceSubject {
        let supportsTrash = bug != .trashAsNoSuchItem
        let storeIsCaseSensitive = [.caseTwinsAllowed, .conflictCopiesIgnoreCase].contains(bug)
        return referenceProvider(
            named: "broken: \(bug)",
            capabilities: referenceProvider(supportsTrash: supportsTrash).capabilities,
            caseRule: storeIsCaseSensitive ? .caseSensitive : .caseInsensitive,
            supportsTrash: supportsTrash,
            wrapping: { BrokenProvider(base: $0, bug: bug) }
        )
    }
}
