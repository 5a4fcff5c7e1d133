import FileProviderKit
import Foundation

/// The harness's own small model of a domain: what the provider should hold after the operations
/// of a randomized run, without the provider's versions (which only the provider knows).
struct ModelState {
    /// Everything the model knows of one item. A date is `nil` while the provider chose it; the
    /// run then holds the provider to the value it observed.
    struct Item: Hashable {
        var parent: ItemIdentifier
        var name: String
        var isFolder: Bool
        var content: Data
        var creationDate: Date?
        var modificationDate: Date?
        /// Whether the provider may have moved `modificationDate` forward: the item was written the
        /// bytes it held, without a date, since the date was set.
        var modificationDateMayMoveForward = false
        var lastUsedDate: Date?
        var tagData: Data?
        var favoriteRank: UInt64?
        var extendedAttributes: [String: Data] = [:]
        /// The type and creator an edit applied, when one did (`nil` inside: edited to none); until
        /// then they are the provider's, and must stay as first observed.
        var editedTypeAndCreator: TypeAndCreator?? = nil
        /// The flags an edit applied, when one did; until then they are the provider's.
        var editedFlags: FileSystemFlags? = nil

        init(parent: ItemIdentifier, name: String, isFolder: Bool, content: Data) {
            self.parent = parent
            self.name = name
            self.isFolder = isFolder
            self.content = content
        }

        /// Whether metadata was set since `before`: a date the provider now chooses (after a write)
        /// does not count, nor the type and creator or the flags (an edit may set the value they
        /// had: only the listing tells).
        func metadataDiffers(from before: Item) -> Bool {
            parent != before.parent || name != before.name || creationDate != before.creationDate
                || (modificationDate != nil && modificationDate != before.modificationDate)
                || lastUsedDate != before.lastUsedDate || tagData != before.tagData
                || favoriteRank != before.favoriteRank || extendedAttributes != before.extendedAttributes
        }
    }

    let caseRule: FilenameCaseRule
    private(set) var items: [ItemIdentifier: Item] = [:]
    /// Identifiers in creation order, for resolving slots.
    private(set) var order: [ItemIdentifier] = []
    /// Identifiers of deleted items, for operations on deleted identifiers.
    private(set) var deleted: [ItemIdentifier] = []

    /// The items as they were when the step began, of those the step changed or removed.
    private var journal: [ItemIdentifier: Item] = [:]
    /// The items the step added.
    private var addedInStep: Set<ItemIdentifier> = []
    /// Where each item of ``order`` is, at the same index: the walks over the tree (children,
    /// descendants, collisions, the live items) run over this array without hashing an identifier
    /// or copying a whole item, and computing a collision key normalises the name, while every
    /// creation, rename and move compares its siblings' keys.
    private var placements: [Placement] = []
    /// The index of each item in ``order`` and ``placements``.
    private var positions: [ItemIdentifier: Int] = [:]
    /// The live items and folders as last computed, valid while no item changed since.
    private var liveCache: (files: [ItemIdentifier], all: [ItemIdentifier], folders: [ItemIdentifier])?

    /// An item's parent, kind and the collision key of its name under ``caseRule``.
    private struct Placement {
        var parent: ItemIdentifier
        var collisionKey: String
        var isFolder: Bool
    }

    init(caseRule: FilenameCaseRule) {
        self.caseRule = caseRule
    }

    /// Starts a step: ``itemBeforeStep(_:)`` answers from here on.
    mutating func beginStep() {
        journal.removeAll(keepingCapacity: true)
        addedInStep.removeAll(keepingCapacity: true)
    }

    /// The items the step added, changed or removed.
    var touchedInStep: Set<ItemIdentifier> {
        addedInStep.union(journal.keys)
    }

    /// An item as it was when the step began, `nil` when it did not exist then.
    func itemBeforeStep(_ identifier: ItemIdentifier) -> Item? {
        addedInStep.contains(identifier) ? nil : journal[identifier] ?? items[identifier]
    }

    mutating func add(_ identifier: ItemIdentifier, _ item: Item) {
        liveCache = nil
        let placement = Placement(
            parent: item.parent,
            collisionKey: caseRule.collisionKey(for: item.name),
            isFolder: item.isFolder
        )
        if let previous = items.updateValue(item, forKey: identifier), let position = positions[identifier] {
            placements[position] = placement
            noteChange(identifier, previous)
        } else {
            positions[identifier] = order.count
            order.append(identifier)
            placements.append(placement)
            addedInStep.insert(identifier)
        }
    }

    mutating func update(_ identifier: ItemIdentifier, _ change: (inout Item) -> Void) {
        guard var item = items[identifier] else { return }
        let (name, parent, isFolder) = (item.name, item.parent, item.isFolder)
        noteChange(identifier, item)
        change(&item)
        items[identifier] = item
        let renamed = !item.name.utf8.elementsEqual(name.utf8)
        guard renamed || item.parent != parent || item.isFolder != isFolder, let position = positions[identifier]
        else { return }
        // Only a move can take an item into or out of the trash.
        if item.parent != parent || item.isFolder != isFolder { liveCache = nil }
        placements[position].parent = item.parent
        placements[position].isFolder = item.isFolder
        if renamed { placements[position].collisionKey = caseRule.collisionKey(for: item.name) }
    }

    private mutating func noteChange(_ identifier: ItemIdentifier, _ previous: Item) {
        if journal[identifier] == nil, !addedInStep.contains(identifier) { journal[identifier] = previous }
    }

    /// Removes an item and everything below it.
    mutating func removeSubtree(_ identifier: ItemIdentifier) {
        guard positions[identifier] != nil else { return }
        liveCache = nil
        let doomed = Set([identifier] + descendants(of: identifier))
        for gone in doomed {
            if let previous = items.removeValue(forKey: gone) { noteChange(gone, previous) }
        }
        var kept = 0
        for index in order.indices where !doomed.contains(order[index]) {
            order[kept] = order[index]
            placements[kept] = placements[index]
            kept += 1
        }
        order.removeLast(order.count - kept)
        placements.removeLast(placements.count - kept)
        positions.removeAll(keepingCapacity: true)
        for (index, identifier) in order.enumerated() { positions[identifier] = index }
        deleted += doomed.sorted()
    }

    func descendants(of identifier: ItemIdentifier) -> [ItemIdentifier] {
        var result: [ItemIdentifier] = []
        var pending = [identifier]
        while let next = pending.popLast() {
            let found = children(of: next)
            result += found
            pending += found
        }
        return result
    }

    /// Whether the item or one of its ancestors is in the trash.
    func isInTrash(_ identifier: ItemIdentifier) -> Bool {
        var current = identifier
        var hops = 0
        while let position = positions[current], hops <= order.count {
            let parent = placements[position].parent
            if parent == .trashContainer { return true }
            current = parent
            hops += 1
        }
        return false
    }

    /// Whether `ancestor` is `identifier` or one of its ancestors.
    func isSelfOrAncestor(_ ancestor: ItemIdentifier, of identifier: ItemIdentifier) -> Bool {
        var current: ItemIdentifier? = identifier
        var hops = 0
        while let next = current, hops <= order.count + 1 {
            if next == ancestor { return true }
            current = positions[next].map { placements[$0].parent }
            hops += 1
        }
        return false
    }

    /// Whether `identifier` is the root, the trash or a folder of the model.
    func isContainer(_ identifier: ItemIdentifier) -> Bool {
        identifier == .rootContainer || identifier == .trashContainer
            || positions[identifier].map { placements[$0].isFolder } == true
    }

    /// Whether an item other than `excluded` in `parent` — a folder or not, when `isFolder` says —
    /// has a name colliding with `name`. Names compare as Unicode canonical equivalents (as
    /// `String` does) under the case rule.
    func collides(
        _ name: String,
        in parent: ItemIdentifier,
        excluding excluded: ItemIdentifier? = nil,
        kind isFolder: Bool? = nil
    ) -> Bool {
        let key = caseRule.collisionKey(for: name)
        return placements.indices.contains { index in
            placements[index].parent == parent && placements[index].collisionKey == key && order[index] != excluded
                && isFolder.map { placements[index].isFolder == $0 } != false
        }
    }

    /// Items outside the trash, optionally files only, in creation order.
    mutating func liveItems(filesOnly: Bool = false) -> [ItemIdentifier] {
        let live = cachedLiveItems()
        return filesOnly ? live.files : live.all
    }

    /// The root and every folder outside the trash.
    mutating func folders() -> [ItemIdentifier] {
        cachedLiveItems().folders
    }

    /// The items outside the trash, computed once per change of the model.
    private mutating func cachedLiveItems() -> (
        files: [ItemIdentifier], all: [ItemIdentifier], folders: [ItemIdentifier]
    ) {
        if let liveCache { return liveCache }
        var live: (files: [ItemIdentifier], all: [ItemIdentifier], folders: [ItemIdentifier]) = (
            [], [], [.rootContainer]
        )
        // Below the top of the trash lie only the contents of folders put there: without such
        // folders, an item is in the trash exactly when its parent is. With them, the items below
        // them are found in one walk down from the trash rather than one walk up from each item.
        var belowTrash: Set<ItemIdentifier> = []
        if placements.contains(where: { $0.parent == .trashContainer && $0.isFolder }) {
            var pending = trashed()
            while let next = pending.popLast() {
                if belowTrash.insert(next).inserted { pending += children(of: next) }
            }
        }
        for (identifier, placement) in zip(order, placements) {
            guard placement.parent != .trashContainer, belowTrash.isEmpty || !belowTrash.contains(identifier)
            else { continue }
            live.all.append(identifier)
            if placement.isFolder { live.folders.append(identifier) } else { live.files.append(identifier) }
        }
        liveCache = live
        return live
    }

    /// Every item in the trash or below a folder in it, optionally files or folders only, in
    /// creation order.
    mutating func itemsInTrash(filesOnly: Bool = false, foldersOnly: Bool = false) -> [ItemIdentifier] {
        let live = Set(cachedLiveItems().all)
        return zip(order, placements).compactMap { identifier, placement in
            guard !live.contains(identifier) else { return nil }
            if filesOnly, placement.isFolder { return nil }
            if foldersOnly, !placement.isFolder { return nil }
            return identifier
        }
    }

    /// Items directly in the trash.
    func trashed() -> [ItemIdentifier] {
        children(of: .trashContainer)
    }

    /// The children of a folder.
    func children(of folder: ItemIdentifier) -> [ItemIdentifier] {
        placements.indices.compactMap { placements[$0].parent == folder ? order[$0] : nil }
    }

    /// How many children each folder (or container) with any has, counted in one pass.
    func childCounts() -> [ItemIdentifier: Int] {
        var counts: [ItemIdentifier: Int] = [:]
        counts.reserveCapacity(placements.count)
        for placement in placements {
            counts[placement.parent, default: 0] += 1
        }
        return counts
    }

    /// Resolves a slot against a list, or `nil` when the list is empty.
    static func pick(_ slot: Int, from candidates: [ItemIdentifier]) -> ItemIdentifier? {
        candidates.isEmpty ? nil : candidates[slot % candidates.count]
    }

    /// The names local operations draw from: few, so collisions are frequent, with case variants,
    /// both Unicode normalisations of one name ("café" precomposed and decomposed), and a
    /// precomposed name the decomposed one is canonically a prefix of ("café2"), which Swift's
    /// `String` `<` leaves unordered on Linux, a dot-name (which sets no flag), and names with the
    /// characters URLs, forms and other file systems treat apart ("+", a space, ":", "%"), which
    /// must come back through every channel, and through later renames and moves, as written.
    static let names = [
        "a", "b", "A", "notes.txt", "NOTES.txt", "c", "photo.png", "d", "caf\u{E9}", "cafe\u{301}", "caf\u{E9}2",
        ".profile", "Caf\u{E9}", "stra\u{DF}e", "STRASSE", "a+b c.txt", "Re: 100%.txt",
    ]

    /// How many different small contents the content slots stand for.
    static let contentVariety = 64

    /// How many different large contents the large-content slots stand for.
    static let largeContentVariety = 2

    /// The content a content slot stands for.
    static func content(_ slot: Int) -> Data {
        slot >= 0 ? contents[slot % contentVariety] : Data("content \(slot % contentVariety)".utf8)
    }

    /// The small contents, made once: steps draw them thousands of times a second. The last is
    /// empty: a write of no bytes is new content too.
    private static let contents = (0..<contentVariety).map {
        $0 == contentVariety - 1 ? Data() : Data("content \($0)".utf8)
    }

    /// The large content a slot stands for: 2 MiB and a few bytes more, of non-uniform bytes that
    /// follow from the slot.
    static func largeContent(_ slot: Int) -> Data {
        slot >= 0 ? largeContents[slot % largeContentVariety] : makeLargeContent(slot % largeContentVariety)
    }

    /// The large contents, made once: drawing 2 MiB costs as much as hundreds of steps.
    private static let largeContents = (0..<largeContentVariety).map(makeLargeContent)

    private static func makeLargeContent(_ variant: Int) -> Data {
        var random = SeededRandomNumberGenerator(seed: 0x6C61_7267_6500 &+ UInt64(variant))
        let words = (2 << 20) / 8 + 1 + variant * 37
        var bytes = [UInt64](repeating: 0, count: words)
        for index in bytes.indices {
            bytes[index] = random.next()
        }
        return bytes.withUnsafeBytes { Data($0.prefix(words * 8 - variant * 3)) }
    }

    /// 2038-01-19 (2^31 seconds after 1970): the explicit dates the model draws from here on lie in
    /// every provider's future, so a date a provider stamps at the time of a write lies before them.
    static let providersFuture = Date(timeIntervalSince1970: Double(1 << 31))

    /// An explicit date a date slot stands for: a whole number of hours before 2001 (for one slot
    /// in eleven, of days before 1970), so that any clock a provider stamps with lies after it,
    /// plus a fraction of a second (a multiple of 1/256 s, which a binary interval and a nanosecond
    /// timestamp both hold exactly), so that a provider that rounds dates to whole seconds differs
    /// from the model.
    static func date(_ slot: Int) -> Date {
        if slot % 11 == 3 { return Date(timeIntervalSince1970: -Double(1 + slot % 20_000) * 86_400 - 0.25) }
        // After 2038-01-19 (2^31 seconds) and after 2106-02-07 (2^32 seconds).
        if slot % 11 == 7 { return providersFuture.addingTimeInterval(Double(slot % 30_000) * 3_600 + 0.5) }
        if slot % 11 == 9 { return Date(timeIntervalSince1970: Double(1 << 32) + Double(slot % 30_000) * 3_600) }
        return Date(timeIntervalSinceReferenceDate: -Double(1 + slot % 5_000) * 3_600 + Double(1 + slot % 255) / 256)
    }

    /// The tag data a slot stands for: `nil` (no tags) and 0 bytes (which stay 0 bytes) among them.
    static func tagData(_ slot: Int) -> Data? {
        switch slot % 8 {
        case 0, 4: nil
        case 1: Data()
        case 7: Data(repeating: UInt8(slot % 251), count: 65_537 + slot % 5_000)
        default: Data("tags-\(slot % 7)".utf8)
        }
    }

    /// The favorite rank a slot stands for: `nil` (not a favorite), 0 (a favorite still), and ranks
    /// above 2^53 up to `UInt64.max` (which a `Double` cannot hold) among them.
    static func favoriteRank(_ slot: Int) -> UInt64? {
        switch slot % 12 {
        case 0, 4, 8: nil
        case 1: 0
        case 5: UInt64.max - UInt64(slot % 3)
        case 9: (1 << 53) + 1 + UInt64(slot % 5)
        default: UInt64(slot % 9) + 1
        }
    }

    /// The last-used date a slot stands for: `nil`, and dates after 2038-01-19 (where 32-bit Unix
    /// time ends; no write compares its date with a last use) among them.
    static func lastUsedDate(_ slot: Int) -> Date? {
        switch slot % 8 {
        case 0, 4: nil
        case 6: Date(timeIntervalSince1970: Double(1 << 31) + Double(slot % 40_000) * 86_400 + 0.75)
        default: date(slot)
        }
    }

    /// The type and creator a slot stands for, `nil` among them.
    static func typeAndCreator(_ slot: Int) -> TypeAndCreator? {
        slot % 3 == 0 ? nil : TypeAndCreator(type: 0x5445_5854 + UInt32(slot % 5), creator: 0x4D4F_444C)
    }

    /// The flags a slot stands for: readable and writable, hidden or not.
    static func fileSystemFlags(_ slot: Int) -> FileSystemFlags {
        slot % 2 == 0 ? [.userReadable, .userWritable] : [.userReadable, .userWritable, .hidden]
    }

    /// The extended attributes a slot stands for: none, an empty value and a value over 4 KiB among them.
    static func extendedAttributes(_ slot: Int) -> [String: Data] {
        switch slot % 8 {
        case 0, 4: [:]
        case 3: ["user.model": Data(), "user.second": Data("xattr-\(slot % 5)".utf8)]
        case 5: ["user.large": Data(repeating: UInt8(slot % 251), count: 5_000 + slot % 64)]
        case 6:
            [
                "com.apple.FinderInfo": Data(repeating: UInt8(slot % 7), count: 32),
                "com.apple.quarantine": Data("0081;\(slot % 1_000);Safari;".utf8),
            ]
        default: ["user.model": Data("xattr-\(slot % 5)".utf8)]
        }
    }
}
