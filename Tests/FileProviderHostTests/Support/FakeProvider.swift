import FileProviderKit
import Foundation

/// A small, well-behaved in-memory provider for the host's tests, with fault injection and
/// remote (server-side) changes.
///
/// Its working set is every item. Anchors encode (epoch, rank) and pages (epoch, offset); bumping
/// the epoch expires both. Changes since an anchor are coalesced per item, ordered by rank and,
/// within a batch, parents before children.
final class FakeProvider: FileProvider {
    enum Method: Hashable, Sendable {
        case createItem, modifyItem, deleteItem, fetchContents, enumerateItems, enumerateChanges
    }

    private struct Fault {
        var error: FileProviderError
        var skip: Int
        var times: Int
    }

    private struct Store {
        var items: [ItemIdentifier: ItemSnapshot] = [:]
        var contents: [ItemIdentifier: Data] = [:]
        var lastChange: [ItemIdentifier: Int] = [:]
        var rank = 0
        var epoch = 1
        var lastIdentifier = 0
        var faults: [Method: [Fault]] = [:]
        var calls: [Method: Int] = [:]
        var gates: [Method: Gate] = [:]
        var deferredFields: ItemFields = []
        var unsupportedFields: ItemFields = []
        var leavingOnModify: Set<ItemIdentifier> = []
        var withholdsWorkingSetAnchor = false
    }

    private let store = LockedValue(Store())
    private let folder: URL

    init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("FakeProvider-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    // MARK: Test knobs

    /// Makes `method` throw `error` `times` times, after letting `skip` calls through.
    func inject(_ error: FileProviderError, into method: Method, times: Int = 1, skip: Int = 0) {
        store.withLock { $0.faults[method, default: []].append(Fault(error: error, skip: skip, times: times)) }
    }

    /// Makes every later call of `method` wait at `gate` first.
    func hold(_ method: Method, at gate: Gate) {
        store.withLock { $0.gates[method] = gate }
    }

    /// The next create or modify that sends one of `fields` among others leaves them pending.
    func deferOnce(_ fields: ItemFields) {
        store.withLock { $0.deferredFields = fields }
    }

    /// Creates and modifies never apply `fields`: they always come back pending.
    func neverApply(_ fields: ItemFields) {
        store.withLock { $0.unsupportedFields = fields }
    }

    /// The next modification of `identifier` deletes it, with its descendants, and returns no item
    /// (`nil`): the item left the domain.
    func leaveDomain(onModifyOf identifier: ItemIdentifier) {
        store.withLock { _ = $0.leavingOnModify.insert(identifier) }
    }

    /// The working set's enumerator returns no sync anchor (`nil`) from now on, breaking the contract.
    func withholdWorkingSetAnchor() {
        store.withLock { $0.withholdsWorkingSetAnchor = true }
    }

    /// Whether the working set's enumerator returns no sync anchor.
    var withholdsWorkingSetAnchor: Bool {
        store.withLock { $0.withholdsWorkingSetAnchor }
    }

    /// How many times `method` was called.
    func calls(of method: Method) -> Int {
        store.withLock { $0.calls[method] ?? 0 }
    }

    /// Expires every anchor and page handed out so far.
    func expireAnchors() {
        store.withLock { $0.epoch += 1 }
    }

    /// Every item, sorted by identifier: the truth a replica converges to.
    var allItems: [ItemSnapshot] {
        store.withLock { store in store.items.keys.sorted().compactMap { store.items[$0] } }
    }

    /// Creates an item as another client would.
    @discardableResult
    func remoteCreate(
        _ filename: String,
        in parent: ItemIdentifier = .rootContainer,
        type: ContentType = .plainText,
        contents: Data? = nil
    ) -> ItemIdentifier {
        store.withLock { store in
            store.lastIdentifier += 1
            let identifier = ItemIdentifier("item-\(store.lastIdentifier)")
            let item = ItemSnapshot(
                itemIdentifier: identifier,
                parentItemIdentifier: parent,
                filename: filename,
                contentType: type,
                itemVersion: ItemVersion(contentRevision: 1, metadataRevision: 1),
                documentSize: type.isDirectory ? nil : Int64(contents?.count ?? 0)
            )
            store.items[identifier] = item
            if !type.isDirectory { store.contents[identifier] = contents ?? Data() }
            Self.recordChange(of: identifier, in: &store)
            return identifier
        }
    }

    /// Renames or moves an item as another client would.
    func remoteMove(_ identifier: ItemIdentifier, to parent: ItemIdentifier? = nil, renamedTo filename: String? = nil) {
        store.withLock { store in
            guard var item = store.items[identifier] else { return }
            if let parent { item.parentItemIdentifier = parent }
            if let filename { item.filename = filename }
            item.itemVersion = Self.bump(item.itemVersion, content: false)
            store.items[identifier] = item
            Self.recordChange(of: identifier, in: &store)
        }
    }

    /// Replaces an item's content as another client would.
    func remoteEdit(_ identifier: ItemIdentifier, contents: Data) {
        store.withLock { store in
            guard var item = store.items[identifier] else { return }
            item.itemVersion = Self.bump(item.itemVersion, content: true)
            item.documentSize = Int64(contents.count)
            store.items[identifier] = item
            store.contents[identifier] = contents
            Self.recordChange(of: identifier, in: &store)
        }
    }

    /// Deletes an item and its descendants as another client would.
    func remoteDelete(_ identifier: ItemIdentifier) {
        store.withLock { Self.delete(identifier, in: &$0) }
    }

    // MARK: FileProvider

    func item(for identifier: ItemIdentifier, request: Request) async throws -> any FileProviderItem {
        guard let item = store.withLock({ $0.items[identifier] }) else {
            throw FileProviderError.nonExistentItem(withIdentifier: identifier)
        }
        return item
    }

    func fetchContents(
        for identifier: ItemIdentifier,
        version: ItemVersion?,
        request: Request
    ) async throws
        -> FetchedContents
    {
        try await enter(.fetchContents)
        let (item, data) = try store.withLock { store throws(FileProviderError) in
            guard let item = store.items[identifier] else { throw .nonExistentItem(withIdentifier: identifier) }
            guard let data = store.contents[identifier] else { throw FileProviderError(.invalidArgument) }
            return (item, data)
        }
        let url = folder.appendingPathComponent(UUID().uuidString)
        try data.write(to: url)
        return FetchedContents(url: url, item: item)
    }

    func createItem(
        basedOn template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        try await enter(.createItem)
        let data = try contents.map { try Data(contentsOf: $0) }
        return try store.withLock { store throws(FileProviderError) in
            try Filename.validate(template.filename)
            let parent = template.parentItemIdentifier
            guard parent == .rootContainer || store.items[parent]?.contentType.isDirectory == true else {
                throw .nonExistentItem(withIdentifier: parent)
            }
            if let existing = store.items.values.first(where: {
                $0.parentItemIdentifier == parent && $0.filename.lowercased() == template.filename.lowercased()
            }) {
                throw .collision(with: existing)
            }
            let pending = Self.pending(of: fields, in: &store)
            store.lastIdentifier += 1
            let identifier = ItemIdentifier("item-\(store.lastIdentifier)")
            var item = ItemSnapshot(
                itemIdentifier: identifier,
                parentItemIdentifier: parent,
                filename: template.filename,
                contentType: template.contentType,
                itemVersion: ItemVersion(contentRevision: 1, metadataRevision: 1)
            )
            if fields.subtracting(pending).contains(.tagData) { item.tagData = template.tagData }
            if !item.contentType.isDirectory {
                let stored = pending.contains(.contents) ? Data() : (data ?? Data())
                store.contents[identifier] = stored
                item.documentSize = Int64(stored.count)
            }
            store.items[identifier] = item
            Self.recordChange(of: identifier, in: &store)
            return ItemMutationResult(item: item, stillPendingFields: pending)
        }
    }

    func modifyItem(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        try await enter(.modifyItem)
        let data = try contents.map { try Data(contentsOf: $0) }
        let template = ItemSnapshot(item)
        return try store.withLock { store throws(FileProviderError) in
            guard var stored = store.items[template.itemIdentifier] else {
                throw .nonExistentItem(withIdentifier: template.itemIdentifier)
            }
            if store.leavingOnModify.remove(template.itemIdentifier) != nil {
                Self.delete(template.itemIdentifier, in: &store)
                return nil
            }
            let pending = Self.pending(of: changedFields, in: &store)
            let applied = changedFields.subtracting(pending)
            if applied.contains(.filename) {
                try Filename.validate(template.filename)
                stored.filename = template.filename
            }
            if applied.contains(.parentItemIdentifier) {
                let parent = template.parentItemIdentifier
                guard parent == .rootContainer || store.items[parent]?.contentType.isDirectory == true else {
                    throw .nonExistentItem(withIdentifier: parent)
                }
                stored.parentItemIdentifier = parent
            }
            if applied.contains(.tagData) { stored.tagData = template.tagData }
            if applied.contains(.contents), let data {
                store.contents[stored.itemIdentifier] = data
                stored.documentSize = Int64(data.count)
            }
            if !applied.isEmpty {
                stored.itemVersion = Self.bump(stored.itemVersion, content: applied.contains(.contents))
                store.items[stored.itemIdentifier] = stored
                Self.recordChange(of: stored.itemIdentifier, in: &store)
            }
            return ItemMutationResult(item: stored, stillPendingFields: pending)
        }
    }

    func deleteItem(
        identifier: ItemIdentifier,
        baseVersion: ItemVersion,
        options: DeleteItemOptions,
        request: Request
    )
        async throws
    {
        try await enter(.deleteItem)
        try store.withLock { store throws(FileProviderError) in
            guard let item = store.items[identifier] else { return }
            if item.itemVersion != baseVersion { throw .rejectedDeletion(of: item) }
            if !options.contains(.recursive),
                store.items.values.contains(where: { $0.parentItemIdentifier == identifier })
            {
                throw FileProviderError(.directoryNotEmpty, itemIdentifier: identifier)
            }
            Self.delete(identifier, in: &store)
        }
    }

    func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator {
        FakeEnumerator(provider: self, container: containerItemIdentifier)
    }

    // MARK: Enumeration

    func listing(of container: ItemIdentifier, from page: Page, size: Int) async throws -> ([ItemSnapshot], Page?) {
        try await enter(.enumerateItems)
        return try store.withLock { store throws(FileProviderError) in
            let offset: Int
            if page.isInitial {
                offset = 0
            } else {
                guard let position = Self.decode(page.rawValue, epoch: store.epoch) else {
                    throw FileProviderError(.pageExpired)
                }
                offset = position
            }
            let all = store.items.values
                .filter { container == .workingSet || $0.parentItemIdentifier == container }
                .sorted { ($0.filename, $0.itemIdentifier) < ($1.filename, $1.itemIdentifier) }
            let end = min(all.count, offset + size)
            let next = end < all.count ? try? Page(Self.encode(end, epoch: store.epoch)) : nil
            return (Array(all[min(offset, end)..<end]), next)
        }
    }

    func changes(from anchor: SyncAnchor, size: Int) async throws -> ChangeBatch {
        try await enter(.enumerateChanges)
        return try store.withLock { store throws(FileProviderError) in
            guard let since = Self.decode(anchor.rawValue, epoch: store.epoch) else {
                throw FileProviderError(.syncAnchorExpired)
            }
            let pending = store.lastChange.filter { $0.value > since }.sorted { $0.value < $1.value }
            let taken = pending.prefix(size)
            let through = taken.last?.value ?? max(since, 0)
            let updated = taken.compactMap { store.items[$0.key] }.sorted {
                Self.depth(of: $0, in: store) < Self.depth(of: $1, in: store)
            }
            let deleted = taken.map(\.key).filter { store.items[$0] == nil }
            let anchor: SyncAnchor
            do {
                anchor = try Self.anchor(through, epoch: store.epoch)
            } catch {
                throw FileProviderError(.invalidArgument, underlyingError: error)
            }
            return ChangeBatch(
                updatedItems: updated,
                deletedItemIdentifiers: deleted,
                anchor: anchor,
                moreComing: pending.count > taken.count
            )
        }
    }

    func currentAnchor() throws -> SyncAnchor {
        try store.withLock { try Self.anchor($0.rank, epoch: $0.epoch) }
    }

    // MARK: Helpers

    private func enter(_ method: Method) async throws {
        let (fault, gate) = store.withLock { store -> (FileProviderError?, Gate?) in
            store.calls[method, default: 0] += 1
            guard var faults = store.faults[method], !faults.isEmpty else { return (nil, store.gates[method]) }
            defer { store.faults[method] = faults.isEmpty ? nil : faults }
            if faults[0].skip > 0 {
                faults[0].skip -= 1
                return (nil, store.gates[method])
            }
            faults[0].times -= 1
            let error = faults[0].error
            if faults[0].times <= 0 { faults.removeFirst() }
            return (error, store.gates[method])
        }
        if let gate { try await gate.pass() }
        try Task.checkCancellation()
        if let fault { throw fault }
    }

    private static func pending(of fields: ItemFields, in store: inout Store) -> ItemFields {
        var pending = fields.intersection(store.unsupportedFields)
        let deferred = fields.intersection(store.deferredFields)
        if !deferred.isEmpty, deferred != fields {
            pending.formUnion(deferred)
            store.deferredFields = []
        }
        return pending
    }

    private static func recordChange(of identifier: ItemIdentifier, in store: inout Store) {
        store.rank += 1
        store.lastChange[identifier] = store.rank
    }

    private static func delete(_ identifier: ItemIdentifier, in store: inout Store) {
        guard store.items.removeValue(forKey: identifier) != nil else { return }
        store.contents[identifier] = nil
        recordChange(of: identifier, in: &store)
        let children = store.items.values.filter { $0.parentItemIdentifier == identifier }.map(\.itemIdentifier)
        for child in children { delete(child, in: &store) }
    }

    private static func bump(_ version: ItemVersion, content: Bool) -> ItemVersion {
        let contentRevision = counter(version.contentVersion) + (content ? 1 : 0)
        return ItemVersion(contentRevision: contentRevision, metadataRevision: counter(version.metadataVersion) + 1)
    }

    private static func counter(_ data: Data) -> UInt64 {
        data.reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func depth(of item: ItemSnapshot, in store: Store) -> Int {
        var depth = 0
        var parent = item.parentItemIdentifier
        while let next = store.items[parent] {
            depth += 1
            parent = next.parentItemIdentifier
        }
        return depth
    }

    private static func anchor(_ rank: Int, epoch: Int) throws(FileProviderError) -> SyncAnchor {
        try SyncAnchor(encode(rank, epoch: epoch))
    }

    private static func encode(_ position: Int, epoch: Int) -> Data {
        Data("fake:\(epoch):\(position)".utf8)
    }

    private static func decode(_ data: Data, epoch: Int) -> Int? {
        let parts = String(decoding: data, as: UTF8.self).split(separator: ":")
        guard parts.count == 3, parts[0] == "fake", Int(parts[1]) == epoch else { return nil }
        return Int(parts[2])
    }
}
