import FileProviderKit
import Foundation
import Testing

@testable import FileProviderConformance

/// A finding's replay line, read back through the environment, repeats the finding against the
/// subject under test; checks that did not run are never counted as passed.
@Suite("Replaying findings and reporting checks that did not run")
struct ReplayTests {
    /// The reference provider behind a layer that fails deletions of unknown identifiers (MUT-17).
    static let buggy = ConformanceSubject.referenceProvider(named: "fails unknown deletions") {
        ForwardingProvider(inner: $0, failsUnknownDeletions: true)
    }

    static let unknownDeletion = Conformance.check(withID: "MUT-17")

    @Test func theReplayLineRepeatsTheFindingThroughTheEnvironment() async throws {
        let check = try #require(Self.unknownDeletion)
        let first = await Conformance.run(
            check,
            against: Self.buggy,
            options: ConformanceOptions(environment: .ignored)
        )
        let finding = try #require(first.findings.first)
        #expect(finding.replayEnvironment == "FILEPROVIDER_CHECK=MUT-17 FILEPROVIDER_SEED=\(first.seed)")
        #expect(
            finding.description.hasSuffix(
                "  replay: FILEPROVIDER_CHECK=MUT-17 FILEPROVIDER_SEED=\(first.seed) swift test"
            )
        )

        let environment = ConformanceEnvironment([
            ConformanceEnvironment.checkVariable: "mut-17", ConformanceEnvironment.seedVariable: "\(first.seed)",
        ])
        let replayed = await Conformance.run(
            Self.buggy,
            options: ConformanceOptions(seed: first.seed &+ 1, environment: environment)
        )
        #expect(replayed.results.map(\.checkID) == ["MUT-17"])
        #expect(replayed.seed == first.seed)
        #expect(replayed.findings == first.findings)

        let otherSeed = await Conformance.run(
            check,
            against: Self.buggy,
            options: ConformanceOptions(seed: first.seed &+ 1, environment: .ignored)
        )
        #expect(otherSeed.findings.map(\.operations) != first.findings.map(\.operations))
    }

    @Test func theEnvironmentSelectsChecksByIdentifierOrArea() async throws {
        let environment = ConformanceEnvironment([ConformanceEnvironment.checkVariable: "ITEM-01, cnt"])
        let overrides = try environment.overrides()
        let selected = Conformance.allChecks.filter { overrides.selects($0) }.map(\.id)
        #expect(selected == ["ITEM-01"] + Conformance.allChecks.filter { $0.area == .content }.map(\.id))

        let check = try #require(Self.unknownDeletion)
        let result = await Conformance.run(
            check,
            against: Self.buggy,
            options: ConformanceOptions(environment: environment)
        )
        #expect(result.outcome == .skipped("not selected by FILEPROVIDER_CHECK=ITEM-01,cnt"))
        #expect(result.isNotSelected)

        let collector = ConformanceSummaryCollector()
        collector.add(result)
        collector.add(
            await Conformance.run(
                Conformance.allChecks[0],
                against: Self.buggy,
                options: ConformanceOptions(environment: environment)
            )
        )
        let summary = try #require(collector.summary(of: "conformance(_:)"))
        #expect(summary.hasPrefix("Conformance summary of conformance(_:):\n\narea"))
        #expect(
            summary.hasSuffix(
                "1 passed, 0 failed, 0 unsupported, 0 skipped\n(1 check not selected by FILEPROVIDER_CHECK=ITEM-01,cnt)\n"
            )
        )
    }

    @Test(arguments: [
        (ConformanceEnvironment.checkVariable, "ENUM-99", "names no check or area \"ENUM-99\""),
        (ConformanceEnvironment.seedVariable, "-3", "FILEPROVIDER_SEED=-3 is not a whole number from 0 to"),
    ])
    func anUnusableVariableFailsEveryCheckSayingWhy(name: String, value: String, phrase: String) async throws {
        let check = try #require(Self.unknownDeletion)
        let result = await Conformance.run(
            check,
            against: .referenceProvider(),
            options: ConformanceOptions(environment: ConformanceEnvironment([name: value]))
        )
        #expect(result.findings.count == 1)
        #expect(result.findings.first?.message.contains(phrase) == true)
    }

    @Test func swiftTestingIssuesEndWithTheExactReplayLineOfThisTest() async throws {
        let check = try #require(Self.unknownDeletion)
        let result = await Conformance.run(
            check,
            against: Self.buggy,
            options: ConformanceOptions(seed: 11, environment: .ignored)
        )
        let line =
            "replay: FILEPROVIDER_CHECK=MUT-17 FILEPROVIDER_SEED=11 swift test --filter "
            + "FileProviderConformanceTests.ReplayTests/swiftTestingIssuesEndWithTheExactReplayLineOfThisTest"
        withKnownIssue {
            result.recordIssues()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasSuffix(line) }
        }
        #expect(
            CheckResult.testFilter(forTestID: "Module.Suite/conformance(_:)/File.swift:3:2")
                == "Module.Suite/conformance"
        )
    }

    @Test func theSummaryNamesTheChecksThatDidNotRunAndWhy() async {
        let subject = ConformanceSubject.referenceProvider(supportsTrash: false)
        let checks = ["TRASH-01", "TRASH-02", "TRASH-05", "ITEM-01"].compactMap { Conformance.check(withID: $0) }
        let collector = ConformanceSummaryCollector()
        await ConformanceSummaryCollector.$current.withValue(collector) {
            for check in checks.reversed() {
                await Conformance.run(check, against: subject, options: ConformanceOptions(environment: .ignored))
                    .recordIssues()
            }
        }
        #expect(collector.collected.map(\.checkID) == ["ITEM-01", "TRASH-01", "TRASH-02", "TRASH-05"])
        let summary = ConformanceReport.summary(of: collector.collected)
        #expect(summary.contains("unsupported: the subject does not declare [trash] (2 checks): TRASH-01, TRASH-02"))
        #expect(summary.hasSuffix("2 passed, 0 failed, 2 unsupported, 0 skipped"))
        let trashRow = summary.split(separator: "\n").first { $0.hasPrefix("trash ") }
        #expect(trashRow?.split(separator: " ") == ["trash", "1", "0", "2", "0"])
    }

    @Test func aFaithfulWrapperOfTheReferenceProviderPassesEveryCheckItDeclares() async {
        let subject = ConformanceSubject.referenceProvider(named: "forwarding layer") { ForwardingProvider(inner: $0) }
        let report = await Conformance.run(
            subject,
            options: ConformanceOptions(tier: .smoke, seed: 5, environment: .ignored)
        )
        report.recordIssues()
        #expect(report.subjectName == "forwarding layer")
        #expect(report.failedCount == 0 && report.unsupportedCount == 0 && report.passedCount > 0)
        #expect(report.notRunSummary?.contains("unsupported") != true)
    }
}

/// The Swift Testing form the guides show: a check that does not run is cancelled (skipped), not
/// passed, and the summary is printed once every case has ended.
@Test(
    .conformanceSummary,
    arguments: ["ITEM-01", "TRASH-01", "TRASH-05"].compactMap { Conformance.check(withID: $0) }
)
func conformanceWithSkippedCases(_ check: ConformanceCheck) async throws {
    let subject = ConformanceSubject.referenceProvider(supportsTrash: false)
    try await Conformance.run(check, against: subject, options: ConformanceOptions(environment: .ignored)).record()
}
