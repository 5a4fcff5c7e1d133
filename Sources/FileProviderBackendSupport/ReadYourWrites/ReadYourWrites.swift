/// Read-your-writes over a backend whose listings (or change feed) lag behind its writes: the
/// provider's own acknowledged writes are shown before the backend shows them, and never shown
/// undone while it catches up.
///
/// Number the backend's state with a position that only grows: a change-feed cursor, a sequence
/// the provider keeps, or a clock minus the backend's largest lag. After a write the backend
/// acknowledged, call ``acknowledgeWrite(_:at:)`` (or ``acknowledgeDeletion(of:at:)``) with the
/// position of the write; pass every listing through ``view(of:includingWritesUpTo:scope:)``, with the
/// position the listing is known to include, before using it (before a ``ListingDiffer``, say).
/// The view adds the written objects the listing does not show yet, hides the deleted ones it
/// still shows, and replaces stale entries with the written ones. A write retires once a listing
/// includes its position — the listing is then the truth for it — or, for a write, as soon as a
/// listing shows its exact tag; so the overlay stays as small as the lag. A deletion is never
/// retired merely because its key is missing: a lagging listing may not show the object's
/// creation yet either.
///
/// Contract clauses: R4 and R6 (a listing after the provider's own write includes it; each change
/// is reported once, never reverted and re-applied while the backend catches up), R10 (versions do
/// not flip back).
public struct ReadYourWrites: Sendable {
    private enum Pending: Hashable, Sendable {
        case written(ListedObject)
        case deleted
    }

    private struct Entry: Sendable {
        var key: String
        var write: Pending
        var position: UInt64
    }

    private var pending: [ByteKey: Entry] = [:]

    /// An overlay with no pending write.
    public init() {}

    /// The number of writes the backend does not show yet.
    public var pendingCount: Int { pending.count }

    /// Records a write the backend acknowledged at `position`: `object` is at its key, with its
    /// tag.
    public mutating func acknowledgeWrite(_ object: ListedObject, at position: UInt64) {
        pending[ByteKey(object.key)] = Entry(key: object.key, write: .written(object), position: position)
    }

    /// Records a deletion of `key` the backend acknowledged at `position`.
    public mutating func acknowledgeDeletion(of key: String, at position: UInt64) {
        pending[ByteKey(key)] = Entry(key: key, write: .deleted, position: position)
    }

    /// `listing` with the pending writes it may not include applied; writes it includes retire.
    ///
    /// - Parameters:
    ///   - listing: a complete listing of `scope`.
    ///   - position: the listing includes every write acknowledged at this position or before.
    ///   - scope: the key prefix the listing covers; empty for everything. Pending writes outside
    ///     it are neither applied nor retired.
    public mutating func view(
        of listing: [ListedObject],
        includingWritesUpTo position: UInt64,
        scope: String = ""
    ) -> [ListedObject] {
        for (key, entry) in pending where entry.position <= position && entry.key.utf8.starts(with: scope.utf8) {
            pending[key] = nil
        }
        var result: [ListedObject] = []
        result.reserveCapacity(listing.count)
        var seen: Set<ByteKey> = []
        for object in listing {
            let key = ByteKey(object.key)
            seen.insert(key)
            switch pending[key]?.write {
            case nil:
                result.append(object)
            case .written(let written) where written.tag == object.tag:
                pending[key] = nil
                result.append(object)
            case .written(let written):
                result.append(written)
            case .deleted:
                break
            }
        }
        for (key, entry) in pending where !seen.contains(key) && entry.key.utf8.starts(with: scope.utf8) {
            if case .written(let written) = entry.write { result.append(written) }
        }
        return result
    }
}
