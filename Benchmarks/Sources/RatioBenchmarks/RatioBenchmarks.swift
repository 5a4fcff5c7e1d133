import BenchmarkSupport
import FileProviderHost
import FileProviderKit
import Foundation

/// The goals of Benchmarks/README.md, each measured side by side in one run (see `RatioRunner`):
///
///     swift run --package-path Benchmarks -c release ratio-benchmarks [--items N] [--changes N]
///         [--repetitions N] [--warm-ups N] [--steps N]
///         [--only listing|sync|memory|catch-up|provider-changes|catch-up-overhead|randomized]
///
/// Defaults: 1,000,000 items, 100,000 changes, 5 repetitions after 1 warm-up, randomized runs of
/// 10,000 operations, every goal. Exits
/// with status 1 when a goal is missed.
@main
struct RatioBenchmarks {
    static func main() async throws {
        let options = Options(CommandLine.arguments.dropFirst())
        let runner = RatioRunner(repetitions: options.repetitions, warmUps: options.warmUps)
        let changes = min(options.changes, options.items)
        let goals: [(name: String, measure: (HostScenario) async throws -> Bool)] = [
            ("listing", { try await listingGoal($0, runner) }),
            ("sync", { try await fullSyncGoal($0, runner) }),
            ("memory", { try await memoryGoal($0, runner) }),
            ("catch-up", { try await catchUpGoal($0, runner, changes: changes) }),
            ("provider-changes", { try await providerChangesReference($0, runner, changes: changes) }),
            ("catch-up-overhead", { try await catchUpOverheadReference($0, runner, changes: changes) }),
        ]
        let chosen = goals.filter { options.only.isEmpty || options.only.contains($0.name) }
        var held = true
        if !chosen.isEmpty {
            print("Building a store of \(options.items) items … (load average \(loadAverage()))")
            let scenario = HostScenario(itemCount: options.items)
            print("Measuring (load average \(loadAverage())).\n")
            for goal in chosen {
                held = try await goal.measure(scenario) && held
            }
        }
        if options.only.isEmpty || options.only.contains("randomized") {
            held = try await RandomizedRunThroughput.goal(runner, steps: options.steps) && held
        }
        print("Done (load average \(loadAverage())): \(held ? "every goal holds" : "a goal was missed").")
        if !held { exit(1) }
    }

    /// P1: the reference provider's name-sorted listing of the folder, against copying the same
    /// items into pages of 200.
    static func listingGoal(_ scenario: HostScenario, _ runner: RatioRunner) async throws -> Bool {
        let enumerator = try await scenario.store.makeProvider().enumerator(for: .rootContainer, request: Request())
        let items = scenario.store.snapshot().items.filter { $0.parentItemIdentifier == .rootContainer }
        let expected = items.count
        return try await runner.ratio(
            "P1 listing of \(expected) items, page size 200 ÷ raw copy into pages of 200",
            limit: 1.5,
            numerator: .init("listing") {
                var listed = 0
                let timing = await RatioRunner.time { listed = await listAll(enumerator, pageSize: 200) }
                precondition(listed == expected)
                return timing
            },
            denominator: .init("raw copy") {
                var copied = 0
                let timing = await RatioRunner.time { copied = copyIntoPages(items, pageSize: 200) }
                precondition(copied == expected)
                return timing
            }
        )
    }

    /// The host's initial synchronization against the provider's own listing of the working set,
    /// both through the provider that returns its own item copies.
    static func fullSyncGoal(_ scenario: HostScenario, _ runner: RatioRunner) async throws -> Bool {
        let count = scenario.itemCount
        return try await runner.ratio(
            "Host full sync of \(count) items ÷ provider listing of them (independent items)",
            limit: 3,
            numerator: hostFullSync(scenario, label: "host full sync"),
            denominator: providerListing(scenario)
        )
    }

    /// The heap a synchronized host's replica retains per item, items independent of the store.
    static func memoryGoal(_ scenario: HostScenario, _ runner: RatioRunner) async throws -> Bool {
        try await runner.figure(
            "Replica memory per item at \(scenario.itemCount) items (independent items, live heap)",
            unit: " B",
            bound: .atMost(200)
        ) {
            let before = heapBytesInUse()
            let host = try await scenario.synchronizedHost()
            let after = heapBytesInUse()
            let count = await host.replica.count
            await host.stop()
            return Double(after - before) / Double(count)
        }
    }

    /// Catching a synchronized host up on renames of items picked at random, against a full sync.
    static func catchUpGoal(_ scenario: HostScenario, _ runner: RatioRunner, changes: Int) async throws -> Bool {
        let count = scenario.itemCount
        return try await runner.ratio(
            "Host catch-up of \(changes) changes ÷ full sync of \(count) items (independent items)",
            limit: 0.2,
            numerator: hostCatchUp(scenario, changes: changes),
            denominator: hostFullSync(scenario, label: "full sync")
        )
    }

    /// For reference: the provider's own share of a catch-up, enumerating the changes (batches of
    /// 200, a fresh enumerator each, as the host does) against listing every item.
    static func providerChangesReference(
        _ scenario: HostScenario,
        _ runner: RatioRunner,
        changes: Int
    ) async throws
        -> Bool
    {
        let count = scenario.itemCount
        return try await runner.ratio(
            "Provider change enumeration of \(changes) changes ÷ its listing of \(count) items (independent items)",
            limit: nil,
            numerator: providerChanges(scenario, changes: changes),
            denominator: providerListing(scenario)
        )
    }

    /// For reference: what the host adds to the provider's work in a catch-up, against the
    /// provider's own enumeration of as many changes.
    static func catchUpOverheadReference(
        _ scenario: HostScenario,
        _ runner: RatioRunner,
        changes: Int
    ) async throws
        -> Bool
    {
        try await runner.ratio(
            "Host catch-up of \(changes) changes ÷ the provider's enumeration of as many (independent items)",
            limit: nil,
            numerator: hostCatchUp(scenario, changes: changes),
            denominator: providerChanges(scenario, changes: changes)
        )
    }

    /// A synchronized host's catch-up on renames of `changes` items picked at random.
    static func hostCatchUp(_ scenario: HostScenario, changes: Int) -> RatioRunner.Side {
        .init("host catch-up") {
            let host = try await scenario.synchronizedHost()
            try scenario.renameRandomItems(changes)
            var summary = SyncSummary()
            let timing = try await RatioRunner.time { summary = try await host.synchronize() }
            precondition(summary.updatedItemCount == changes)
            await host.stop()
            return timing
        }
    }

    /// The provider's enumeration of the changes since an anchor followed by renames of `changes`
    /// items picked at random: batches of 200, a fresh enumerator each, as the host does.
    static func providerChanges(_ scenario: HostScenario, changes: Int) -> RatioRunner.Side {
        .init("provider changes") {
            let enumerator = try await scenario.provider.enumerator(for: .workingSet, request: Request())
            guard let anchor = try await enumerator.currentSyncAnchor() else {
                preconditionFailure("the working set returned no sync anchor")
            }
            await enumerator.invalidate()
            try scenario.renameRandomItems(changes)
            var reported = 0
            let timing = try await RatioRunner.time {
                reported = try await enumerateAllChanges(of: scenario.provider, since: anchor, batchSize: 200)
            }
            precondition(reported == changes)
            return timing
        }
    }

    /// A fresh host's full synchronization of every item.
    static func hostFullSync(_ scenario: HostScenario, label: String) -> RatioRunner.Side {
        .init(label) {
            let host = try scenario.makeHost()
            let timing = try await RatioRunner.time { try await host.synchronize() }
            let held = await host.replica.count
            precondition(held == scenario.itemCount)
            await host.stop()
            return timing
        }
    }

    /// The provider's listing of the working set, page size 200, through the provider that returns
    /// its own item copies.
    static func providerListing(_ scenario: HostScenario) -> RatioRunner.Side {
        .init("provider listing") {
            let enumerator = try await scenario.provider.enumerator(for: .workingSet, request: Request())
            var listed = 0
            let timing = await RatioRunner.time { listed = await listAll(enumerator, pageSize: 200) }
            precondition(listed == scenario.itemCount)
            await enumerator.invalidate()
            return timing
        }
    }

    /// The 1-, 5- and 15-minute load averages, from /proc/loadavg.
    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}

/// The command line: `--items`, `--changes`, `--repetitions`, `--warm-ups`, `--steps`, each followed by a
/// whole number, and `--only` followed by a goal's name (repeatable).
struct Options {
    var items = 1_000_000
    var changes = 100_000
    var repetitions = 5
    var warmUps = 1
    var steps = 10_000
    var only: Set<String> = []

    init(_ arguments: ArraySlice<String>) {
        var arguments = arguments
        while let name = arguments.popFirst() {
            if name == "--only", let goal = arguments.popFirst() {
                only.insert(goal)
                continue
            }
            guard let text = arguments.popFirst(), let value = Int(text.replacingOccurrences(of: "_", with: "")),
                value >= 0
            else {
                FileHandle.standardError.write(Data("\(name) needs a whole number\n".utf8))
                exit(2)
            }
            switch name {
            case "--items": items = max(1, value)
            case "--changes": changes = value
            case "--repetitions": repetitions = value
            case "--warm-ups": warmUps = value
            case "--steps": steps = max(1, value)
            default:
                FileHandle.standardError.write(Data("unknown option \(name)\n".utf8))
                exit(2)
            }
        }
    }
}
