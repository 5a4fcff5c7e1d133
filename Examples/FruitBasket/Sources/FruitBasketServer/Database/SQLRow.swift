/// One row of a query's result: its values by column name.
public struct SQLRow: Sendable, Hashable {
    /// The values, keyed by column name (as the statement names them, lower case).
    public var values: [String: SQLValue]

    /// Creates a row.
    public init(values: [String: SQLValue]) {
        self.values = values
    }

    /// The value of `column`, `.null` when the row has no such column.
    public subscript(column: String) -> SQLValue { values[column] ?? .null }
}
