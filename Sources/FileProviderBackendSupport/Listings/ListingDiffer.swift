/// Change detection for a backend with no change feed: successive listings in, changes out.
///
/// Keep one differ per listing scope (a whole bucket, or one prefix). Each ``diff(_:)`` compares a
/// complete new listing with the previous one and returns what changed: creations, tag changes
/// (content edits), deletions — and renames and moves, when the backend keeps an identifier with
/// each object (``ListedObject/embeddedIdentifier``): a key that vanished while a new key carries
/// its identifier moved there, and is reported once as ``ListingChange/moved(from:to:)``, never as
/// a deletion and a creation. A new key carrying the identifier of a key still listed is a copy:
/// it is reported as created (give it a new identifier).
///
/// Changes come in the order a change journal needs them: moves and creations sorted by key
/// (with `/`-separated keys, a folder's key sorts before its children's), then modifications,
/// then deletions, deepest keys first — so an item moved out of a folder comes before the folder's
/// deletion (R6).
///
/// Cost: O(n) hashing plus O(c log c) for sorting the c changes. Contract clauses: R6 (every
/// change reported, a move as an update), R9 (identifiers survive renames made elsewhere).
public struct ListingDiffer: Sendable {
    private var previous: [ByteKey: ListedObject]

    /// A differ whose previous listing is `previous` (empty at first: everything listed first is
    /// created).
    public init(previous: [ListedObject] = []) {
        self.previous = Dictionary(previous.map { (ByteKey($0.key), $0) }, uniquingKeysWith: { $1 })
    }

    /// The previous listing, in no particular order.
    public var listing: [ListedObject] { Array(previous.values) }

    /// The changes from the previous listing to `listing`, which becomes the previous one.
    public mutating func diff(_ listing: [ListedObject]) -> [ListingChange] {
        let current = Dictionary(listing.map { (ByteKey($0.key), $0) }, uniquingKeysWith: { $1 })
        var vanished: [ByteKey: ListedObject] = [:]
        for (key, object) in previous where current[key] == nil { vanished[key] = object }
        var vanishedByIdentifier: [String: ByteKey] = [:]
        for (key, object) in vanished {
            if let identifier = object.embeddedIdentifier { vanishedByIdentifier[identifier.rawValue] = key }
        }
        var arrivals: [ListingChange] = []
        var modifications: [ListingChange] = []
        for (key, object) in current {
            if let old = previous[key] {
                if old.tag != object.tag || old.embeddedIdentifier != object.embeddedIdentifier {
                    modifications.append(.modified(object, previous: old))
                }
            } else if let identifier = object.embeddedIdentifier,
                let source = vanishedByIdentifier.removeValue(forKey: identifier.rawValue),
                let from = vanished.removeValue(forKey: source)
            {
                arrivals.append(.moved(from: from, to: object))
            } else {
                arrivals.append(.created(object))
            }
        }
        previous = current
        let deletions = vanished.values.sorted { Self.depth($0.key) > Self.depth($1.key) }.map(ListingChange.deleted)
        return arrivals.sorted { Self.key(of: $0).utf8.lexicographicallyPrecedes(Self.key(of: $1).utf8) }
            + modifications.sorted { Self.key(of: $0).utf8.lexicographicallyPrecedes(Self.key(of: $1).utf8) }
            + deletions
    }

    private static func key(of change: ListingChange) -> String {
        switch change {
        case .created(let object), .modified(let object, _), .moved(_, let object), .deleted(let object): object.key
        }
    }

    private static func depth(_ key: String) -> Int {
        key.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
    }
}
