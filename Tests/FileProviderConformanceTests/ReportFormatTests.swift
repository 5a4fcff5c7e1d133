import FileProviderKit
import Foundation
import Testing

@testable import FileProviderConformance

@Suite("Findings read as values; JSON and JUnit reports follow their schemas")
struct ReportFormatTests {
    static let findings = [
        Finding(checkID: "MUT-08", message: "a field was lost", expected: "1", actual: "2", seed: UInt64.max),
        Finding(checkID: "MUT-08", message: "the version did not change", seed: UInt64.max),
    ]

    static let report = ConformanceReport(
        subjectName: "Broken <&>",
        capabilities: [.writing, .trash],
        tier: .smoke,
        seed: UInt64.max,
        suiteVersion: Conformance.suiteVersion,
        results: [
            CheckResult(
                checkID: "MUT-08",
                title: "every changed field is applied",
                area: .mutations,
                outcome: .failed(findings),
                seconds: 0.5,
                seed: UInt64.max,
                clauses: ["R13.1"]
            ),
            CheckResult(
                checkID: "TRASH-01",
                title: "trash",
                area: .trash,
                outcome: .unsupported("the subject does not declare [trash]"),
                seconds: 0,
                seed: UInt64.max
            ),
            CheckResult(checkID: "ITEM-01", title: "names", area: .items, outcome: .passed, seconds: 0.1, seed: 3),
        ]
    )

    @Test func valuesReadAsTextHexadecimalAndFieldNames() {
        #expect(FindingValue.describe(Data("original".utf8)) == #""original" (8 bytes)"#)
        #expect(
            FindingValue.describe(ItemVersion(contentRevision: 2, metadataRevision: 3).contentVersion)
                == "0x0000000000000002 (8 bytes)"
        )
        #expect(FindingValue.describe(Data([0x0A])) == "0x0a (1 byte)")
        #expect(FindingValue.describe(Data()) == "empty (0 bytes)")
        #expect(
            FindingValue.describe(Data(repeating: 0x41, count: 50))
                == "\"\(String(repeating: "A", count: 48))…\" (50 bytes)"
        )
        #expect(FindingValue.describe(ItemFields([.contents, .filename, .tagData])) == "[contents, filename, tagData]")
        #expect(FindingValue.describe(ItemFields(rawValue: 1 << 20 | 1)) == "[contents, 0x100000]")
        #expect(FindingValue.describe(Optional<Data>.none as Any) == "nil")
        #expect(FindingValue.describe(Optional(Data("a".utf8)) as Any) == #""a" (1 byte)"#)
        #expect(FindingValue.describe(7) == "7")
    }

    @Test func aNaNDateAProviderReturnsIsShownNotTrappedOn() {
        let nan = Date(timeIntervalSinceReferenceDate: .nan)
        #expect(FindingValue.describe(nan) == "Date(timeIntervalSinceReferenceDate: nan)")
        #expect(FindingValue.describe(Optional(nan) as Any) == "Date(timeIntervalSinceReferenceDate: nan)")
        #expect(FindingValue.describe(Date(timeIntervalSinceReferenceDate: 0)) == "2001-01-01 00:00:00 +0000")
    }

    @Test func jsonWritesNamesStringsAndTheSchemaVersion() throws {
        let data = try Self.report.jsonData()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 2)
        #expect(object["seed"] as? String == "18446744073709551615")
        #expect(object["capabilities"] as? [String] == ["writing", "trash"])
        #expect(object["tier"] as? String == "smoke")
        #expect(object["summary"] as? [String: Int] == ["passed": 1, "failed": 1, "unsupported": 1, "skipped": 0])
        let results = try #require(object["results"] as? [[String: Any]])
        let failed = try #require(results.first?["outcome"] as? [String: Any])
        #expect(failed["status"] as? String == "failed")
        let finding = try #require((failed["findings"] as? [[String: Any]])?.first)
        #expect(finding["seed"] as? String == "18446744073709551615")
        #expect(finding["replay"] as? String == "FILEPROVIDER_CHECK=MUT-08 FILEPROVIDER_SEED=18446744073709551615")
        #expect(
            results[1]["outcome"] as? [String: String] == [
                "status": "unsupported", "reason": "the subject does not declare [trash]",
            ]
        )
        #expect(results[2]["outcome"] as? [String: String] == ["status": "passed"])
        #expect(results[2]["area"] as? String == "ITEM")

        #expect(try JSONDecoder().decode(ConformanceReport.self, from: data) == Self.report)
    }

    @Test(arguments: [
        (#""schemaVersion" : 2"#, #""schemaVersion" : 1"#),
        (#""writing""#, #""reading""#),
        (#""seed" : "18446744073709551615","#, #""seed" : 18446744073709551615,"#),
    ])
    func jsonOfAnotherSchemaIsRefused(original: String, replacement: String) throws {
        let text = try #require(String(data: Self.report.jsonData(), encoding: .utf8))
        #expect(text.contains(original))
        let altered = Data(text.replacingOccurrences(of: original, with: replacement).utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ConformanceReport.self, from: altered) }
    }

    @Test func junitHasOneFailurePerTestCaseHoldingEveryFinding() {
        let xml = Self.report.junitXML()
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 1)
        #expect(xml.contains(#"<failure message="a field was lost (and 1 more)">"#))
        #expect(xml.contains("[MUT-08] a field was lost") && xml.contains("[MUT-08] the version did not change"))
        #expect(xml.contains(#"<skipped message="the subject does not declare [trash]"/>"#))
        #expect(xml.contains(#"<testsuites name="Broken &lt;&amp;&gt;" tests="3" failures="1">"#))
    }
}
