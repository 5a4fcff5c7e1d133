import FileProviderBackendSupport
import FileProviderKit
import Foundation
import Synchronization
import Testing

/// A bucket in memory that fails every request after the first `budget` — a backend that goes
/// away in the middle of an operation.
final class FlakyBucket: KeyMoveBackend {
    struct Unreachable: Error {}

    let objects: Mutex<[String: String]>
    private let budget: Mutex<Int>

    init(_ objects: [String: String], budget: Int = .max) {
        self.objects = Mutex(objects)
        self.budget = Mutex(budget)
    }

    func setBudget(_ value: Int) {
        budget.withLock { $0 = value }
    }

    private func spend() throws {
        try budget.withLock {
            guard $0 > 0 else { throw Unreachable() }
            $0 -= 1
        }
    }

    func copyObject(from source: String, to destination: String) async throws {
        try spend()
        try objects.withLock {
            guard let value = $0[source] else { throw Unreachable() }
            $0[destination] = value
        }
    }

    func deleteObject(_ key: String) async throws {
        try spend()
        _ = objects.withLock { $0.removeValue(forKey: key) }
    }

    var snapshot: [String: String] { objects.withLock { $0 } }
}

@Suite struct KeyMoveTests {
    static let folder = ["a/": "", "a/1": "one", "a/2": "two", "a/b/": "", "a/b/3": "three", "z": "zed"]
    static let moved = ["x/": "", "x/1": "one", "x/2": "two", "x/b/": "", "x/b/3": "three", "z": "zed"]

    static var move: KeyMove {
        KeyMove(
            steps: folder.keys.filter { $0.hasPrefix("a/") }.sorted().map {
                KeyMove.Step(source: $0, destination: "x/" + $0.dropFirst(2))
            },
            context: ["identifier": "folder-a"]
        )
    }

    /// The backend fails after every possible number of requests: the move either failed and
    /// nothing moved, or it returned with every key at its destination (rolled forward past the
    /// point of no return) — never half moved; recovery deletes what either left behind.
    @Test(arguments: 0...10) func aFailureAfterNRequestsNeverLeavesAHalfMove(budget: Int) async throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let bucket = FlakyBucket(Self.folder, budget: budget)
        let journal = try OperationJournal<KeyMove>(journalAt: scratch.file("ops"))
        var completed = 0
        do {
            try await KeyMove.run(Self.move, in: journal, on: bucket) { completed += 1 }
            // Returned: every copy was made (5 of them), and the bookkeeping ran once.
            #expect(budget >= 5)
            #expect(completed == 1)
            #expect(Self.moved.allSatisfy { bucket.snapshot[$0.key] == $0.value })
            // Sources left behind (the 5 deletions did not all pass) keep the intent open.
            #expect(journal.pending.isEmpty == (budget >= 10))
        } catch is FlakyBucket.Unreachable {
            #expect(budget < 5)
            #expect(completed == 0)
        }
        // The backend came back; the next start settles whatever was left open.
        bucket.setBudget(.max)
        let reopened = try OperationJournal<KeyMove>(journalAt: scratch.file("ops"))
        try await KeyMove.recover(reopened, on: bucket)
        #expect(reopened.pending.isEmpty)
        #expect(bucket.snapshot == (budget < 5 ? Self.folder : Self.moved))
        #expect(try OperationJournal<KeyMove>(journalAt: scratch.file("ops")).pending.isEmpty)
    }

    /// A crash — the process gone, no rollback attempted — at a seeded point: the next start
    /// finishes or rolls back, and says which, with the provider's context.
    @Test(arguments: [11, 12, 13, 14, 15] as [UInt64]) func aCrashIsSettledOnTheNextStart(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let crashAfter = Int.random(in: 0..<10, using: &random)
        // A crash: every request after the budget fails, the rollback's too.
        let bucket = FlakyBucket(Self.folder, budget: crashAfter)
        let journal = try OperationJournal<KeyMove>(journalAt: scratch.file("ops"))
        do {
            try await KeyMove.run(Self.move, in: journal, on: bucket)
            #expect(crashAfter >= 5)
        } catch is FlakyBucket.Unreachable {
            #expect(crashAfter < 5)
        }
        bucket.setBudget(.max)
        let restarted = try OperationJournal<KeyMove>(journalAt: scratch.file("ops"))
        #expect(restarted.pending.count == 1)
        var outcomes: [KeyMove.Outcome] = []
        try await KeyMove.recover(restarted, on: bucket) { move, outcome in
            #expect(move.context["identifier"] == "folder-a")
            outcomes.append(outcome)
        }
        #expect(outcomes == [crashAfter < 5 ? .rolledBack : .moved])
        #expect(bucket.snapshot == (crashAfter < 5 ? Self.folder : Self.moved))
    }

    /// Steps without a destination delete their keys: a recursive deletion of a folder's objects
    /// fails, changing nothing, when its first request fails; once that one passed it is done (its
    /// bookkeeping run, the call returning), and recovery deletes whatever the backend refused.
    @Test(arguments: 0...5) func stepsWithoutADestinationDeleteTheirKeys(budget: Int) async throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let bucket = FlakyBucket(Self.folder, budget: budget)
        let journal = try OperationJournal<KeyMove>(journalAt: scratch.file("ops"))
        let deletion = KeyMove(
            steps: Self.folder.keys.filter { $0.hasPrefix("a/") }.sorted().reversed().map {
                KeyMove.Step(source: $0, destination: nil)
            }
        )
        var completed = 0
        do {
            try await KeyMove.run(deletion, in: journal, on: bucket) { completed += 1 }
            #expect(budget >= 1)
        } catch is FlakyBucket.Unreachable {
            #expect(budget == 0)
            #expect(journal.pending.isEmpty)
            #expect(bucket.snapshot == Self.folder)
            return
        }
        #expect(completed == 1)
        #expect(journal.pending.isEmpty == (budget >= 5))
        #expect(bucket.snapshot.count == 6 - min(budget, 5))
        bucket.setBudget(.max)
        var outcomes: [KeyMove.Outcome] = []
        try await KeyMove.recover(journal, on: bucket) { _, outcome in outcomes.append(outcome) }
        #expect(outcomes == (budget >= 5 ? [] : [.moved]))
        #expect(bucket.snapshot == ["z": "zed"])
    }

    /// Bookkeeping that fails (its journal could not be written) leaves the move open: recovery
    /// runs it again, so the keys and the provider's records end up agreeing.
    @Test func failedBookkeepingIsRunAgainByRecovery() async throws {
        struct BookkeepingFailed: Error {}
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let bucket = FlakyBucket(Self.folder)
        let journal = try OperationJournal<KeyMove>(journalAt: scratch.file("ops"))
        await #expect(throws: BookkeepingFailed.self) {
            try await KeyMove.run(Self.move, in: journal, on: bucket) { throw BookkeepingFailed() }
        }
        // The keys are copied, the sources still there: the bookkeeping comes before the deletions.
        #expect(bucket.snapshot == Self.folder.merging(Self.moved) { old, _ in old })
        var completed = 0
        try await KeyMove.recover(try OperationJournal<KeyMove>(journalAt: scratch.file("ops")), on: bucket) {
            _,
            outcome in
            #expect(outcome == .moved)
            completed += 1
        }
        #expect(completed == 1)
        #expect(bucket.snapshot == Self.moved)
    }

    @Test func journalNumbersAndPhasesSurviveRestarts() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let journal = try OperationJournal<String>(journalAt: scratch.file("ops"))
        let first = try journal.begin("first")
        let second = try journal.begin("second")
        try journal.advance(second, to: 3)
        try journal.finish(first)
        let reopened = try OperationJournal<String>(journalAt: scratch.file("ops"))
        #expect(reopened.pending.map(\.intent) == ["second"])
        #expect(reopened.pending.map(\.phase) == [3])
        #expect(try reopened.begin("third") > second)
        do {
            try reopened.advance(first, to: 1)
            Issue.record("advanced a finished operation")
        } catch {
            #expect(error.code == .noSuchItem)
        }
    }
}
