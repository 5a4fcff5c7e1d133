import FileProviderKit

/// How a ``Replica`` differs from a fresh listing of the provider: empty when the replica has
/// converged.
public struct ReplicaDifference: Sendable, Equatable, CustomStringConvertible {
    /// An item the replica holds in a state other than the listed one.
    public struct Mismatch: Sendable, Equatable {
        /// The item as the replica holds it.
        public var held: ItemSnapshot
        /// The item as the listing reported it.
        public var listed: ItemSnapshot

        /// Creates a mismatch.
        public init(held: ItemSnapshot, listed: ItemSnapshot) {
            self.held = held
            self.listed = listed
        }
    }

    /// Listed items the replica does not hold, sorted by identifier.
    public var missing: [ItemSnapshot]
    /// Identifiers the replica holds but the listing did not report, sorted.
    public var unexpected: [ItemIdentifier]
    /// Items held in another state than listed, sorted by identifier.
    public var mismatched: [Mismatch]

    /// Creates a difference.
    public init(missing: [ItemSnapshot] = [], unexpected: [ItemIdentifier] = [], mismatched: [Mismatch] = []) {
        self.missing = missing
        self.unexpected = unexpected
        self.mismatched = mismatched
    }

    /// Whether the replica equals the listing: it has converged.
    public var isEmpty: Bool { missing.isEmpty && unexpected.isEmpty && mismatched.isEmpty }

    /// The counts of each kind of difference and the first identifiers of each.
    public var description: String {
        func sample(_ identifiers: [ItemIdentifier]) -> String {
            identifiers.prefix(5).map(\.rawValue).joined(separator: ", ") + (identifiers.count > 5 ? ", …" : "")
        }
        if isEmpty { return "ReplicaDifference(converged)" }
        return "ReplicaDifference(missing \(missing.count) [\(sample(missing.map(\.itemIdentifier)))], "
            + "unexpected \(unexpected.count) [\(sample(unexpected))], "
            + "mismatched \(mismatched.count) [\(sample(mismatched.map(\.held.itemIdentifier)))])"
    }
}
