/// The order of a folder's listing. Both are total orders, ties broken by identifier, so a
/// listing resumed from a cursor never repeats or skips a child.
public enum ListingOrder: String, Codable, Sendable, CaseIterable {
    /// By name: the names' Unicode scalars, in the normalised form of ``WireNameRule/key(_:)``.
    case name
    /// By modification date, oldest first (items without one first).
    case date
}
