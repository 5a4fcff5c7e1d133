/// One step of a randomized run. Items and folders are named by slots — raw numbers resolved
/// against the model's live items when the step runs — so a sequence stays meaningful when the
/// shrinker removes steps from it.
enum ModelOperation: Hashable, Sendable, CustomStringConvertible {
    case createFile(parent: Int, name: Int, content: Int)
    case createFolder(parent: Int, name: Int)
    case write(item: Int, content: Int)
    case rename(item: Int, name: Int)
    case move(item: Int, parent: Int)
    case trash(item: Int)
    case restore(item: Int, parent: Int)
    case delete(item: Int)
    case staleWrite(item: Int, content: Int)
    case touchDeleted(item: Int, kind: Int)
    case fetch(item: Int)
    case list(folder: Int, pageSize: Int)
    case catchUp(batchSize: Int)
    case replayOldAnchor(which: Int)
    case remoteCreate(parent: Int, content: Int, isFolder: Bool)
    case remoteWrite(item: Int, content: Int)
    case remoteRename(item: Int)
    case remoteMove(item: Int, parent: Int)
    case remoteDelete(item: Int)

    var description: String {
        switch self {
        case .createFile(let parent, let name, let content):
            ".createFile(parent: \(parent), name: \(name), content: \(content))"
        case .createFolder(let parent, let name): ".createFolder(parent: \(parent), name: \(name))"
        case .write(let item, let content): ".write(item: \(item), content: \(content))"
        case .rename(let item, let name): ".rename(item: \(item), name: \(name))"
        case .move(let item, let parent): ".move(item: \(item), parent: \(parent))"
        case .trash(let item): ".trash(item: \(item))"
        case .restore(let item, let parent): ".restore(item: \(item), parent: \(parent))"
        case .delete(let item): ".delete(item: \(item))"
        case .staleWrite(let item, let content): ".staleWrite(item: \(item), content: \(content))"
        case .touchDeleted(let item, let kind): ".touchDeleted(item: \(item), kind: \(kind))"
        case .fetch(let item): ".fetch(item: \(item))"
        case .list(let folder, let pageSize): ".list(folder: \(folder), pageSize: \(pageSize))"
        case .catchUp(let batchSize): ".catchUp(batchSize: \(batchSize))"
        case .replayOldAnchor(let which): ".replayOldAnchor(which: \(which))"
        case .remoteCreate(let parent, let content, let isFolder):
            ".remoteCreate(parent: \(parent), content: \(content), isFolder: \(isFolder))"
        case .remoteWrite(let item, let content): ".remoteWrite(item: \(item), content: \(content))"
        case .remoteRename(let item): ".remoteRename(item: \(item))"
        case .remoteMove(let item, let parent): ".remoteMove(item: \(item), parent: \(parent))"
        case .remoteDelete(let item): ".remoteDelete(item: \(item))"
        }
    }

    /// `count` operations drawn from `seed`, using only what `capabilities` allow. The sequence is a
    /// pure function of its arguments.
    static func sequence(seed: UInt64, count: Int, capabilities: ProviderCapabilities) -> [ModelOperation] {
        var random = SeededRandomNumberGenerator(seed: seed)
        var kinds: [(weight: Int, make: (inout SeededRandomNumberGenerator) -> ModelOperation)] = [
            (12, { .createFile(parent: $0.slot(), name: $0.slot(), content: $0.slot()) }),
            (5, { .createFolder(parent: $0.slot(), name: $0.slot()) }),
            (8, { .write(item: $0.slot(), content: $0.slot()) }),
            (6, { .rename(item: $0.slot(), name: $0.slot()) }),
            (6, { .move(item: $0.slot(), parent: $0.slot()) }),
            (4, { .delete(item: $0.slot()) }),
            (3, { .touchDeleted(item: $0.slot(), kind: $0.slot()) }),
            (1, { .fetch(item: $0.slot()) }),
            (3, { .list(folder: $0.slot(), pageSize: 1 + $0.slot() % 7) }),
            (3, { .catchUp(batchSize: 1 + $0.slot() % 9) }),
            (2, { .replayOldAnchor(which: $0.slot()) }),
        ]
        if capabilities.contains(.trash) {
            kinds += [(3, { .trash(item: $0.slot()) }), (2, { .restore(item: $0.slot(), parent: $0.slot()) })]
        }
        if capabilities.contains(.failOnConflict) {
            kinds.append((2, { .staleWrite(item: $0.slot(), content: $0.slot()) }))
        }
        if capabilities.contains(.remoteChanges) {
            kinds += [
                (4, { .remoteCreate(parent: $0.slot(), content: $0.slot(), isFolder: $0.slot() % 4 == 0) }),
                (3, { .remoteWrite(item: $0.slot(), content: $0.slot()) }),
                (2, { .remoteRename(item: $0.slot()) }),
                (2, { .remoteMove(item: $0.slot(), parent: $0.slot()) }),
                (2, { .remoteDelete(item: $0.slot()) }),
            ]
        }
        let total = kinds.reduce(0) { $0 + $1.weight }
        return (0..<count).map { _ in
            var pick = Int.random(in: 0..<total, using: &random)
            for kind in kinds {
                if pick < kind.weight { return kind.make(&random) }
                pick -= kind.weight
            }
            return .catchUp(batchSize: 1)
        }
    }
}

extension SeededRandomNumberGenerator {
    /// A raw slot number.
    mutating func slot() -> Int { Int.random(in: 0..<1_000_000, using: &self) }
}
