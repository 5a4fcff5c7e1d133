import FileProviderKit
import Foundation

/// Runs one check: makes the fixture, runs the body with a time limit, turns whatever escapes the
/// body into findings, and tears the fixture down.
struct CheckRunner {
    let check: ConformanceCheck
    let subject: ConformanceSubject
    let options: ConformanceOptions

    /// The seed of this check's random stream: the run's seed mixed with the check's identifier,
    /// so each check draws its own stream and replaying one check alone with the run's seed
    /// repeats it exactly. Reports show the run's seed, the one to replay with.
    var checkSeed: UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in check.id.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return options.seed ^ hash
    }

    func run() async -> CheckResult {
        let clock = ContinuousClock()
        let start = clock.now
        let (outcome, remarks) = await outcome()
        let elapsed = start.duration(to: clock.now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return result(outcome, seconds: seconds, remarks: remarks)
    }

    /// The check's result with `outcome`, for a check that ran or one that did not.
    func result(_ outcome: CheckResult.Outcome, seconds: Double = 0, remarks: [String] = []) -> CheckResult {
        CheckResult(
            checkID: check.id,
            title: check.title,
            area: check.area,
            outcome: outcome,
            seconds: seconds,
            seed: options.seed,
            remarks: remarks,
            clauses: check.clauses
        )
    }

    private func outcome() async -> (CheckResult.Outcome, [String]) {
        if let notApplicable = check.reasonNotApplicable(to: subject.capabilities) { return (notApplicable, []) }
        if check.tier > options.tier { return (.skipped("the check belongs to the \(check.tier) tier"), []) }
        let fixture: ProviderFixture
        do {
            fixture = try await subject.makeFixture()
        } catch {
            return (
                .failed([
                    Finding(checkID: check.id, message: "the subject's factory failed: \(error)", seed: options.seed)
                ]), []
            )
        }
        let context: CheckContext
        do {
            context = try CheckContext(
                check: check,
                fixture: fixture,
                subject: subject,
                seed: checkSeed,
                options: options
            )
        } catch {
            await fixture.tearDown()
            let finding = Finding(
                checkID: check.id,
                message: "could not prepare a scratch folder: \(error)",
                seed: options.seed
            )
            return (.failed([finding]), [])
        }
        await runBody(in: context)
        context.cleanUp()
        await fixture.tearDown()
        let findings = context.findings
        if findings.isEmpty, let reason = context.skipReason { return (.skipped(reason), context.remarks) }
        return (findings.isEmpty ? .passed : .failed(findings), context.remarks)
    }

    private func runBody(in context: CheckContext) async {
        let body = check.body
        let timeout = options.checkTimeout
        let finished = await withTimeout(timeout) {
            do {
                try await body(context)
            } catch is CheckAborted {
                return
            } catch let skipped as CheckSkipped {
                context.skip(skipped.reason)
                return
            } catch {
                if let violation = ContractViolation.carried(by: error) {
                    context.fail("the provider broke the observer contract: \(violation)", clauses: violation.clauses)
                    return
                }
                context.fail("\(context.lastOperation ?? "the check") failed unexpectedly", actual: "\(error)")
            }
        }
        if !finished {
            context.fail("the check did not finish within \(timeout); the provider may hang or ignore cancellation")
        }
    }
}

/// Runs `body` in a task of its own and returns `true` when it finished within `limit`; otherwise
/// cancels it and returns `false` without waiting for it, so a hung provider cannot hang the run.
func withTimeout(_ limit: Duration, _ body: @escaping @Sendable () async -> Void) async -> Bool {
    let work = Task { await body() }
    let race = AsyncStream<Bool>.makeStream()
    let watcher = Task {
        await work.value
        race.continuation.yield(true)
    }
    let timer = Task {
        try? await Task.sleep(for: limit)
        race.continuation.yield(false)
    }
    var iterator = race.stream.makeAsyncIterator()
    let finished = await iterator.next() ?? false
    race.continuation.finish()
    timer.cancel()
    if !finished {
        work.cancel()
        watcher.cancel()
    }
    return finished
}
