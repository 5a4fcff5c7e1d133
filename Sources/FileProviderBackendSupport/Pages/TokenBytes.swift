import Foundation

/// The binary form of the pages and anchors the building blocks hand out: a 4-byte magic naming
/// the kind, a format version, the fields, and an 8-byte FNV-1a checksum of everything before it.
/// ``Reader`` returns `nil` for anything that does not parse exactly — wrong magic, version or
/// checksum, truncated or trailing bytes — so garbage and tampered tokens are refused, never
/// trusted.
enum TokenBytes {
    static let formatVersion: UInt8 = 1

    struct Writer {
        private(set) var bytes: [UInt8] = []

        init(magic: StaticString) {
            magic.withUTF8Buffer { bytes += $0 }
            bytes.append(TokenBytes.formatVersion)
        }

        mutating func append(_ value: UInt64) {
            withUnsafeBytes(of: value.bigEndian) { bytes += $0 }
        }

        mutating func append(_ value: UInt8) {
            bytes.append(value)
        }

        /// Appends a string of at most 65,535 UTF-8 bytes, prefixed with its length.
        mutating func append(_ string: String) {
            let count = UInt16(clamping: string.utf8.count)
            withUnsafeBytes(of: count.bigEndian) { bytes += $0 }
            bytes += string.utf8.prefix(Int(count))
        }

        func finish() -> Data {
            var result = bytes
            withUnsafeBytes(of: RecordJournal<Int>.checksum(bytes[...]).bigEndian) { result += $0 }
            return Data(result)
        }
    }

    struct Reader {
        private let bytes: [UInt8]
        private let end: Int
        private var offset: Int

        init?(_ data: Data, magic: StaticString) {
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

        var isAtEnd: Bool { offset == end }

        mutating func readUInt64() -> UInt64? {
            guard offset + 8 <= end else { return nil }
            defer { offset += 8 }
            return bytes[offset..<(offset + 8)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        }

        mutating func readUInt8() -> UInt8? {
            guard offset < end else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func readString() -> String? {
            guard offset + 2 <= end else { return nil }
            let count = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
            guard offset + 2 + count <= end else { return nil }
            defer { offset += 2 + count }
            return String(validating: bytes[(offset + 2)..<(offset + 2 + count)], as: UTF8.self)
        }
    }

    /// The FNV-1a hash of a string's UTF-8 bytes, to tie a token to a container without storing
    /// its identifier.
    static func fingerprint(_ string: String) -> UInt64 {
        RecordJournal<Int>.checksum(ArraySlice(string.utf8))
    }
}
