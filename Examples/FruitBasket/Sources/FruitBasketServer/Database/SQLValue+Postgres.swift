import Foundation
import PostgresNIO

extension SQLValue {
    /// Appends the value to `bindings` as `BIGINT`, `DOUBLE PRECISION`, `TEXT`, `BYTEA` or an
    /// untyped `NULL` (whose type PostgreSQL infers from the statement).
    func append(to bindings: inout PostgresBindings) {
        switch self {
        case .null: bindings.appendNull()
        case .integer(let value): bindings.append(value)
        case .real(let value): bindings.append(value)
        case .text(let value): bindings.append(value)
        case .blob(let value): bindings.append(ByteBuffer(bytes: value))
        }
    }

    /// The value of `cell`: `NULL` (and `void`) as `.null`; `SMALLINT`, `INTEGER`, `BIGINT` and
    /// `BOOLEAN` (0 or 1) as `.integer`; `REAL` and `DOUBLE PRECISION` as `.real`; `NUMERIC`
    /// (what `SUM` of integers returns) as `.integer` when integral and in range, else `.real`;
    /// the text types as `.text`; `BYTEA` as `.blob`.
    ///
    /// - Throws: ``PostgresDatabaseError/unsupportedColumnType(column:type:)`` for other types or
    ///   bytes that do not decode as their type.
    init(_ cell: PostgresCell) throws(PostgresDatabaseError) {
        guard var bytes = cell.bytes else {
            self = .null
            return
        }
        do {
            switch cell.dataType {
            case .void: self = .null
            case .int2, .int4, .int8: self = .integer(try cell.decode(Int64.self))
            case .bool: self = .integer(try cell.decode(Bool.self) ? 1 : 0)
            case .float4, .float8: self = .real(try cell.decode(Double.self))
            case .numeric: self = Self(numeric: try cell.decode(Decimal.self))
            case .text, .varchar, .bpchar, .name: self = .text(try cell.decode(String.self))
            case .bytea: self = .blob(bytes.readBytes(length: bytes.readableBytes) ?? [])
            default:
                throw PostgresDatabaseError.unsupportedColumnType(column: cell.columnName, type: "\(cell.dataType)")
            }
        } catch let error as PostgresDatabaseError {
            throw error
        } catch {
            throw .unsupportedColumnType(column: cell.columnName, type: "\(cell.dataType)")
        }
    }

    private init(numeric: Decimal) {
        let text = numeric.description
        if let integer = Int64(text) {
            self = .integer(integer)
        } else {
            self = .real(Double(text) ?? .nan)
        }
    }
}
