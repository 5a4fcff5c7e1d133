/// One step of a randomized run. Items and folders are named by slots — raw numbers resolved
/// against the model's live items when the step runs — so a sequence stays meaningful when the
/// shrinker removes steps from it.
indirect enum ModelOperation: Hashable, Sendable, CustomStringConvertible {
    case createFile(parent: Int, name: Int, content: Int)
    case createFolder(parent: Int, name: Int)
    /// A file created with explicit dates, tags, favorite rank, last-used date and attributes.
    case createDated(parent: Int, name: Int, content: Int, date: Int)
    case write(item: Int, content: Int)
    /// A write that sets the modification date explicitly.
    case writeDated(item: Int, content: Int, date: Int)
    /// A write of several MiB of non-uniform bytes.
    case writeLarge(item: Int, content: Int)
    /// A metadata-only edit of one field (tags, favorite rank, last use, attributes, dates), with a
    /// template whose other fields differ from the stored ones.
    case editMetadata(item: Int, field: Int, value: Int)
    case rename(item: Int, name: Int)
    /// A modification of two or three of the content, the name and the parent at once.
    case modifyMany(item: Int, name: Int, parent: Int, content: Int)
    case move(item: Int, parent: Int)
    case trash(item: Int)
    case restore(item: Int, parent: Int)
    case delete(item: Int)
    case staleWrite(item: Int, content: Int)
    case touchDeleted(item: Int, kind: Int)
    case fetch(item: Int)
    /// A fetch of an older version of a file.
    case fetchOlder(item: Int, which: Int)
    case list(folder: Int, pageSize: Int)
    case catchUp(batchSize: Int)
    case replayOldAnchor(which: Int)
    /// Two writes issued together; either serialisation is a right answer.
    case concurrent(ModelOperation, ModelOperation)
    /// An operation whose task is cancelled before it runs: it completes fully or not at all.
    case cancelled(ModelOperation)
    /// The server unreachable for a few calls, each of which must fail with serverUnreachable.
    case offline(calls: Int)
    /// The account's credentials invalid for a few calls, each of which must fail with
    /// notAuthenticated.
    case signedOut(calls: Int)
    /// No room left for a few writes that need some, each of which must fail with
    /// insufficientQuota while reads keep working.
    case fullQuota(writes: Int)
    /// A reset of the store's epoch: every older anchor and page expires, the host relists.
    case resetStore
    /// The server drops its change history: anchors with changes after them expire.
    case expireHistory
    /// The provider's process restarts: a listing begun before continues on the new instance,
    /// kept enumerators and saved anchors carry over.
    case restart(pageSize: Int, byDate: Bool)
    /// Many writes without a catch-up in between, then one catch-up in small batches.
    case backlog(count: Int, seed: Int, batchSize: Int)
    case remoteCreate(parent: Int, content: Int, isFolder: Bool)
    case remoteWrite(item: Int, content: Int)
    case remoteRename(item: Int)
    case remoteMove(item: Int, parent: Int)
    case remoteDelete(item: Int)
    /// Another client moves an item to the trash.
    case remoteTrash(item: Int)
    /// Another client restores a trashed item into a folder.
    case remoteRestore(item: Int, parent: Int)
    /// A call the contract says must fail, or whose answer it fixes exactly, drawn from the
    /// precondition space: see `RandomizedRun.InvalidKind`.
    case invalid(kind: Int, target: Int, detail: Int)
    /// An enumerator of a container (a folder, in the trash too, the root, the trash, the working
    /// set) made, its anchor taken and the container listed on it; the run keeps it.
    case keep(container: Int)
    /// A kept enumerator re-listed by name or by date, or caught up from its last anchor: it must
    /// show what a fresh enumerator lists, field by field.
    case useKept(which: Int, how: Int)
    /// A rename, write, metadata edit or move of an item in the trash, or a listing of a folder in it.
    case inTrash(kind: Int, item: Int, value: Int)
    /// A listing of a container that a change of one of its children interrupts after the first page.
    case listWhileChanging(folder: Int, pageSize: Int, change: Int)
    /// A write with one of its backend requests failing: afterwards the item is untouched or
    /// fully changed, never half.
    case failingRequest(ModelOperation, request: Int)

    var description: String {
        switch self {
        case .createFile(let parent, let name, let content):
            ".createFile(parent: \(parent), name: \(name), content: \(content))"
        case .createFolder(let parent, let name): ".createFolder(parent: \(parent), name: \(name))"
        case .createDated(let parent, let name, let content, let date):
            ".createDated(parent: \(parent), name: \(name), content: \(content), date: \(date))"
        case .write(let item, let content): ".write(item: \(item), content: \(content))"
        case .writeDated(let item, let content, let date):
            ".writeDated(item: \(item), content: \(content), date: \(date))"
        case .writeLarge(let item, let content): ".writeLarge(item: \(item), content: \(content))"
        case .editMetadata(let item, let field, let value):
            ".editMetadata(item: \(item), field: \(field), value: \(value))"
        case .rename(let item, let name): ".rename(item: \(item), name: \(name))"
        case .modifyMany(let item, let name, let parent, let content):
            ".modifyMany(item: \(item), name: \(name), parent: \(parent), content: \(content))"
        case .move(let item, let parent): ".move(item: \(item), parent: \(parent))"
        case .trash(let item): ".trash(item: \(item))"
        case .restore(let item, let parent): ".restore(item: \(item), parent: \(parent))"
        case .delete(let item): ".delete(item: \(item))"
        case .staleWrite(let item, let content): ".staleWrite(item: \(item), content: \(content))"
        case .touchDeleted(let item, let kind): ".touchDeleted(item: \(item), kind: \(kind))"
        case .fetch(let item): ".fetch(item: \(item))"
        case .fetchOlder(let item, let which): ".fetchOlder(item: \(item), which: \(which))"
        case .list(let folder, let pageSize): ".list(folder: \(folder), pageSize: \(pageSize))"
        case .catchUp(let batchSize): ".catchUp(batchSize: \(batchSize))"
        case .replayOldAnchor(let which): ".replayOldAnchor(which: \(which))"
        case .concurrent(let first, let second): ".concurrent(\(first), \(second))"
        case .cancelled(let operation): ".cancelled(\(operation))"
        case .offline(let calls): ".offline(calls: \(calls))"
        case .signedOut(let calls): ".signedOut(calls: \(calls))"
        case .fullQuota(let writes): ".fullQuota(writes: \(writes))"
        case .resetStore: ".resetStore"
        case .expireHistory: ".expireHistory"
        case .restart(let pageSize, let byDate): ".restart(pageSize: \(pageSize), byDate: \(byDate))"
        case .backlog(let count, let seed, let batchSize):
            ".backlog(count: \(count), seed: \(seed), batchSize: \(batchSize))"
        case .remoteCreate(let parent, let content, let isFolder):
            ".remoteCreate(parent: \(parent), content: \(content), isFolder: \(isFolder))"
        case .remoteWrite(let item, let content): ".remoteWrite(item: \(item), content: \(content))"
        case .remoteRename(let item): ".remoteRename(item: \(item))"
        case .remoteMove(let item, let parent): ".remoteMove(item: \(item), parent: \(parent))"
        case .remoteDelete(let item): ".remoteDelete(item: \(item))"
        case .remoteTrash(let item): ".remoteTrash(item: \(item))"
        case .remoteRestore(let item, let parent): ".remoteRestore(item: \(item), parent: \(parent))"
        case .invalid(let kind, let target, let detail):
            ".invalid(kind: \(kind), target: \(target), detail: \(detail))"
        case .keep(let container): ".keep(container: \(container))"
        case .useKept(let which, let how): ".useKept(which: \(which), how: \(how))"
        case .inTrash(let kind, let item, let value): ".inTrash(kind: \(kind), item: \(item), value: \(value))"
        case .listWhileChanging(let folder, let pageSize, let change):
            ".listWhileChanging(folder: \(folder), pageSize: \(pageSize), change: \(change))"
        case .failingRequest(let inner, let request): ".failingRequest(\(inner), request: \(request))"
        }
    }

    /// Whether the operation changes nothing a later step resolves its slots against, when the
    /// provider answers as the model expects: a read, a catch-up, an offline, signed-out or full-quota window, a call on a
    /// deleted item.
    var onlyObserves: Bool {
        switch self {
        case .list, .fetch, .fetchOlder, .catchUp, .replayOldAnchor, .touchDeleted, .offline, .signedOut, .fullQuota,
            .keep, .useKept, .expireHistory, .restart:
            true
        default: false
        }
    }

    /// Whether the operation needs the host caught up with the state the last check listed: it
    /// runs in a check window of its own, with a check before it and, unless it
    /// ``onlyReadsChanges``, one after (catch-ups and replays compare with the last listing, an
    /// offline or signed-out window and a store reset use the host's anchor, a full-quota window
    /// the last listing's versions, a backlog restarts the host).
    var needsCheckedState: Bool {
        switch self {
        case .catchUp, .replayOldAnchor, .offline, .signedOut, .fullQuota, .resetStore, .expireHistory, .restart,
            .backlog:
            true
        default: false
        }
    }

    /// Whether the operation only reads the working set's change history on enumerators of its
    /// own (a catch-up from the host's anchor, a replay from a saved one) and compares it with the
    /// last listing: it changes neither the domain nor the host, so the state stays as the check
    /// before it left it, and the next window starts after it with no check of its own. A provider
    /// that changes something on such a read is found by the next window's check.
    var onlyReadsChanges: Bool {
        switch self {
        case .catchUp, .replayOldAnchor: true
        default: false
        }
    }

    /// Whether the operation is drawn from the precondition space: most such calls must fail and
    /// change nothing, a few (deleting an empty folder without `recursive`) succeed.
    var isInvalid: Bool {
        if case .invalid = self { true } else { false }
    }

    /// How an operation kind is drawn: its weight among the others and how its slots are drawn.
    typealias Kind = (weight: Int, make: (inout SeededRandomNumberGenerator) -> ModelOperation)

    /// `count` operations drawn from `seed`, using only what `capabilities` allow. The sequence is a
    /// pure function of its arguments. Large content, backlogs, offline windows and store resets
    /// are rare, so a run stays fast and mostly checks ordinary operations; a run of 100 or more
    /// operations holds each of them at least once.
    static func sequence(seed: UInt64, count: Int, capabilities: ProviderCapabilities) -> [ModelOperation] {
        var random = SeededRandomNumberGenerator(seed: seed)
        let common =
            commonKinds(capabilities) + [
                (3, { .touchDeleted(item: $0.slot(), kind: $0.slot()) }),
                (1, { .fetch(item: $0.slot()) }),
                (2, { .fetchOlder(item: $0.slot(), which: $0.slot()) }),
                (3, { .list(folder: $0.slot(), pageSize: 1 + $0.slot() % 7) }),
                (3, { .catchUp(batchSize: 1 + $0.slot() % 9) }),
                (2, { .replayOldAnchor(which: $0.slot()) }),
                (3, { .keep(container: $0.slot()) }),
                (4, { .useKept(which: $0.slot(), how: $0.slot()) }),
                (2, { .listWhileChanging(folder: $0.slot(), pageSize: 1 + $0.slot() % 3, change: $0.slot()) }),
                (3, { .concurrent(draw(pairKinds, &$0), draw(pairKinds, &$0)) }),
                (2, { .cancelled(draw(cancellableKinds, &$0)) }),
            ]
        var kinds: [Kind] = common
        // Calls the contract says must fail, as often as the valid writes.
        let validWrites = commonKinds(capabilities).reduce(0) { $0 + $1.weight }
        kinds.append((validWrites, { .invalid(kind: $0.slot(), target: $0.slot(), detail: $0.slot()) }))
        if capabilities.contains(.trash) {
            kinds.append((3, { .inTrash(kind: $0.slot(), item: $0.slot(), value: $0.slot()) }))
        }
        if capabilities.contains(.failOnConflict) {
            kinds.append((2, { .staleWrite(item: $0.slot(), content: $0.slot()) }))
        }
        if capabilities.contains(.requestFailures) {
            let writes = commonKinds(capabilities)
            kinds.append((3, { .failingRequest(draw(writes, &$0), request: 1 + $0.slot() % 3) }))
        }
        if capabilities.contains(.remoteChanges) {
            kinds += [
                (4, { .remoteCreate(parent: $0.slot(), content: $0.slot(), isFolder: $0.slot() % 4 == 0) }),
                (3, { .remoteWrite(item: $0.slot(), content: $0.slot()) }),
                (2, { .remoteRename(item: $0.slot()) }),
                (2, { .remoteMove(item: $0.slot(), parent: $0.slot()) }),
                (2, { .remoteDelete(item: $0.slot()) }),
            ]
            if capabilities.contains(.trash) {
                kinds += [
                    (2, { .remoteTrash(item: $0.slot()) }),
                    (1, { .remoteRestore(item: $0.slot(), parent: $0.slot()) }),
                ]
            }
        }
        // Rare kinds, weighed in ten-thousandths of the steps.
        var rare: [Kind] = [
            (2, { .writeLarge(item: $0.slot(), content: $0.slot()) }),
            (2, { .backlog(count: 150 + $0.slot() % 150, seed: $0.slot(), batchSize: 1 + $0.slot() % 3) }),
        ]
        if capabilities.contains(.unreachableServer) { rare.append((25, { .offline(calls: 1 + $0.slot() % 6) })) }
        if capabilities.contains(.storeResets) { rare.append((15, { _ in .resetStore })) }
        if capabilities.contains(.expiringCredentials) {
            rare.append((20, { .signedOut(calls: 1 + $0.slot() % 6) }))
        }
        if capabilities.contains(.quotaLimits) { rare.append((20, { .fullQuota(writes: 1 + $0.slot() % 4) })) }
        if capabilities.contains(.historyExpiry) { rare.append((15, { _ in .expireHistory })) }
        if capabilities.contains(.freshInstances) {
            rare.append((20, { .restart(pageSize: 1 + $0.slot() % 3, byDate: $0.slot() % 2 == 0) }))
        }
        var operations = (0..<count).map { _ in
            var roll = Int.random(in: 0..<10_000, using: &random)
            for kind in rare {
                if roll < kind.weight { return kind.make(&random) }
                roll -= kind.weight
            }
            return draw(kinds, &random)
        }
        // A run long enough holds every rare kind at least once, at a place drawn from the seed.
        if count >= 100 {
            for kind in rare {
                operations[Int.random(in: 0..<count, using: &random)] = kind.make(&random)
            }
        }
        return operations
    }

    /// The local writes every run draws, backlogs included.
    static func commonKinds(_ capabilities: ProviderCapabilities) -> [Kind] {
        var kinds: [Kind] = [
            (12, { .createFile(parent: $0.slot(), name: $0.slot(), content: $0.slot()) }),
            (5, { .createFolder(parent: $0.slot(), name: $0.slot()) }),
            (2, { .createDated(parent: $0.slot(), name: $0.slot(), content: $0.slot(), date: $0.slot()) }),
            (8, { .write(item: $0.slot(), content: $0.slot()) }),
            (2, { .writeDated(item: $0.slot(), content: $0.slot(), date: $0.slot()) }),
            (6, { .editMetadata(item: $0.slot(), field: $0.slot(), value: $0.slot()) }),
            (6, { .rename(item: $0.slot(), name: $0.slot()) }),
            (6, { .move(item: $0.slot(), parent: $0.slot()) }),
            (3, { .modifyMany(item: $0.slot(), name: $0.slot(), parent: $0.slot(), content: $0.slot()) }),
            (4, { .delete(item: $0.slot()) }),
        ]
        if capabilities.contains(.trash) {
            kinds += [(3, { .trash(item: $0.slot()) }), (2, { .restore(item: $0.slot(), parent: $0.slot()) })]
        }
        return kinds
    }

    /// The writes a concurrent pair is made of.
    static var pairKinds: [Kind] {
        [
            (4, { .createFile(parent: $0.slot() % 3, name: $0.slot(), content: $0.slot()) }),
            (1, { .createFolder(parent: $0.slot() % 3, name: $0.slot()) }),
            (2, { .write(item: $0.slot(), content: $0.slot()) }),
            (3, { .rename(item: $0.slot(), name: $0.slot()) }),
            (2, { .move(item: $0.slot(), parent: $0.slot()) }),
            (1, { .delete(item: $0.slot()) }),
        ]
    }

    /// The operations a cancelled task runs.
    static var cancellableKinds: [Kind] {
        [
            (2, { .createFile(parent: $0.slot(), name: $0.slot(), content: $0.slot()) }),
            (2, { .write(item: $0.slot(), content: $0.slot()) }),
            (1, { .rename(item: $0.slot(), name: $0.slot()) }),
            (1, { .delete(item: $0.slot()) }),
            (1, { .fetch(item: $0.slot()) }),
            (1, { .list(folder: $0.slot(), pageSize: 1 + $0.slot() % 7) }),
        ]
    }

    /// One operation of `kinds`, drawn by weight.
    static func draw(_ kinds: [Kind], _ random: inout SeededRandomNumberGenerator) -> ModelOperation {
        let total = kinds.reduce(0) { $0 + $1.weight }
        var pick = Int.random(in: 0..<total, using: &random)
        for kind in kinds {
            if pick < kind.weight { return kind.make(&random) }
            pick -= kind.weight
        }
        return kinds[0].make(&random)
    }
}

extension SeededRandomNumberGenerator {
    /// A raw slot number.
    mutating func slot() -> Int { Int.random(in: 0..<1_000_000, using: &self) }
}
