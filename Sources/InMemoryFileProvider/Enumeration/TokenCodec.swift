import Foundation

/// The binary form shared by the provider's pages and sync anchors.
///
/// A token is: a 4-byte magic naming its kind, a format version, its `TokenScope` (domain
/// fingerprint and epoch, 8 bytes each), the fields written through `Writer`, and a trailing
/// 8-byte FNV-1a checksum of everything before it. `Reader` returns `nil` for anything that
/// does not parse exactly — wrong size, magic, version, scope or checksum, truncated or trailing
/// bytes — so garbage, tampered and foreign tokens are refused, never trusted.
enum TokenCodec {
    /// The format version written into every token. Tokens of another version are refused.
    static let formatVersion: UInt8 = 1

    /// Builds a token field by field.
    struct Writer {
        private(set) var bytes: [UInt8]

        /// Starts a token of the kind `magic` (4 ASCII bytes) valid in `scope`.
        init(magic: StaticString, scope: TokenScope) {
            bytes = []
            bytes.reserveCapacity(64)
            magic.withUTF8Buffer { bytes += $0 }
            bytes.append(TokenCodec.formatVersion)
            append(scope.domain)
            append(scope.epoch)
        }

        mutating func append(_ value: UInt64) {
            withUnsafeBytes(of: value.bigEndian) { bytes += $0 }
        }

        mutating func append(_ value: UInt8) {
            bytes.append(value)
        }

        /// Appends a string of at most 65,535 UTF-8 bytes, prefixed with its length.
        mutating func append(_ string: String) {
            let utf8 = string.utf8
            let count = UInt16(clamping: utf8.count)
            withUnsafeBytes(of: count.bigEndian) { bytes += $0 }
            bytes += utf8.prefix(Int(count))
        }

        /// The token's bytes, checksum included.
        func finish() -> Data {
            var result = bytes
            withUnsafeBytes(of: TokenCodec.checksum(bytes[...]).bigEndian) { result += $0 }
            return Data(result)
        }
    }

    /// Reads a token's fields in the order they were written.
    struct Reader {
        private let bytes: [UInt8]
        /// Where the fields end and the checksum starts.
        private let end: Int
        private var offset: Int

        /// Checks the token's size, magic, version, checksum and scope; `nil` when any is wrong.
        init?(_ data: Data, magic: StaticString, scope: TokenScope) {
            let bytes = [UInt8](data)
            let magicSize = magic.utf8CodeUnitCount
            let end = bytes.count - 8
            guard end >= magicSize + 1,
                magic.withUTF8Buffer({ bytes.starts(with: $0) }),
                bytes[magicSize] == TokenCodec.formatVersion,
                bytes[end...].reduce(UInt64(0), { $0 << 8 | UInt64($1) }) == TokenCodec.checksum(bytes[..<end])
            else { return nil }
            self.bytes = bytes
            self.end = end
            self.offset = magicSize + 1
            guard readUInt64() == scope.domain, readUInt64() == scope.epoch else { return nil }
        }

        /// Whether every field has been read.
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

    /// FNV-1a, 64 bits: deterministic across processes and platforms, unlike `Hasher`.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }

    /// The FNV-1a hash of a string's UTF-8 bytes, used to tie tokens to a domain and a container
    /// without storing their names.
    static func fingerprint(_ string: String) -> UInt64 {
        checksum(ArraySlice(string.utf8))
    }
}
