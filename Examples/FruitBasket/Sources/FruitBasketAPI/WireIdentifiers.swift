/// The identifiers the server reserves: they name containers, never items of their own.
public enum WireIdentifiers {
    /// The root folder. It always exists and cannot be changed or deleted.
    public static let root = "root"
    /// The trash: items moved here keep their names and may collide with nothing.
    public static let trash = "trash"
}
