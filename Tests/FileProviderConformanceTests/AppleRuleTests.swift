import FileProviderConformance
import Foundation
import Testing

@Suite("Every rule Apple states is answered by clauses or a stated reason, and the guide's table is current")
struct AppleRuleTests {
    @Test func rulesAreNumberedOneToEightySix() {
        #expect(AppleRule.all.map(\.number) == Array(1...86))
    }

    @Test(arguments: AppleRule.all)
    func clausesExistAndAreVerifiedTwice(_ rule: AppleRule) {
        let matrix = ClauseMatrix()
        for identifier in rule.clauseIDs {
            let row = matrix.rows.first { $0.clause.id == identifier }
            #expect(row != nil, "\(rule.id) names an unknown clause \(identifier)")
            #expect(
                (row?.checkIDs.count ?? 0) >= 2,
                "\(rule.id) rests on \(identifier), verified by fewer than two checks"
            )
        }
    }

    @Test func everyRequirementIsAnswered() {
        for rule in AppleRule.all where rule.strength == .must {
            switch rule.coverage {
            case .clauses(let identifiers):
                #expect(!identifiers.isEmpty, "\(rule.id) names no clause")
            case .enforcedByType(let reason), .outsideTheProvider(let reason), .portedDifferently(let reason):
                #expect(reason.count > 20, "\(rule.id) gives no reason")
            }
        }
        let verified = AppleRule.all.filter { $0.strength == .must && !$0.clauseIDs.isEmpty }.count
        let requirements = AppleRule.all.filter { $0.strength == .must }.count
        #expect(verified * 10 >= requirements * 6, "only \(verified) of \(requirements) requirements rest on clauses")
    }

    @Test func theGuidePublishesTheCurrentTable() throws {
        let guide = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Documentation/ConformanceSuite.md")
        let text = try String(contentsOf: guide, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- apple-rules: begin -->\n"))
        let end = try #require(text.range(of: "\n<!-- apple-rules: end -->"))
        #expect(
            String(text[begin.upperBound..<end.lowerBound]) == AppleRule.markdownTable,
            "Documentation/ConformanceSuite.md is out of date: paste `swift run fileprovider-conformance --apple-rules`"
        )
    }
}
