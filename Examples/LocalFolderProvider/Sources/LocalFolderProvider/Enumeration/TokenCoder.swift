import Foundation

/// The binary form of the provider's pages and anchors: a 4-byte tag naming the kind of token, a
/// format version, the fields, and an FNV-1a checksum of all of it. Decoding refuses anything that
/// does not match exactly, so garbage, truncated or edited tokens are never trusted.
struct TokenCoder {
    static let formatVersion: UInt8 = 1

    private(set) var bytes: [UInt8]

    /// Starts a token of the kind `tag` (4 ASCII characters).
    init(tag: String) {
        bytes = Array(tag.utf8) + [Self.formatVersion]
    }

    mutating func append(_ value: UInt64) {
        bytes += withUnsafeBytes(of: value.bigEndian, Array.init)
    }

    /// Appends a string of at most 65,535 bytes, prefixed with its length.
    mutating func append(_ string: String) {
        let utf8 = Array(string.utf8.prefix(Int(UInt16.max)))
        bytes += withUnsafeBytes(of: UInt16(utf8.count).bigEndian, Array.init) + utf8
    }

    /// The token's bytes, checksum included.
    var data: Data {
        Data(bytes + withUnsafeBytes(of: Self.checksum(bytes).bigEndian, Array.init))
    }

    /// FNV-1a, 64 bits: the same in every process, unlike `Hasher`.
    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}

/// Reads the fields of a token written by ``TokenCoder``, in order.
struct TokenReader {
    private let bytes: [UInt8]
    private var offset: Int

    /// Checks the tag, the format version and the checksum; `nil` when any is wrong.
    init?(_ data: Data, tag: String) {
        let all = [UInt8](data)
        let header = Array(tag.utf8) + [TokenCoder.formatVersion]
        guard all.count >= header.count + 8, all.starts(with: header) else { return nil }
        let body = Array(all.dropLast(8))
        let stored = all.suffix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard stored == TokenCoder.checksum(body) else { return nil }
        bytes = body
        offset = header.count
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset == bytes.count }

    mutating func readUInt64() -> UInt64? {
        guard offset + 8 <= bytes.count else { return nil }
        defer { offset += 8 }
        return bytes[offset..<offset + 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    mutating func readString() -> String? {
        guard offset + 2 <= bytes.count else { return nil }
        let count = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
        guard offset + 2 + count <= bytes.count else { return nil }
        defer { offset += 2 + count }
        return String(validating: bytes[offset + 2..<offset + 2 + count], as: UTF8.self)
    }
}
