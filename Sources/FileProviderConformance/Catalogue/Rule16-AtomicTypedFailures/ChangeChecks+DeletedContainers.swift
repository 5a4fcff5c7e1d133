import FileProviderKit
import Foundation

/// The CHG checks of rule 16, *failures are atomic and typed* — enumerators of deleted containers (CHG-37).
extension ChangeChecks {
    static let changesOfDeletedContainer = ConformanceCheck(
        "CHG-37",
        .changes,
        "an enumerator made before its folder was deleted fails its changes with noSuchItem or reports the deletion",
        rule: "Rules 6 and 16 (changes, errors)",
        clauses: ["R16.6", "R6.5"],
        rationale: "A consumer asks the folder's own enumerator what changed; an empty success tells it nothing "
            + "happened, and it keeps showing a folder deleted elsewhere for ever.",
        requires: .writing
    ) { context in
        var asked = 0
        for stale in try await EnumerationChecks.staleEnumerators(context) {
            guard let anchor = stale.anchor else { continue }
            asked += 1
            let operation =
                "changes of the \(stale.situation) folder \(stale.container) since an anchor from before, "
                + "with the enumerator made before"
            context.note(operation)
            do {
                let changes = try await stale.enumerator.changes(since: anchor, suggestedBatchSize: 10)
                context.expect(
                    changes.deletedItemIdentifiers.contains(stale.container),
                    "\(operation) neither failed nor reported the folder's deletion",
                    expected: "noSuchItem (\(FileProviderError.Code.noSuchItem.rawValue)), or \(stale.container) "
                        + "among the deletions",
                    actual: "\(changes.updatedItems.count) updates, deletions \(changes.deletedItemIdentifiers)"
                )
            } catch let error as FileProviderError where error.code == .noSuchItem {
                continue
            } catch {
                context.fail(
                    "\(operation) failed with the wrong error",
                    expected: "noSuchItem (\(FileProviderError.Code.noSuchItem.rawValue))",
                    actual: "\(error)"
                )
            }
        }
        if asked == 0 {
            context.skip("the enumerators of folders return no sync anchor: they do not report changes")
        }
    }
}
