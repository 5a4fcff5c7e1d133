/// One way a listing differs from the model after a step, with the clauses the difference shows
/// violated.
struct ModelDiscrepancy: Sendable {
    /// What differs, for a finding.
    var text: String
    /// The clauses it violates.
    var clauses: [String]

    init(_ text: String, _ clauses: [String]) {
        self.text = text
        self.clauses = clauses
    }

    /// The clauses of `discrepancies`, each once, in the order they first appear.
    static func clauses(of discrepancies: some Sequence<ModelDiscrepancy>) -> [String] {
        var seen: Set<String> = []
        return discrepancies.flatMap(\.clauses).filter { seen.insert($0).inserted }
    }
}
