import FileProviderKit
import Foundation

/// The CHG checks of rule 6, *every change is reported, in a usable order* — an anchor that had
/// nothing new, asked again on the same enumerator (CHG-71).
extension ChangeChecks {
    /// Takes each kept enumerator's current anchor and catches up from it once on that enumerator,
    /// recording a finding unless nothing is reported (nothing was written since).
    static func quietAnchors(
        _ context: CheckContext,
        _ enumerators: [(ItemIdentifier, any Enumerator)]
    ) async throws -> [(ItemIdentifier, any Enumerator, SyncAnchor)] {
        var anchors: [(ItemIdentifier, any Enumerator, SyncAnchor)] = []
        for (container, enumerator) in enumerators {
            guard let anchor = try await context.changeAnchor(of: enumerator, for: container) else { continue }
            context.note("changes of \(container) since \(anchor), on the kept enumerator: nothing was written since")
            let changes = try await enumerator.changes(since: anchor, suggestedBatchSize: 10)
            context.expect(
                changes.isEmpty,
                "the enumerator of \(container) reported changes since its current anchor with no write in between",
                actual: "\(changes.updatedItems.count) updates, \(changes.deletedItemIdentifiers.count) deletions"
            )
            anchors.append((container, enumerator, anchor))
        }
        return anchors
    }

    /// Records a finding unless each of `anchors`, asked again on its enumerator after `event`,
    /// fails with syncAnchorExpired.
    static func expectQuietAnchorsExpire(
        _ context: CheckContext,
        _ anchors: [(ItemIdentifier, any Enumerator, SyncAnchor)],
        after event: String
    ) async {
        for (container, enumerator, anchor) in anchors {
            await context.expectError(
                .syncAnchorExpired,
                "changes of \(container) since \(anchor), which had nothing new before \(event), asked again on "
                    + "the same enumerator"
            ) {
                try await enumerator.changes(since: anchor, suggestedBatchSize: 10)
            }
        }
    }

    static let quietAnchorsAskedAgain = ConformanceCheck(
        "CHG-71",
        .changes,
        "an anchor that had nothing new, asked again on the same kept enumerator, reports another client's later "
            + "changes and expires after a history expiry or a store reset, for a folder, the root, the trash and "
            + "the working set",
        rule: "Rule 6 (changes), rule 3 (expiry)",
        clauses: ["R6.8", "R6.1", "R6.4", "R3.2", "R3.3"],
        rationale: "When nothing changed the system polls again with the same anchor on the same enumerator; an "
            + "enumerator that remembers the anchor was quiet and skips the backend until its own provider writes "
            + "never reports what other devices did, nor a server restored from a backup.",
        requires: .writing
    ) { context in
        let enumerators = try await keptEnumerators(context)
        let folder = enumerators[0].0
        let remoteWrites = context.capabilities.contains(.remoteChanges)
        if remoteWrites {
            let anchors = try await quietAnchors(context, enumerators)
            let remote = try context.remote()
            context.note("remote: create r-root.txt in the root and r-folder.txt in \(folder)")
            let inRoot = try await remote.createItem(named: "r-root.txt", in: .rootContainer, contents: Data("r".utf8))
            let inFolder = try await remote.createItem(named: "r-folder.txt", in: folder, contents: Data("f".utf8))
            var expected: [ItemIdentifier: [ItemIdentifier]] = [
                folder: [inFolder], .rootContainer: [inRoot], .workingSet: [inRoot, inFolder],
            ]
            if context.capabilities.contains(.trash) {
                context.note("remote: create r-trash.txt in the root and trash it")
                let trashed = try await remote.createItem(
                    named: "r-trash.txt",
                    in: .rootContainer,
                    contents: Data("t".utf8)
                )
                try await remote.trash(trashed)
                expected[.trashContainer] = [trashed]
                expected[.workingSet, default: []].append(trashed)
            }
            try await context.settle()
            for (container, enumerator, anchor) in anchors {
                context.note("changes of \(container) since the quiet anchor \(anchor), again on the same enumerator")
                let changes = try await enumerator.changes(since: anchor, suggestedBatchSize: 10)
                let reported = Set(changes.updatedItems.map(\.itemIdentifier))
                let missing = (expected[container] ?? []).filter { !reported.contains($0) }
                context.expect(
                    missing.isEmpty,
                    "the enumerator of \(container), asked again from an anchor that had nothing new, does not "
                        + "report another client's later changes",
                    expected: "updates of \(expected[container] ?? [])",
                    actual: "\(changes.updatedItems.count) updates (\(missing.count) missing), "
                        + "\(changes.deletedItemIdentifiers.count) deletions"
                )
            }
        }
        if remoteWrites && context.capabilities.contains(.historyExpiry) {
            let anchors = try await quietAnchors(context, enumerators)
            context.note("remote: create r-expiry.txt in \(folder)")
            _ = try await context.remote().createItem(named: "r-expiry.txt", in: folder, contents: Data("e".utf8))
            try await context.expireHistory()
            await expectQuietAnchorsExpire(context, anchors, after: "another client's creation and a history expiry")
        }
        if context.capabilities.contains(.storeResets) {
            let anchors = try await quietAnchors(context, enumerators)
            try await context.resetStore()
            await expectQuietAnchorsExpire(context, anchors, after: "a store reset")
        }
    }
}
