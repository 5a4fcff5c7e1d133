import FileProviderKit
import Foundation

/// What a check body works with: the fixture's provider, the subject's capabilities, a seeded
/// random generator, and operations that record themselves in the trail a finding reports.
///
/// Findings accumulate: ``expect(_:_:expected:actual:)`` records one and lets the check go on;
/// ``abort(_:expected:actual:)`` records one and stops the check, for failed preconditions. Errors
/// the provider throws propagate out of the operations unchanged; the runner turns an uncaught
/// one into a finding naming the operation that threw it.
final class CheckContext: Sendable {
    let checkID: String
    /// The clauses the check verifies; every finding names them.
    let clauses: [String]
    let provider: any FileProvider
    let remoteHooks: (any RemoteChangeHooks)?
    let anotherInstance: (@Sendable () async throws -> any FileProvider)?
    let fixtureHooks: FixtureHooks
    let capabilities: ProviderCapabilities
    /// The seed of the check's random stream.
    let seed: UInt64
    /// The run's seed, shown in findings: replaying the check with it repeats the same operations.
    let runSeed: UInt64
    let tier: ConformanceTier
    let caseRule: FilenameCaseRule
    let randomizedSteps: Int
    /// The most operations of a randomized run between two checks of the state.
    let randomizedCheckInterval: Int
    /// How long the check may run before the runner stops it.
    let checkTimeout: Duration
    let makeFixture: @Sendable () async throws -> ProviderFixture
    private let scratch: URL
    private let state: LockedValue<State>

    private struct State {
        var operations: [String] = []
        var findings: [Finding] = []
        var remarks: [String] = []
        var skipReason: String?
        var random: SeededRandomNumberGenerator
        var fileCounter = 0
    }

    init(
        check: ConformanceCheck,
        fixture: ProviderFixture,
        subject: ConformanceSubject,
        seed: UInt64,
        options: ConformanceOptions
    ) throws {
        self.checkID = check.id
        self.clauses = check.clauses
        self.provider = fixture.provider
        self.remoteHooks = fixture.remote
        self.anotherInstance = fixture.openAnotherInstance
        self.fixtureHooks = FixtureHooks(fixture)
        self.capabilities = subject.capabilities
        self.seed = seed
        self.runSeed = options.seed
        self.tier = options.tier
        self.randomizedSteps = options.effectiveRandomizedSteps
        self.randomizedCheckInterval = options.effectiveRandomizedCheckInterval
        self.checkTimeout = options.checkTimeout
        self.makeFixture = subject.makeFixture
        self.caseRule = subject.capabilities.contains(.caseSensitiveFilenames) ? .caseSensitive : .caseInsensitive
        self.scratch = ScratchFolder.unique("fileprovider-conformance-\(check.id)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        self.state = LockedValue(State(random: SeededRandomNumberGenerator(seed: seed)))
    }

    /// Removes the files the check wrote.
    func cleanUp() {
        try? FileManager.default.removeItem(at: scratch)
    }

    var findings: [Finding] { state.withLock { $0.findings } }

    var remarks: [String] { state.withLock { $0.remarks } }

    /// Why the check stopped as not applicable (``CheckSkipped``), if it did.
    var skipReason: String? { state.withLock { $0.skipReason } }

    /// Records that the check does not apply to the provider, for the reason given.
    func skip(_ reason: String) {
        state.withLock { $0.skipReason = reason }
    }

    var lastOperation: String? { state.withLock { $0.operations.last } }

    // MARK: Recording

    /// Adds an operation to the trail.
    func note(_ operation: String) {
        state.withLock { $0.operations.append(operation) }
    }

    /// Records a fact worth reporting that is not a finding, such as a randomized run's speed.
    func remark(_ text: String) {
        state.withLock { $0.remarks.append(text) }
    }

    /// Records a finding and goes on. It names `clauses` when given (the ones a failure shows
    /// violated), and otherwise every clause the check verifies.
    func fail(_ message: String, clauses: [String]? = nil, expected: String? = nil, actual: String? = nil) {
        state.withLock { state in
            state.findings.append(
                Finding(
                    checkID: checkID,
                    message: message,
                    expected: expected,
                    actual: actual,
                    operations: state.operations,
                    seed: runSeed,
                    clauses: clauses ?? self.clauses
                )
            )
        }
    }

    /// Records a finding unless `condition` holds.
    func expect(_ condition: Bool, _ message: @autoclosure () -> String, expected: String? = nil, actual: String? = nil)
    {
        if !condition { fail(message(), expected: expected, actual: actual) }
    }

    /// Records a finding unless `actual == expected`.
    func expectEqual<T: Equatable>(_ actual: T, _ expected: T, _ message: @autoclosure () -> String) {
        if actual != expected {
            fail(message(), expected: FindingValue.describe(expected), actual: FindingValue.describe(actual))
        }
    }

    /// Records a finding and returns the error that stops the check.
    func abort(_ message: String, expected: String? = nil, actual: String? = nil) -> CheckAborted {
        fail(message, expected: expected, actual: actual)
        return CheckAborted()
    }

    /// Unwraps `value`, or records a finding and stops the check.
    func require<T>(_ value: T?, _ message: @autoclosure () -> String) throws -> T {
        guard let value else { throw abort(message()) }
        return value
    }

    /// Draws from the check's seeded generator.
    func random<T>(_ draw: (inout SeededRandomNumberGenerator) -> T) -> T {
        state.withLock { draw(&$0.random) }
    }

    // MARK: Errors

    /// Runs `body`, expecting it to fail with a `FileProviderError` whose code is one of `codes`;
    /// records a finding otherwise. Returns the error when it has an expected code.
    @discardableResult
    func expectError<T>(
        _ codes: Set<FileProviderError.Code>,
        _ operation: String,
        _ body: () async throws -> T
    ) async -> FileProviderError? {
        note(operation)
        let expected = codes.map { "\($0) (\($0.rawValue))" }.sorted().joined(separator: " or ")
        do {
            let value = try await body()
            fail("\(operation) succeeded but must fail", expected: expected, actual: "success: \(value)")
        } catch let error as FileProviderError where codes.contains(error.code) {
            return error
        } catch {
            fail("\(operation) failed with the wrong error", expected: expected, actual: "\(error)")
        }
        return nil
    }

    /// Runs `body`, expecting a `FileProviderError` with `code`; see ``expectError(_:_:_:)``.
    @discardableResult
    func expectError<T>(
        _ code: FileProviderError.Code,
        _ operation: String,
        _ body: () async throws -> T
    ) async
        -> FileProviderError?
    {
        await expectError([code], operation, body)
    }

    // MARK: Files

    /// Writes `data` to a fresh file the context owns and returns its URL.
    func file(containing data: Data) throws -> URL {
        let index = state.withLock { state in
            state.fileCounter += 1
            return state.fileCounter
        }
        let url = scratch.appendingPathComponent("contents-\(index)")
        try ContentFile.write(data, toNewFileAt: url)
        return url
    }

    /// A URL in the context's scratch folder where no file exists.
    func missingFileURL() -> URL {
        scratch.appendingPathComponent("missing-\(UUID().uuidString)")
    }
}
