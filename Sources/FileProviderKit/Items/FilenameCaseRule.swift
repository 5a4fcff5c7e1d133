/// How a domain decides whether two filenames in one folder collide.
///
/// Names are always compared as Unicode canonical equivalents (as Swift's `String` compares them);
/// the rule decides whether case matters too. Either way the name is stored as given.
public enum FilenameCaseRule: String, Hashable, Codable, Sendable, CaseIterable {
    /// "Report.txt" and "report.txt" collide; names keep the case they were given (like APFS and
    /// HFS+ by default). The default rule.
    case caseInsensitive
    /// "Report.txt" and "report.txt" are two different names.
    case caseSensitive

    /// The key under which `name` is unique in its folder: two names collide exactly when their
    /// keys are equal.
    public func collisionKey(for name: String) -> String {
        switch self {
        case .caseInsensitive: name.lowercased()
        case .caseSensitive: name
        }
    }

    /// The key by which a folder sorted by name orders `name` under this rule: its collision
    /// key's place in the contract's name order. Two names collide exactly when their sort keys
    /// are equal, and every two names that do not collide are ordered one way.
    public func sortKey(for name: String) -> FilenameSortKey {
        FilenameSortKey(collisionKey(for: name))
    }

    /// Whether two names collide under this rule.
    public func collide(_ lhs: String, _ rhs: String) -> Bool {
        collisionKey(for: lhs) == collisionKey(for: rhs)
    }
}
