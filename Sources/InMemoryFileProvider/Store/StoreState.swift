import FileProviderBackendSupport
import FileProviderKit
import Foundation

/// Everything one domain's store holds, guarded by the ``InMemoryStore``'s mutex.
///
/// Every mutating operation validates all of its input first and changes the state only once
/// nothing can fail any more, so a failing call leaves the state exactly as it was.
struct StoreState: Sendable {
    var domain: Domain
    let caseRule: FilenameCaseRule
    let identifierGenerator: @Sendable (UInt64) -> ItemIdentifier
    /// Pages and anchors carry it; a reset bumps it so that they expire.
    var epoch: UInt64
    /// Whether the domain was removed: the data is gone and every operation fails.
    var isRemoved = false

    /// Every item but the root and the trash container, by identifier: the working set's order.
    private(set) var items = SortedIndex<ItemIdentifier, ItemSnapshot>()
    /// The children of the root, of the trash and of every directory.
    private(set) var folders: [ItemIdentifier: FolderIndex] = [
        .rootContainer: FolderIndex(), .trashContainer: FolderIndex(),
    ]
    /// The content of files that have any (empty files and other items have no entry).
    private(set) var contents: [ItemIdentifier: Data] = [:]
    /// The total size of ``contents``, checked against the quota.
    private(set) var storedByteCount: Int64 = 0
    private(set) var log: ChangeHistory
    /// The number passed to the identifier generator for the next item.
    private var nextSerial: UInt64 = 1

    /// Injected faults, checked in order.
    var faults: [Fault] = []
    /// Whether every operation fails with `FileProviderError.Code.serverUnreachable`.
    var isOffline = false
    /// Whether operations succeed; when `false` they fail with `FileProviderError.Code.notAuthenticated`.
    var isAuthenticated = true
    /// The most bytes of content the store holds, or `nil` for no limit.
    var quota: Int64?
    /// The time every provider operation waits before it starts.
    var latency: Duration = .zero
    /// The number of the internal step, counted from the next one, that fails; `nil` when none
    /// is armed (see ``InMemoryStore/failStep(_:)``).
    var failingStep: Int?

    init(domain: Domain, configuration: InMemoryStoreConfiguration) {
        self.domain = domain
        self.caseRule = configuration.caseRule
        self.identifierGenerator = configuration.identifierGenerator
        self.epoch = configuration.initialEpoch
        self.log = ChangeHistory(retention: configuration.changeHistoryLimit)
    }

    // MARK: Lookup

    /// The item with `identifier`: a stored item, the root, or the trash when the domain has one.
    func item(_ identifier: ItemIdentifier) -> ItemSnapshot? {
        switch identifier {
        case .rootContainer: rootItem
        case .trashContainer: domain.supportsSyncingTrash ? trashItem : nil
        case .workingSet: nil
        default: items.value(for: identifier)
        }
    }

    /// The item with `identifier`, excluding the three reserved containers.
    func storedItem(_ identifier: ItemIdentifier) -> ItemSnapshot? {
        items.value(for: identifier)
    }

    private var rootItem: ItemSnapshot {
        ItemSnapshot(
            itemIdentifier: .rootContainer,
            parentItemIdentifier: .rootContainer,
            filename: domain.displayName.isEmpty ? domain.identifier.rawValue : domain.displayName,
            contentType: .folder,
            capabilities: [.allowsReading, .allowsWriting],
            itemVersion: ItemVersion(contentRevision: 0, metadataRevision: 0)
        )
    }

    private var trashItem: ItemSnapshot {
        ItemSnapshot(
            itemIdentifier: .trashContainer,
            parentItemIdentifier: .rootContainer,
            filename: "Trash",
            contentType: .folder,
            capabilities: [.allowsReading, .allowsWriting],
            itemVersion: ItemVersion(contentRevision: 0, metadataRevision: 0)
        )
    }

    /// The children index of a container, or `nil` when `identifier` names no container: not an
    /// item, not a directory, or the trash of a domain without one.
    func folder(_ identifier: ItemIdentifier) -> FolderIndex? {
        if identifier == .trashContainer, !domain.supportsSyncingTrash { return nil }
        return folders[identifier]
    }

    /// The content of a file (empty when it has none).
    func content(of identifier: ItemIdentifier) -> Data {
        contents[identifier] ?? Data()
    }

    /// The key under which `name` is unique in its folder, and by which the folder sorts it: one
    /// total order for the index and for resuming a page, canonically equivalent names equal.
    /// When the key equals the name it shares the name's storage, so already-lowercase ASCII
    /// names cost no extra memory.
    func nameKey(_ name: String) -> FilenameSortKey {
        let key = caseRule.collisionKey(for: name)
        return FilenameSortKey(key == name ? name : key)
    }

    /// The child of `parent` whose name collides with `name`, other than `excluded`.
    func collidingItem(
        named name: String,
        in parent: ItemIdentifier,
        excluding excluded: ItemIdentifier?
    ) -> ItemSnapshot? {
        guard let existing = folders[parent]?.child(withNameKey: nameKey(name)),
            existing.itemIdentifier != excluded
        else { return nil }
        return existing
    }

    /// Checks that `parent` can hold children.
    ///
    /// - Throws: `FileProviderError.Code.featureUnsupported` for the trash of a domain without
    ///   one; `FileProviderError.Code.noSuchItem` for anything else that is not a container.
    func validateContainer(_ parent: ItemIdentifier) throws(FileProviderError) {
        if parent == .trashContainer, !domain.supportsSyncingTrash {
            throw FileProviderError(.featureUnsupported, itemIdentifier: parent, message: "The domain has no trash.")
        }
        guard folders[parent] != nil else { throw .nonExistentItem(withIdentifier: parent) }
    }

    // MARK: Versions and identifiers

    static func contentRevision(of item: ItemSnapshot) -> UInt64 {
        revision(item.itemVersion.contentVersion)
    }

    private static func revision(_ data: Data) -> UInt64 {
        data.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    /// The identifier the next created item gets, checked.
    ///
    /// - Throws: `FileProviderError.Code.cannotSynchronize` when the generator returns an
    ///   identifier that is empty, longer than 255 bytes, reserved or in use.
    func nextIdentifier() throws(FileProviderError) -> ItemIdentifier {
        let identifier = identifierGenerator(nextSerial)
        let size = identifier.rawValue.utf8.count
        guard size > 0, size <= 255, !identifier.isReservedContainer, items.value(for: identifier) == nil else {
            throw FileProviderError(
                .cannotSynchronize,
                itemIdentifier: identifier,
                message: "The identifier generator returned \"\(identifier)\", which is invalid or in use."
            )
        }
        return identifier
    }

    /// Checks that `additional` more bytes of content fit in the quota.
    func checkQuota(adding additional: Int64) throws(FileProviderError) {
        if let quota, additional > 0, storedByteCount + additional > quota {
            throw FileProviderError(
                .insufficientQuota,
                message: "The change needs \(additional) bytes; the quota is full."
            )
        }
    }

    // MARK: Changing the state (only after validation)

    /// Adds a new item under its parent and records its creation.
    mutating func insert(_ item: ItemSnapshot, content: Data?) {
        let identifier = item.itemIdentifier
        items.insert(item, for: identifier)
        let key = nameKey(item.filename)
        folders[item.parentItemIdentifier]?.insert(item, nameKey: key)
        if item.contentType.isDirectory { folders[identifier] = FolderIndex() }
        setContent(content, of: identifier)
        nextSerial += 1
        log.append(item)
    }

    /// Replaces an item with its new state and records the change.
    mutating func replace(_ old: ItemSnapshot, with new: ItemSnapshot, content: Data?) {
        let identifier = new.itemIdentifier
        items.update(new, for: identifier)
        let oldKey = nameKey(old.filename)
        let newKey = nameKey(new.filename)
        if old.parentItemIdentifier == new.parentItemIdentifier, oldKey == newKey, DateKey(old) == DateKey(new) {
            folders[new.parentItemIdentifier]?.update(new, nameKey: newKey)
        } else {
            folders[old.parentItemIdentifier]?.remove(old, nameKey: oldKey)
            folders[new.parentItemIdentifier]?.insert(new, nameKey: newKey)
        }
        if let content { setContent(content, of: identifier) }
        let parent = old.parentItemIdentifier
        log.append(new, leaving: parent == new.parentItemIdentifier ? nil : parent)
    }

    /// Removes an item and everything below it, recording a deletion for each.
    mutating func removeTree(_ item: ItemSnapshot) {
        let key = nameKey(item.filename)
        folders[item.parentItemIdentifier]?.remove(item, nameKey: key)
        var pending = [(identifier: item.itemIdentifier, parent: item.parentItemIdentifier)]
        while let (identifier, parent) = pending.popLast() {
            if let folder = folders.removeValue(forKey: identifier) {
                pending += folder.byName.elements.map { ($0.value.itemIdentifier, identifier) }
            }
            items.remove(identifier)
            setContent(nil, of: identifier)
            log.appendDeletion(of: identifier, from: parent)
        }
    }

    /// Bumps the epoch and drops the change history: every page and anchor handed out expires.
    mutating func resetEpoch() {
        epoch &+= 1
        log.dropAll()
    }

    /// Drops the change history: anchors with changes after them expire; the epoch stays.
    mutating func expireHistory() {
        log.dropAll()
    }

    /// Drops every item and the history, for a removed domain.
    mutating func removeAll() {
        isRemoved = true
        items = SortedIndex()
        folders = [:]
        contents = [:]
        storedByteCount = 0
        log.dropAll()
    }

    private mutating func setContent(_ content: Data?, of identifier: ItemIdentifier) {
        let old = contents[identifier]?.count ?? 0
        let new = content?.count ?? 0
        contents[identifier] = new == 0 ? nil : content
        storedByteCount += Int64(new - old)
    }

    // MARK: Inspection

    var snapshot: StoreSnapshot {
        StoreSnapshot(
            items: items.elements.map(\.value),
            contents: contents,
            changeLog: log.retainedEntries.map {
                StoreSnapshot.ChangeLogEntry(
                    rank: $0.rank,
                    identifier: $0.entry.identifier,
                    isDeletion: $0.entry.isDeletion
                )
            },
            epoch: epoch
        )
    }
}
