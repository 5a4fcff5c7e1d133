import FileProviderConformance
import FileProviderKit
import Foundation

/// Decoding an `ItemSnapshot`, a list of them and a conformance report from any bytes: never a
/// crash; what decodes must encode again and render (summary, table, JUnit XML, JSON).
enum ReportDecoding {
    static func fuzz(_ input: [UInt8]) {
        let bytes = Data(input)
        let decoder = JSONDecoder()
        if let snapshot = try? decoder.decode(ItemSnapshot.self, from: bytes) {
            guard (try? JSONEncoder().encode(snapshot)) != nil else {
                fatalError("a decoded ItemSnapshot does not encode")
            }
        }
        if let snapshots = try? decoder.decode([ItemSnapshot].self, from: bytes) {
            guard (try? JSONEncoder().encode(snapshots)) != nil else {
                fatalError("decoded ItemSnapshots do not encode")
            }
        }
        if let report = try? decoder.decode(ConformanceReport.self, from: bytes) {
            _ = report.summaryLine
            _ = report.summaryTable
            _ = report.junitXML()
            guard (try? report.jsonData()) != nil else { fatalError("a decoded report does not encode") }
        }
    }
}
