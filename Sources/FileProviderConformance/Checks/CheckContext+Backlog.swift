import FileProviderKit
import Foundation

/// Long backlogs: many mixed changes made quickly, and a catch-up in small batches that checks
/// every batch on the way.
extension CheckContext {
    /// Makes at least `count` seeded, mixed changes — creations of files and folders, content and
    /// metadata edits, renames, moves, trashing and restoring (when the subject has a trash) and
    /// recursive deletions — noting one line in the trail, and returns the identifiers that
    /// should exist afterwards.
    func makeBacklog(of count: Int) async throws -> Set<ItemIdentifier> {
        note("make \(count) seeded, mixed changes (creations, writes, tags, renames, moves, trash, deletions)")
        var backlog = Backlog(context: self)
        while backlog.changes < count {
            try await backlog.step()
        }
        return Set(backlog.parents.keys)
    }

    /// Records a finding unless the state a catch-up reached equals `truth`, a fresh listing of
    /// the working set, and `truth` holds every identifier of `expected`.
    func expectCaughtUp(
        _ state: [ItemIdentifier: ItemDigest],
        truth: [ItemIdentifier: ItemDigest],
        keeping expected: Set<ItemIdentifier>,
        _ situation: String
    ) {
        let differences = ItemDigest.differences(state, truth)
        expect(
            differences.isEmpty,
            "catching up on a backlog of changes\(situation) does not end in the current state",
            actual: differences.joined(separator: "; ")
        )
        let missing = expected.subtracting(truth.keys)
        expect(missing.isEmpty, "the working set lost items of the backlog\(situation)", actual: "\(missing.sorted())")
    }

    /// `roots` and every item below them in `parents` (each item's parent), as a consumer that
    /// deletes a folder with its contents removes them.
    static func selfAndDescendants(
        of roots: [ItemIdentifier],
        parents: [ItemIdentifier: ItemIdentifier]
    ) -> Set<ItemIdentifier> {
        var doomed = Set(roots)
        var grew = !roots.isEmpty
        while grew {
            let more = parents.filter { doomed.contains($0.value) && !doomed.contains($0.key) }.map(\.key)
            grew = !more.isEmpty
            doomed.formUnion(more)
        }
        return doomed
    }

    /// Catches up from `anchor` over `base` (the listing the anchor came before) in batches of
    /// `batchSize`, each on a fresh enumerator of `provider`, and records a finding for a batch
    /// over its size, a continuation anchor that does not advance, a child before its new parent,
    /// or an identifier both updated and deleted in one batch. A deletion removes the item's descendants
    /// too, as the system's does. Returns the state reached.
    func catchUp(
        from anchor: SyncAnchor,
        over base: [ItemIdentifier: ItemDigest],
        on provider: any FileProvider,
        batchSize: Int
    ) async throws -> [ItemIdentifier: ItemDigest] {
        note("catch up on the working set from \(anchor), batches of \(batchSize), each on a fresh enumerator")
        var state = base
        var current = anchor
        for _ in 0..<100_000 {
            let enumerator = try await provider.enumerator(for: .workingSet, request: Request())
            let batch = try await enumerator.changeBatch(from: current, suggestedBatchSize: batchSize)
            let size = batch.updatedItems.count + batch.deletedItemIdentifiers.count
            expect(
                size <= batchSize,
                "a batch held more changes than suggested",
                expected: "≤ \(batchSize)",
                actual: "\(size)"
            )
            var position: [ItemIdentifier: Int] = [:]
            for (index, item) in batch.updatedItems.enumerated() { position[item.itemIdentifier] = index }
            for (index, item) in batch.updatedItems.enumerated() {
                if let parentIndex = position[item.parentItemIdentifier], parentIndex > index {
                    fail("\(item.itemIdentifier) came before its new parent \(item.parentItemIdentifier) in a batch")
                }
                state[item.itemIdentifier] = ItemDigest(item)
            }
            let both = Set(position.keys).intersection(batch.deletedItemIdentifiers)
            expect(both.isEmpty, "one batch both updated and deleted \(both.sorted())")
            let parents = state.mapValues(\.parent)
            for identifier in Self.selfAndDescendants(of: batch.deletedItemIdentifiers, parents: parents) {
                state[identifier] = nil
            }
            guard batch.moreComing else { return state }
            guard batch.anchor != current else {
                throw abort("a batch with moreComing returned the anchor it was asked for")
            }
            current = batch.anchor
        }
        throw abort("the catch-up did not end after 100,000 batches")
    }
}

/// The state of a backlog being made: where each live item is, and how many changes were made.
private struct Backlog {
    let context: CheckContext
    var parents: [ItemIdentifier: ItemIdentifier] = [:]
    var items: [ItemIdentifier: ItemSnapshot] = [:]
    var changes = 0
    var counter = 0

    init(context: CheckContext) {
        self.context = context
    }

    var folders: [ItemIdentifier] {
        [.rootContainer]
            + items.values.filter { $0.contentType.isDirectory && $0.parentItemIdentifier != .trashContainer }
            .map(\.itemIdentifier).sorted()
    }

    var files: [ItemIdentifier] {
        items.values.filter { !$0.contentType.isDirectory && $0.parentItemIdentifier != .trashContainer }
            .map(\.itemIdentifier).sorted()
    }

    mutating func step() async throws {
        counter += 1
        let kind = context.random { Int.random(in: 0..<10, using: &$0) }
        let folder = pick(folders) ?? .rootContainer
        switch (kind, pick(files)) {
        case (0, _), (_, nil):
            try await create(in: folder, contents: kind == 0 && folders.count < 40 ? nil : Data("b\(counter)".utf8))
        case (1, _), (2, _):
            try await create(in: folder, contents: Data("b\(counter)".utf8))
        case (3, let file?):
            try await modify(
                file,
                fields: .contents,
                contents: Data(repeating: UInt8(counter % 251), count: counter % 97)
            )
        case (4, let file?):
            try await modify(file, fields: .tagData) { [counter] in $0.tagData = Data([UInt8(counter % 256)]) }
        case (5, let file?):
            try await modify(file, fields: .filename) { [counter] in $0.filename = "renamed-\(counter)" }
        case (6, let file?):
            try await modify(file, fields: .parentItemIdentifier) { $0.parentItemIdentifier = folder }
        case (7, let file?) where context.capabilities.contains(.trash):
            let original = items[file]?.parentItemIdentifier ?? .rootContainer
            try await modify(file, fields: .parentItemIdentifier) { $0.parentItemIdentifier = .trashContainer }
            if counter % 2 == 0 {
                try await modify(file, fields: .parentItemIdentifier) { $0.parentItemIdentifier = original }
            }
        case (8, _) where counter % 5 == 0 && folder != .rootContainer:
            try await deleteRecursively(folder)
        default:
            try await create(in: folder, contents: Data("b\(counter)".utf8))
        }
    }

    private func pick(_ candidates: [ItemIdentifier]) -> ItemIdentifier? {
        guard !candidates.isEmpty else { return nil }
        return candidates[context.random { Int.random(in: 0..<candidates.count, using: &$0) }]
    }

    private mutating func create(in parent: ItemIdentifier, contents: Data?) async throws {
        let name = contents == nil ? "folder-\(counter)" : "file-\(counter).txt"
        let template = context.template(
            named: name,
            in: parent,
            contentType: contents == nil ? .folder : .plainText
        )
        var fields: ItemFields = [.filename, .parentItemIdentifier]
        if contents != nil { fields.insert(.contents) }
        let url = try contents.map { try context.file(containing: $0) }
        let result = try await context.provider.createItem(
            basedOn: template,
            fields: fields,
            contents: url,
            options: [],
            request: Request()
        )
        let item = try context.require(result?.item, "createItem(\(name)) returned no item")
        record(ItemSnapshot(item))
    }

    private mutating func modify(
        _ identifier: ItemIdentifier,
        fields: ItemFields,
        contents: Data? = nil,
        _ change: (inout ItemSnapshot) -> Void = { _ in }
    ) async throws {
        guard let item = items[identifier] else { return }
        var changed = item
        change(&changed)
        let url = try contents.map { try context.file(containing: $0) }
        let result = try await context.provider.modifyItem(
            changed,
            baseVersion: item.itemVersion,
            changedFields: fields,
            contents: url,
            options: [],
            request: Request()
        )
        guard let result else {
            context.fail(
                "modifyItem(\(identifier)) returned no item while building a backlog: the item exists",
                clauses: ["R13.8"],
                expected: "the modified item",
                actual: "nil"
            )
            throw CheckAborted()
        }
        record(ItemSnapshot(result.item))
    }

    private mutating func deleteRecursively(_ folder: ItemIdentifier) async throws {
        guard let item = items[folder] else { return }
        try await context.provider.deleteItem(
            identifier: folder,
            baseVersion: item.itemVersion,
            options: .recursive,
            request: Request()
        )
        let doomed = CheckContext.selfAndDescendants(of: [folder], parents: parents)
        for identifier in doomed {
            parents[identifier] = nil
            items[identifier] = nil
        }
        changes += doomed.count
    }

    private mutating func record(_ item: ItemSnapshot) {
        items[item.itemIdentifier] = item
        parents[item.itemIdentifier] = item.parentItemIdentifier
        changes += 1
    }
}
