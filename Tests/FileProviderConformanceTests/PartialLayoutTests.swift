import FileProviderConformance
import FileProviderKit
import Foundation
import Testing

/// The partial-content checks hold providers to Apple's layout: the range's bytes at their own
/// offsets in a file at least as long as the range's end, nothing outside the range read.
@Suite("Partial content layout")
struct PartialLayoutTests {
    static let partialChecks = ["CNT-05", "CNT-06", "CNT-11"]

    static func run(_ ids: [String], against subject: ConformanceSubject) async throws -> ConformanceReport {
        let checks = try ids.map { try #require(Conformance.check(withID: $0)) }
        return await Conformance.run(subject, checks: checks, options: ConformanceOptions(seed: 42))
    }

    @Test("the reference provider's sparse files pass every partial-content check")
    func referenceProviderPasses() async throws {
        let report = try await Self.run(Self.partialChecks, against: .referenceProvider())
        #expect(report.results.map(\.checkID) == Self.partialChecks)
        #expect(report.results.filter(\.failed).map(\.checkID) == [])
        #expect(report.findings.isEmpty, "\(report.findings.map(\.description))")
    }

    @Test("a provider that writes the range from offset 0 fails CNT-05 and CNT-11, and the finding says so")
    func offsetZeroLayoutFails() async throws {
        let report = try await Self.run(Self.partialChecks, against: .broken(by: .partialRangeAtOffsetZero))
        #expect(report.results.filter(\.failed).map(\.checkID) == ["CNT-05", "CNT-11"])
        let findings = report.findings.filter { $0.checkID == "CNT-05" }
        // 9_000..<10_000 aligned to 4_096 is 8_192..<10_000: 1_808 bytes written from offset 0.
        #expect(
            findings.contains {
                $0.message
                    == "the file is shorter than the returned range's end: its bytes must sit at their own offsets"
                    && $0.expected == "at least 10000 bytes (range 8192..<10000 at offsets 8192..<10000)"
                    && $0.actual == "1808 bytes" && $0.clauses == ["API.5"]
            },
            "\(findings.map(\.description))"
        )
        // 10..<20 aligned to 1 is itself: the file is 10 bytes long, shorter than 20.
        #expect(
            findings.contains {
                $0.message.hasPrefix("the file is shorter than the returned range's end")
                    && $0.expected == "at least 20 bytes (range 10..<20 at offsets 10..<20)"
                    && $0.actual == "10 bytes"
            },
            "\(findings.map(\.description))"
        )
    }

    @Test("bytes outside the range are unspecified: filled with garbage and running past the range's end, they pass")
    func bytesOutsideTheRangeAreNotRead() async throws {
        let subject = ConformanceSubject.referenceProvider(named: "unspecified bytes") {
            UnspecifiedBytesProvider(inner: $0)
        }
        let report = try await Self.run(Self.partialChecks, against: subject)
        #expect(report.results.filter(\.failed).map(\.checkID) == [])
        #expect(report.findings.isEmpty, "\(report.findings.map(\.description))")
    }
}
