import FileProviderKit
import Foundation

/// The MUT checks of promises the interface's doc comments make and no numbered rule restates (MUT-21, MUT-22).
extension MutationChecks {
    static let symbolicLinks = ConformanceCheck(
        "MUT-21",
        .mutations,
        "a symbolic link is stored with its target, byte for byte even with \"..\", \".\" and doubled or trailing "
            + "slashes, and a new target arrives as content",
        rule: "Rules 10 and 13",
        clauses: ["API.7"],
        rationale: "A link without its target cannot be written to disk; the target is the link's content.",
        requires: [.writing, .symbolicLinks]
    ) { context in
        let template = context.template(
            named: "link",
            in: .rootContainer,
            contentType: .symbolicLink,
            symlinkTarget: "a/b.txt"
        )
        let link = try await context.create(template, contents: nil)
        context.expect(link.contentType.isSymbolicLink, "the created link is not a symbolic link")
        context.expectEqual(link.symlinkTargetPath, "a/b.txt", "the link's target was not stored")
        let result = try await context.modify(
            link,
            fields: .contents,
            description: "set the link's target to \"c.txt\""
        ) {
            $0.symlinkTargetPath = "c.txt"
        }
        let stored = ItemSnapshot(result.item)
        context.expectEqual(stored.symlinkTargetPath, "c.txt", "the link's new target was not stored")
        context.expect(
            stored.itemVersion.contentVersion != link.itemVersion.contentVersion,
            "a new target kept contentVersion"
        )
        for (index, target) in ["docs/../notes/./a.txt", "a//b/", "../../up/", "./here"].enumerated() {
            let unusual = context.template(
                named: "link-\(index)",
                in: .rootContainer,
                contentType: .symbolicLink,
                symlinkTarget: target
            )
            let made = try await context.create(unusual, contents: nil)
            context.expectEqual(made.symlinkTargetPath, target, "a link's target was not stored byte for byte")
            let found = try await context.item(made.itemIdentifier)
            context.expectEqual(found.symlinkTargetPath, target, "a link's target was looked up altered")
        }
    }

    static let concurrentCompareAndSwap = ConformanceCheck(
        "MUT-22",
        .mutations,
        "of concurrent writes on one base version with failOnConflict, exactly one wins",
        rule: "Rules 13 and 16 (conflicts, atomicity)",
        clauses: ["API.6", "R13.3"],
        rationale: "Two devices editing the same version must not both succeed: one edit would vanish.",
        requires: [.writing, .failOnConflict]
    ) { context in
        let file = try await context.createFile(named: "counter.txt", contents: Data("0".utf8))
        let provider = context.provider
        context.note("8 concurrent writes on the same base version, failOnConflict")
        let calls: [@Sendable () async throws -> Void] = (0..<8).map { index in
            let url = try? context.file(containing: Data("writer \(index)".utf8))
            return {
                _ = try await provider.modifyItem(
                    file,
                    baseVersion: file.itemVersion,
                    changedFields: .contents,
                    contents: url,
                    options: .failOnConflict,
                    request: Request()
                )
            }
        }
        let outcomes = await context.concurrentOutcomes(of: calls)
        let winners = outcomes.count { $0 == nil }
        let conflicts = outcomes.count { $0 == .localVersionConflictingWithServer }
        context.expectEqual(winners, 1, "concurrent writes on one base version did not have exactly one winner")
        context.expectEqual(conflicts, 7, "the losing writes did not fail with localVersionConflictingWithServer")
    }
}
