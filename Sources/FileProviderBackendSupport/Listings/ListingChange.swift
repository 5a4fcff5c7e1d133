/// A difference between two successive listings, from ``ListingDiffer``.
public enum ListingChange: Hashable, Sendable {
    /// A key that was not listed before (and is not a rename of one that was).
    case created(ListedObject)
    /// A key listed before whose tag changed.
    case modified(ListedObject, previous: ListedObject)
    /// A key that vanished while a new one carries its embedded identifier: a rename or a move.
    case moved(from: ListedObject, to: ListedObject)
    /// A key that was listed before and no longer is.
    case deleted(ListedObject)
}
