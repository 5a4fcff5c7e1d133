import FileProviderConformance
import Foundation
import Testing

@Suite("Every clause of the contract is verified twice, and the guide's matrix is current")
struct ClauseMatrixTests {
    @Test func clauseIdentifiersAreUnique() {
        let identifiers = ContractClause.all.map(\.id)
        #expect(Set(identifiers).count == identifiers.count)
        for identifier in identifiers {
            #expect(ContractClause.clause(withID: identifier.lowercased())?.id == identifier)
        }
    }

    @Test(arguments: Conformance.allChecks)
    func checkDeclaresKnownClauses(_ check: ConformanceCheck) {
        #expect(!check.clauses.isEmpty, "\(check.id) declares no clause")
        for identifier in check.clauses {
            #expect(
                ContractClause.clause(withID: identifier) != nil,
                "\(check.id) declares an unknown clause \(identifier)"
            )
        }
        #expect(Set(check.clauses).count == check.clauses.count, "\(check.id) declares a clause twice")
    }

    @Test func everyClauseHasAtLeastTwoChecks() {
        let thin = ClauseMatrix().clauses(checkedFewerThan: 2).map(\.id)
        #expect(thin.isEmpty, "clauses with fewer than two checks: \(thin)")
    }

    @Test func theGuidePublishesTheCurrentMatrix() throws {
        let guide = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Documentation/ConformanceSuite.md")
        let text = try String(contentsOf: guide, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- clause-matrix: begin -->\n"))
        let end = try #require(text.range(of: "\n<!-- clause-matrix: end -->"))
        let published = String(text[begin.upperBound..<end.lowerBound])
        #expect(
            published == ClauseMatrix().markdown,
            "Documentation/ConformanceSuite.md is out of date: paste `swift run fileprovider-conformance --clause-matrix`"
        )
    }

    @Test func findingsNameTheClausesTheyViolate() {
        let finding = Finding(checkID: "CHG-06", message: "a move was a deletion", seed: 1, clauses: ["R6.3"])
        #expect(finding.violatedClauses == "violates R6.3 (moves are updates, never delete+create)")
        #expect(finding.description.contains("violates R6.3 (moves are updates, never delete+create)"))
        #expect(Conformance.checks(verifying: "r6.3").map(\.id).contains("CHG-06"))
    }
}
