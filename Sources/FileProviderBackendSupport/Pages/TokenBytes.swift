import Foundation

/// The binary form of the pages and anchors the building blocks hand out: a 4-byte magic naming
/// the kind, a format version, the fields, and an 8-byte FNV-1a checksum of everything before it.
/// ``Reader`` returns `nil` for anything that does not parse exactly — wrong magic, version or
/// checksum, truncated or trailing bytes — so garbage and tampered tokens are refused, never
/// trusted.
///
/// Package-wide, so the reference provider's pages and anchors share the format (they start with a
/// scope: a domain fingerprint and an epoch, written as the first two fields).
package enum TokenBytes {
    /// The format version written into every token. Tokens of another version are refused.
    package static let formatVersion: UInt8 = 1

    /// Builds a token field by field.
    package struct Writer {
        private(set) var bytes: [UInt8] = []

        /// Starts a token of the kind `magic` (4 ASCII bytes).
        package init(magic: StaticString) {
            bytes.reserveCapacity(64)
            magic.withUTF8Buffer { bytes += $0 }
            bytes.append(TokenBytes.formatVersion)
        }

        /// Appends a big-endian 64-bit field.
        package mutating func append(_ value: UInt64) {
            withUnsafeBytes(of: value.bigEndian) { bytes += $0 }
        }

        /// Appends a one-byte field.
        package mutating func append(_ value: UInt8) {
            bytes.append(value)
        }

        /// Appends a string of at most 65,535 UTF-8 bytes, prefixed with its length.
        package mutating func append(_ string: String) {
            let count = UInt16(clamping: string.utf8.count)
            withUnsafeBytes(of: count.bigEndian) { bytes += $0 }
            bytes += string.utf8.prefix(Int(count))
        }

        /// The token's bytes, checksum included.
        package func finish() -> Data {
            var result = bytes
            withUnsafeBytes(of: RecordJournal<Int>.checksum(bytes[...]).bigEndian) { result += $0 }
            return Data(result)
        }
    }

    /// Reads a token's fields in the order they were written.
    package struct Reader {
        private let bytes: [UInt8]
        /// Where the fields end and the checksum starts.
        private let end: Int
        private var offset: Int

        /// Checks the token's size, magic, version and checksum; `nil` when any is wrong.
        package init?(_ data: Data, magic: StaticString) {
            let bytes = [UInt8](data)
            let magicSize = magic.utf8CodeUnitCount
            let end = bytes.count - 8
            guard end >= magicSize + 1, magic.withUTF8Buffer({ bytes.starts(with: $0) }),
                bytes[magicSize] == TokenBytes.formatVersion,
                bytes[end...].reduce(UInt64(0), { $0 << 8 | UInt64($1) })
                    == RecordJournal<Int>.checksum(bytes[..<end])
            else { return nil }
            self.bytes = bytes
            self.end = end
            offset = magicSize + 1
        }

        /// Whether every field has been read.
        package var isAtEnd: Bool { offset == end }

        package mutating func readUInt64() -> UInt64? {
            guard offset + 8 <= end else { return nil }
            defer { offset += 8 }
            return bytes[offset..<(offset + 8)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        }

        package mutating func readUInt8() -> UInt8? {
            guard offset < end else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        package mutating func readString() -> String? {
            guard offset + 2 <= end else { return nil }
            let count = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
            guard offset + 2 + count <= end else { return nil }
            defer { offset += 2 + count }
            return String(validating: bytes[(offset + 2)..<(offset + 2 + count)], as: UTF8.self)
        }
    }

    /// The FNV-1a hash of a string's UTF-8 bytes, to tie a token to a container without storing
    /// its identifier.
    package static func fingerprint(_ string: String) -> UInt64 {
        RecordJournal<Int>.checksum(ArraySlice(string.utf8))
    }
}
