import FileProviderKit
import Foundation

/// The CHG checks of rule 12, *creation* — deep chains (CHG-44).
extension ChangeChecks {
    static let deepChainReported = ConformanceCheck(
        "CHG-44",
        .changes,
        "the working set reports a chain of 24 nested folders parent first, and a rename at its bottom",
        rule: "Rule 6 (every change reported)",
        clauses: ["R12.21", "R6.6"],
        rationale: "A provider that computes paths or depths with a fixed limit drops or misorders the changes "
            + "below it; the system then never shows the deepest files.",
        requires: .writing
    ) { context in
        let anchor = try await context.anchor(.workingSet)
        var chain: [ItemIdentifier] = []
        var parent = ItemIdentifier.rootContainer
        for level in 1...MutationChecks.chainDepth {
            let folder = try await context.createFolder(named: "deep-\(level)", in: parent)
            chain.append(folder.itemIdentifier)
            parent = folder.itemIdentifier
        }
        let leaf = try await context.createFile(named: "leaf.txt", in: parent)
        _ = try await context.rename(leaf, to: "leaf-renamed.txt")
        for batchSize in [50, 3] {
            let changes = try await context.changes(.workingSet, since: anchor, batchSize: batchSize)
            let order = changes.updatedItems.map(\.itemIdentifier)
            let positions = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            let missing = (chain + [leaf.itemIdentifier]).filter { positions[$0] == nil }
            context.expect(
                missing.isEmpty,
                "the working set's changes (batches of \(batchSize)) lost items of a 24-level chain",
                clauses: ["R12.21"],
                actual: "missing \(missing.map(\.rawValue))"
            )
            let reported = chain + [leaf.itemIdentifier]
            let misordered = zip(reported, reported.dropFirst()).filter { parent, child in
                guard let parentAt = positions[parent], let childAt = positions[child] else { return false }
                return parentAt > childAt
            }
            context.expect(
                misordered.isEmpty,
                "the working set's changes (batches of \(batchSize)) report a deep child before its parent",
                clauses: ["R6.6", "R12.21"],
                actual: misordered.map { "\($1.rawValue) before \($0.rawValue)" }.joined(separator: ", ")
            )
            let leafName = changes.updatedItems.last { $0.itemIdentifier == leaf.itemIdentifier }?.filename
            context.expectEqual(leafName, "leaf-renamed.txt", "the deepest file's reported name")
        }
    }
}
