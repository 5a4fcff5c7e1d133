extension SQLValue {
    /// The integer, or `nil` for anything else.
    public var int64: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The double (an integer converted), or `nil` for anything else.
    public var double: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    /// The text, or `nil` for anything else.
    public var string: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The bytes, or `nil` for anything else.
    public var bytes: [UInt8]? {
        if case .blob(let value) = self { return value }
        return nil
    }

    /// `.integer`, or `.null` for `nil`.
    init(_ value: Int64?) { self = value.map { .integer($0) } ?? .null }

    /// `.real`, or `.null` for `nil`.
    init(_ value: Double?) { self = value.map { .real($0) } ?? .null }

    /// `.text`, or `.null` for `nil`.
    init(_ value: String?) { self = value.map { .text($0) } ?? .null }
}

extension SQLExecutor {
    /// The first row of a query, or `nil` when it returns none.
    func first(_ sql: String, _ binds: [SQLValue]) async throws -> SQLRow? {
        try await query(sql, binds).first
    }

    /// Runs a statement and ignores its rows.
    func run(_ sql: String, _ binds: [SQLValue]) async throws {
        _ = try await query(sql, binds)
    }
}
