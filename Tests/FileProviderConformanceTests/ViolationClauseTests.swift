import FileProviderKit
import Foundation
import Testing

@testable import FileProviderConformance

@Suite("An observer-contract violation names its own clause, whatever check saw it")
struct ViolationClauseTests {
    static let kinds: [ContractViolation.Kind] = [
        .finishedMoreThanOnce, .reportedAfterFinish, .didNotFinish, .tooManyItems(count: 3, suggested: 2),
        .pageRepeated(.initialPageSortedByName),
        .updatedAndDeleted(ItemIdentifier("a")),
        .childBeforeParent(child: ItemIdentifier("b"), parent: ItemIdentifier("a")),
        .itemKindChanged(ItemIdentifier("a")), .duplicateItem(ItemIdentifier("a")),
        .wrongParent(item: ItemIdentifier("a"), expected: .rootContainer, actual: ItemIdentifier("f")),
        .workingSetAnchorMissing,
    ]

    @Test(arguments: kinds)
    func namesKnownClauses(_ kind: ContractViolation.Kind) {
        for call in ["enumerateItems(startingAt: Page(1 bytes))", "enumerateChanges(from: SyncAnchor(1 bytes))"] {
            let clauses = ContractViolation(kind, call: call).clauses
            #expect(clauses.count == 1, "\(kind) in \(call): \(clauses)")
            #expect(clauses.allSatisfy { ContractClause.clause(withID: $0) != nil }, "\(kind): \(clauses)")
        }
    }

    @Test func anAnchorThatDoesNotAdvanceIsR5_1() throws {
        let kind = ContractViolation.Kind.anchorDidNotAdvance(try SyncAnchor(Data([1])))
        #expect(ContractViolation(kind, call: "enumerateChanges(from: SyncAnchor(1 bytes))").clauses == ["R5.1"])
    }

    @Test func anOversizedPageIsR2_2AndAnOversizedBatchR5_1() {
        let kind = ContractViolation.Kind.tooManyItems(count: 14, suggested: 7)
        #expect(ContractViolation(kind, call: "enumerateItems(startingAt: Page(9 bytes))").clauses == ["R2.2"])
        #expect(ContractViolation(kind, call: "enumerateChanges(from: SyncAnchor(9 bytes))").clauses == ["R5.1"])
    }

    @Test func aViolationCarriedByAFileProviderErrorIsFound() {
        let violation = ContractViolation(.updatedAndDeleted(ItemIdentifier("a")), call: "enumerateChanges(from: x)")
        let error = FileProviderError(.cannotSynchronize, message: "refused", underlyingError: violation)
        #expect(ContractViolation.carried(by: error) == violation)
        #expect(ContractViolation.carried(by: FileProviderError(.noSuchItem)) == nil)
        #expect(ContractViolation.carried(by: violation)?.clauses == ["R6.11"])
    }
}
