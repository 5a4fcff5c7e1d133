import FileProviderHost
import FileProviderKit
import Foundation

/// Runs a sequence of `ModelOperation`s against a fresh provider and the `ModelState` side by
/// side. Every call's answer is checked as it returns; the state is checked after each window of
/// at most ``checkInterval`` steps, after the last step, before each step that needs the host
/// caught up, and after each such step that may change something (see
/// `ModelOperation.needsCheckedState`): the replica a `FileProviderHost.ProviderHost` builds only
/// from changes equals a fresh listing of the working set, and the listing equals the model in
/// every observable property, with versions and dates judged against everything the window did
/// (see `checkInvariants()`). The host's contract monitor is fatal: any observer-contract
/// violation fails the run.
///
/// A window's steps change what one check compares, as a backlog's writes do: a change a step
/// makes and a later step of the window undoes is not seen, but nothing the domain holds at the
/// check escapes it, and the run's last step is always checked, so a shrunk sequence fails where
/// it ends.
struct RandomizedRun {
    /// Why a run failed, and at which step.
    struct Failure: Error {
        var step: Int
        var operation: String
        var message: String
        var expected: String?
        var actual: String?
        /// The clauses the failure shows violated — when the step cannot tell which, those of the
        /// operation that failed — never one whose capability the subject does not declare (see
        /// `ModelChecks.findingClauses(_:operation:capabilities:)`).
        var clauses: [String] = []
    }

    /// A change anchor saved with the replica it stood for, and the store epoch it was taken in.
    struct SavedAnchor {
        var anchor: SyncAnchor
        var replica: [ItemIdentifier: ItemDigest]
        var epoch: Int
    }

    /// The most items the model keeps before creations turn into deletions, so a long run keeps a
    /// domain small enough to check after every step.
    static let itemLimit = 48

    let capabilities: ProviderCapabilities
    let caseRule: FilenameCaseRule
    /// The provider instance the run calls; a restart replaces it.
    var provider: any FileProvider
    let remote: (any RemoteChangeHooks)?
    let setReachable: (@Sendable (Bool) async throws -> Void)?
    let setAuthenticated: (@Sendable (Bool) async throws -> Void)?
    let setQuota: (@Sendable (Int64?) async throws -> Void)?
    let failRequest: (@Sendable (Int?) async throws -> Void)?
    let resetStore: (@Sendable () async throws -> Void)?
    let expireHistory: (@Sendable () async throws -> Void)?
    let openAnotherInstance: (@Sendable () async throws -> any FileProvider)?
    let scratch: URL

    var model: ModelState
    var host: ProviderHost?
    /// The last listing of the working set, by identifier.
    var listed: [ItemIdentifier: ItemSnapshot] = [:]
    /// The last listing as digests, for replaying changes over it.
    var replica: [ItemIdentifier: ItemDigest] { listed.mapValues { ItemDigest($0) } }
    var savedAnchors: [SavedAnchor] = []
    /// Items another client created: their content type and flags are the provider's to derive
    /// (from the name, for a provider over a file system), so a local rename may change them.
    var remotelyCreated: Set<ItemIdentifier> = []
    /// Items a call changed fully although it failed (a lost response, R16.8), until a later call
    /// changes them successfully. A provider that failed to record such a change (its journal
    /// write was the failing request) may find it again after a restart as another program's,
    /// under new versions or a new identifier, which the contract leaves open: the run does not
    /// restart the provider while one is unsettled.
    var lostResponses: Set<ItemIdentifier> = []
    /// Enumerators kept across steps, oldest first (see `keepEnumerator(_:)`).
    var kept: [KeptEnumerator] = []
    var epoch = 0
    /// The most steps between two checks of the state; 1 checks after every step. A check costs
    /// about as much as eight ordinary steps (a catch-up, a listing of the working set, fetches,
    /// folder listings), so checking after every step spends most of a run checking.
    var checkInterval = ConformanceOptions.defaultRandomizedCheckInterval
    /// The checks made so far, the initial one included.
    var checksMade = 0
    /// The step after which an anchor was last saved for `replayOldAnchor`.
    var lastSavedAnchorStep = 0
    var previousVersions: [ItemIdentifier: ItemVersion] = [:]
    /// A version of each file older than its latest content edit, rename or move: a deletion
    /// based on it must be rejected.
    var staleVersions: [ItemIdentifier: ItemVersion] = [:]
    /// The last few content versions of each file with their bytes, oldest first.
    var contentHistory: [ItemIdentifier: [(version: ItemVersion, content: Data)]] = [:]
    /// What the steps since the last check did, for judging versions and dates at the next.
    var stepEffects = StepEffects()
    /// Within a backlog, and after the first step of a window, calls take their base versions
    /// from fresh lookups: the last listing is behind what the window's steps changed.
    var inBacklog = false
    /// The content files written so far, by content key: providers only read them, so one file
    /// serves every step that sends the same bytes.
    var contentFiles: [Int: URL] = [:]
    var remoteCounter = 0
    var step = 0
    /// The step being run, and what it resolved to; described only when needed.
    var currentOperation: ModelOperation?
    var resolution: (() -> String)?
    /// Whether to keep each step's resolved description in ``resolvedSteps`` (the shrinker's replays
    /// do; a long run need not spend the time).
    var recordsResolvedSteps = false
    /// The resolved description of every step run so far: names, identifiers and fields.
    private(set) var resolvedSteps: [String] = []

    /// The current step as it resolved: the call, the item's identifier and name, the fields.
    var operation: String {
        if let resolution { return resolution() }
        return currentOperation.map { "\($0) (nothing fits it: no call)" } ?? "the initial listing"
    }

    /// What the steps of a check window did to which items.
    struct StepEffects {
        /// Items a call of the step changed (successfully), whatever it changed.
        var targeted: Set<ItemIdentifier> = []
        /// Files whose content a call of the step replaced, with the same bytes or not.
        var wrote: Set<ItemIdentifier> = []
        /// Files a failed call aimed at: their bytes must be the model's still.
        var verify: Set<ItemIdentifier> = []
        /// The targets of calls that failed, with the clauses a difference of theirs breaks besides
        /// its own: a failed call changes nothing (R16.1), one request failing inside it included
        /// (R16.8).
        var refused: [ItemIdentifier: Set<String>] = [:]
        /// Containers whose listing the step checks both ways against the working set's.
        var containers: Set<ItemIdentifier> = []
        /// Whether versions may change for reasons outside the model (a store reset).
        var versionsMayChange = false
        /// Items another client changed (possibly back to how they were): their versions may move,
        /// and their content type and flags are the other client's to set.
        var remotelyChanged: Set<ItemIdentifier> = []
    }

    init(fixture: ProviderFixture, capabilities: ProviderCapabilities, caseRule: FilenameCaseRule, scratch: URL) {
        self.capabilities = capabilities
        self.caseRule = caseRule
        self.provider = fixture.provider
        self.remote = fixture.remote
        self.setReachable = capabilities.contains(.unreachableServer) ? fixture.setReachable : nil
        self.setAuthenticated = capabilities.contains(.expiringCredentials) ? fixture.setAuthenticated : nil
        self.setQuota = capabilities.contains(.quotaLimits) ? fixture.setQuota : nil
        self.failRequest = capabilities.contains(.requestFailures) ? fixture.failRequest : nil
        self.resetStore = capabilities.contains(.storeResets) ? fixture.resetStore : nil
        self.expireHistory = capabilities.contains(.historyExpiry) ? fixture.expireHistory : nil
        self.openAnotherInstance = capabilities.contains(.freshInstances) ? fixture.openAnotherInstance : nil
        self.scratch = scratch
        self.model = ModelState(caseRule: caseRule)
    }

    /// Runs `operations` in order; returns normally when every step kept every invariant.
    ///
    /// - Throws: `Failure` at the first broken expectation or invariant, or `CancellationError`.
    mutating func run(_ operations: [ModelOperation]) async throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        try startHost()
        do {
            try await checkInvariants()
            try await runSteps(operations)
        } catch {
            await host?.stop()
            throw error
        }
        await host?.stop()
    }

    /// Starts a host with an empty replica, which its next synchronization fills from a listing.
    mutating func startHost() throws {
        host = try ProviderHost(
            provider: provider,
            configuration: HostConfiguration(
                scheduling: .manual,
                suggestedPageSize: 64,
                suggestedBatchSize: 5,
                contentCacheParent: scratch,
                contentCacheCapacity: 0
            ),
            monitor: ContractMonitor(policy: .fatal)
        )
    }

    /// Runs the steps in windows: the state is checked when a window ends (see
    /// ``checkInterval``), a step that needs the host caught up runs in a window of its own (one
    /// that only reads the change history needs no check after it), and the last step ends the
    /// last window.
    private mutating func runSteps(_ operations: [ModelOperation]) async throws {
        var unchecked = 0
        for (index, operation) in operations.enumerated() {
            try Task.checkCancellation()
            let alone = operation.needsCheckedState
            if alone, unchecked > 0 {
                try await checkWindow()
                unchecked = 0
            }
            if unchecked == 0 {
                stepEffects = StepEffects()
                model.beginStep()
            }
            step = index + 1
            currentOperation = operation
            resolution = nil
            inBacklog = unchecked > 0
            try await apply(operation)
            inBacklog = false
            if recordsResolvedSteps { resolvedSteps.append(self.operation) }
            if alone, operation.onlyReadsChanges, index < operations.count - 1 { continue }
            unchecked += 1
            if alone || unchecked >= checkInterval || index == operations.count - 1 {
                try await checkWindow()
                unchecked = 0
            }
        }
    }

    /// Checks the state at the end of a window, and saves the host's anchor with the listing it
    /// stands for every 25 steps or more, for `ModelOperation.replayOldAnchor(which:)`.
    private mutating func checkWindow() async throws {
        try await checkInvariants()
        guard step >= lastSavedAnchorStep + 25, let anchor = await host?.replica.anchor else { return }
        lastSavedAnchorStep = step
        savedAnchors.append(SavedAnchor(anchor: anchor, replica: replica, epoch: epoch))
        if savedAnchors.count > 4 { savedAnchors.removeFirst() }
    }

    /// Names the step for findings: what it resolved to, with names, identifiers and fields.
    mutating func resolve(_ description: @escaping @autoclosure () -> String) {
        resolution = description
    }

    // MARK: Steps

    mutating func apply(_ operation: ModelOperation) async throws {
        switch operation {
        case .list(let folder, let pageSize):
            try await list(folder, pageSize: pageSize)
        case .fetch(let item):
            guard let identifier = ModelState.pick(item, from: model.liveItems(filesOnly: true)) else { return }
            resolve("fetch \(identifier)")
            try await checkContent(of: identifier)
        case .fetchOlder(let item, let which):
            try await fetchOlder(item, which: which)
        case .catchUp(let batchSize):
            guard let anchor = await host?.replica.anchor else { return }
            resolve("catch up from the host's anchor with batches of \(batchSize)")
            try await replay(SavedAnchor(anchor: anchor, replica: replica, epoch: epoch), batchSize: batchSize)
        case .replayOldAnchor(let which):
            guard !savedAnchors.isEmpty else { return }
            let saved = savedAnchors[which % savedAnchors.count]
            let older = saved.epoch == epoch ? "" : " of an older store epoch"
            resolve("replay the changes since a saved anchor\(older) with batches of 7")
            try await replay(saved, batchSize: 7)
        case .touchDeleted(let item, let kind):
            guard let identifier = ModelState.pick(item, from: model.deleted) else { return }
            try await touchDeleted(identifier, kind: kind % 3)
        case .concurrent(let first, let second):
            try await concurrent(first, second)
        case .cancelled(let inner):
            try await cancelled(inner)
        case .offline(let calls):
            try await outageWindow(calls: calls, .unreachable)
        case .signedOut(let calls):
            try await outageWindow(calls: calls, .signedOut)
        case .fullQuota(let writes):
            try await fullQuotaWindow(writes: writes)
        case .failingRequest(let inner, let request):
            try await failingRequest(inner, request: request)
        case .restart(let pageSize, let byDate):
            try await restartProvider(pageSize: pageSize, byDate: byDate)
        case .expireHistory:
            try await expireChangeHistory()
        case .resetStore:
            try await resetStoreEpoch()
        case .backlog(let count, let seed, let batchSize):
            try await backlog(count: count, seed: seed, batchSize: batchSize)
        case .remoteCreate, .remoteWrite, .remoteRename, .remoteMove, .remoteDelete, .remoteTrash, .remoteRestore:
            try await applyRemote(operation)
        case .invalid(let kind, let target, let detail):
            try await invalid(kind: kind, target: target, detail: detail)
        case .keep(let container):
            try await keepEnumerator(container)
        case .useKept(let which, let how):
            try await useKeptEnumerator(which, how: how)
        case .inTrash(let kind, let item, let value):
            try await inTrash(kind: kind, item: item, value: value)
        case .listWhileChanging(let folder, let pageSize, let change):
            try await listWhileChanging(folder, pageSize: pageSize, change: change)
        case .staleWrite(let item, let content) where capabilities.contains(.conflictCopies) && content % 3 == 2:
            try await conflictCopyWrite(item: item, content: content)
        default:
            guard let mutation = try await mutation(for: operation) else { return }
            resolve(mutation.description)
            try await perform(mutation)
        }
    }

    private mutating func list(_ folder: Int, pageSize: Int) async throws {
        let trash: [ItemIdentifier] = capabilities.contains(.trash) ? [.trashContainer] : []
        guard let identifier = ModelState.pick(folder, from: model.folders() + trash) else { return }
        try await list(identifier, pageSize: pageSize)
    }

    /// Lists a container and compares its children with the model's.
    mutating func list(_ identifier: ItemIdentifier, pageSize: Int) async throws {
        resolve("list \(identifier) with page size \(pageSize)")
        let listed = try await attempt {
            try await provider.enumerator(for: identifier, request: Request()).allItems(suggestedPageSize: pageSize)
        }
        let actual = Set(listed.map(\.itemIdentifier))
        let expected = Set(model.children(of: identifier))
        let strangers = listed.filter { $0.parentItemIdentifier != identifier }.map(\.itemIdentifier.rawValue)
        try ensure(
            strangers.isEmpty,
            "the listing of \(identifier) holds items whose parent is another container",
            clauses: ["R2.6"],
            expected: "every item listed carries \(identifier) as its parent",
            actual: "\(strangers.sorted())"
        )
        try ensure(
            actual == expected && listed.count == expected.count,
            "the listing of \(identifier) with page size \(pageSize) differs from the model",
            clauses: ["R2.1", "R2.6"],
            expected: "\(expected.count) children",
            actual:
                "\(listed.count) items, missing \(expected.subtracting(actual).map(\.rawValue).sorted()), extra \(actual.subtracting(expected).map(\.rawValue).sorted())"
        )
    }

    private mutating func touchDeleted(_ identifier: ItemIdentifier, kind: Int) async throws {
        switch kind {
        case 0:
            resolve("item(for:) of the deleted \(identifier)")
            try await expectFailure(.noSuchItem, "item(for:) of the deleted \(identifier)", clauses: ["R16.2"]) {
                _ = try await provider.item(for: identifier, request: Request())
            }
        case 1:
            let mutation = ModelMutation(
                action: .delete(identifier, base: ItemVersion(), recursive: false),
                description: "deleteItem of the deleted \(identifier)"
            )
            resolve(mutation.description)
            try await perform(mutation)
        default:
            let ghost = ItemSnapshot(
                itemIdentifier: identifier,
                parentItemIdentifier: .rootContainer,
                filename: "ghost",
                contentType: .data
            )
            let mutation = ModelMutation(
                action: .modify(
                    template: ghost,
                    base: ItemVersion(),
                    fields: .filename,
                    content: nil,
                    url: nil,
                    options: []
                ),
                description: "modifyItem(filename \"ghost\") of the deleted \(identifier)"
            )
            resolve(mutation.description)
            try await perform(mutation)
        }
    }

    // MARK: Helpers

    func failure(_ message: String, clauses: [String], expected: String? = nil, actual: String? = nil) -> Failure {
        Failure(
            step: step,
            operation: operation,
            message: message,
            expected: expected,
            actual: actual,
            clauses: ModelChecks.findingClauses(clauses, operation: currentOperation, capabilities: capabilities)
        )
    }

    func ensure(
        _ condition: Bool,
        _ message: @autoclosure () -> String,
        clauses: [String],
        expected: @autoclosure () -> String? = nil,
        actual: @autoclosure () -> String? = nil
    ) throws {
        if !condition { throw failure(message(), clauses: clauses, expected: expected(), actual: actual()) }
    }

    /// Runs a call the step expects to fail with `code`, turning a success or another error into a
    /// ``Failure``.
    func expectFailure(
        _ code: FileProviderError.Code,
        _ call: String,
        clauses: [String],
        _ body: () async throws -> Void
    ) async throws {
        try await expectFailure([code], call, clauses: clauses, body)
    }

    /// Runs a call the step expects to fail with one of `codes`; see ``expectFailure(_:_:clauses:_:)``.
    func expectFailure(
        _ codes: Set<FileProviderError.Code>,
        _ call: String,
        clauses: [String],
        _ body: () async throws -> Void
    ) async throws {
        let expected = codes.map { "\($0)" }.sorted().joined(separator: " or ")
        do {
            try await body()
        } catch let error as FileProviderError where codes.contains(error.code) {
            return
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw failure("\(call) failed wrongly", clauses: clauses, expected: expected, actual: "\(error)")
        }
        throw failure("\(call) succeeded", clauses: clauses, expected: expected)
    }

    /// Runs a call for which failing with one of `codes` is a right answer: returns `nil` then, and
    /// the call's value otherwise. A ``Failure`` or a cancellation passes through; any other error
    /// becomes a ``Failure`` saying `call` failed wrongly.
    @discardableResult
    func allowingFailure<T>(
        _ codes: Set<FileProviderError.Code>,
        _ call: String,
        clauses: [String],
        expected: String,
        _ body: () async throws -> T
    ) async throws -> T? {
        do {
            return try await body()
        } catch let error as FileProviderError where codes.contains(error.code) {
            return nil
        } catch let failure as Failure {
            throw failure
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw failure("\(call) failed wrongly", clauses: clauses, expected: expected, actual: "\(error)")
        }
    }

    /// Runs a call the step expects to succeed, turning any error into a `Failure`.
    @discardableResult
    func attempt<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let failure as Failure {
            throw failure
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw failure("a call expected to succeed failed", clauses: [], actual: "\(error)")
        }
    }
}
