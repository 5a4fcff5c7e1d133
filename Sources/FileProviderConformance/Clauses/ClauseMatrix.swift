/// The clause → checks matrix: for every clause of the contract, the checks that verify it.
///
/// The guide publishes it (`Documentation/ConformanceSuite.md`), `fileprovider-conformance
/// --clause-matrix` prints it, and the package's tests compare the two and fail when a clause has
/// fewer than two checks.
public struct ClauseMatrix: Sendable {
    /// One row: a clause and the identifiers of the checks that verify it, in catalogue order.
    public struct Row: Hashable, Sendable {
        /// The clause.
        public let clause: ContractClause
        /// The identifiers of the checks that declare the clause, for example `["CHG-06", "MODEL-01"]`.
        public let checkIDs: [String]
    }

    /// One row per clause, in clause order.
    public let rows: [Row]

    /// The matrix of `clauses` over `checks`.
    public init(clauses: [ContractClause] = ContractClause.all, checks: [ConformanceCheck] = Conformance.allChecks) {
        rows = clauses.map { clause in
            Row(clause: clause, checkIDs: checks.filter { $0.clauses.contains(clause.id) }.map(\.id))
        }
    }

    /// The clauses verified by fewer than `minimum` checks.
    public func clauses(checkedFewerThan minimum: Int) -> [ContractClause] {
        rows.filter { $0.checkIDs.count < minimum }.map(\.clause)
    }

    /// The matrix as a Markdown table with one row per clause: identifier, title, checks.
    public var markdown: String {
        var lines = ["| Clause | Promise | Checks |", "| --- | --- | --- |"]
        for row in rows {
            lines.append("| \(row.clause.id) | \(row.clause.title) | \(row.checkIDs.joined(separator: ", ")) |")
        }
        return lines.joined(separator: "\n")
    }
}
