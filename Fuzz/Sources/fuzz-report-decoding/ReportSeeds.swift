import FileProviderConformance
import FileProviderKit
import Foundation

/// Valid inputs to start from: a snapshot with every field set, a list of snapshots, and a
/// report with one check of each outcome.
enum ReportSeeds {
    static var all: [[UInt8]] {
        let snapshot = ItemSnapshot(
            itemIdentifier: "item",
            parentItemIdentifier: .rootContainer,
            filename: "Report.txt",
            contentType: .plainText,
            itemVersion: ItemVersion(contentRevision: 3, metadataRevision: 4),
            documentSize: 1_234,
            childItemCount: 2,
            creationDate: Date(timeIntervalSince1970: 1_000),
            contentModificationDate: Date(timeIntervalSince1970: 2_000.5),
            lastUsedDate: Date(timeIntervalSince1970: 3_000),
            tagData: Data([1, 2, 3]),
            favoriteRank: 7,
            isShared: true,
            userInfo: ["key": .string("value")]
        )
        let finding = Finding(
            checkID: "ENUM-01",
            message: "a page held too many items",
            expected: "2",
            actual: "3",
            operations: ["list root"],
            seed: 42,
            clauses: ["R2.1"]
        )
        let results = [
            CheckResult(checkID: "ITEM-01", title: "passes", area: .items, outcome: .passed, seconds: 0.5, seed: 42),
            CheckResult(
                checkID: "ENUM-01",
                title: "fails",
                area: .enumeration,
                outcome: .failed([finding]),
                seconds: 1,
                seed: 42,
                remarks: ["a remark"],
                clauses: ["R2.1"]
            ),
            CheckResult(
                checkID: "TRASH-01",
                title: "unsupported",
                area: .trash,
                outcome: .unsupported("trash"),
                seconds: 0,
                seed: 42
            ),
            CheckResult(
                checkID: "MODEL-01",
                title: "skipped",
                area: .model,
                outcome: .skipped("tier"),
                seconds: 0,
                seed: 42
            ),
        ]
        let report = ConformanceReport(
            subjectName: "Fuzz",
            capabilities: [.writing, .trash],
            tier: .standard,
            seed: 42,
            suiteVersion: "1.0",
            results: results
        )
        let encoder = JSONEncoder()
        return [
            (try? encoder.encode(snapshot)) ?? Data(),
            (try? encoder.encode([snapshot, snapshot])) ?? Data(),
            (try? report.jsonData()) ?? Data(),
        ].map { [UInt8]($0) }
    }
}
