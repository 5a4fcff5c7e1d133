/// SQL written with `?` placeholders, rewritten for PostgreSQL: each `?` becomes `$1`, `$2`, …
/// in order, and the text is split into its statements at top-level semicolons.
///
/// A `?` or `;` inside a string literal (`'…'`, `E'…'` with backslash escapes, `$tag$…$tag$`), a
/// quoted identifier (`"…"`) or a comment (`-- …`, nested `/* … */`) is left as it is.
struct PostgresStatementText: Sendable, Hashable {
    /// The statements, without their separating semicolons; blank ones are dropped.
    var statements: [String]
    /// How many placeholders the whole text had, so how many values it must be bound to.
    var placeholderCount: Int

    /// Rewrites `sql`.
    init(_ sql: String) {
        var scanner = Scanner(bytes: Array(sql.utf8))
        scanner.run()
        statements = scanner.statements.map { String(decoding: $0, as: UTF8.self) }
            .filter { !$0.allSatisfy(\.isWhitespace) }
        placeholderCount = scanner.placeholders
    }

    private struct Scanner {
        enum Context {
            case code
            case string(backslashEscapes: Bool)
            case identifier
            case lineComment
            case blockComment(depth: Int)
            case dollarString(tag: ArraySlice<UInt8>)
        }

        let bytes: [UInt8]
        var index = 0
        var context = Context.code
        var current: [UInt8] = []
        var statements: [[UInt8]] = []
        var placeholders = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func run() {
            while index < bytes.count {
                switch context {
                case .code: scanCode()
                case .string(let backslashEscapes): scanString(backslashEscapes: backslashEscapes)
                case .identifier: scanIdentifier()
                case .lineComment: scanLineComment()
                case .blockComment(let depth): scanBlockComment(depth: depth)
                case .dollarString(let tag): scanDollarString(tag: tag)
                }
            }
            statements.append(current)
        }

        private func byte(at offset: Int) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        private mutating func copy(_ count: Int = 1) {
            current.append(contentsOf: bytes[index..<min(index + count, bytes.count)])
            index += count
        }

        private mutating func scanCode() {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "?"):
                placeholders += 1
                current.append(contentsOf: Array("$\(placeholders)".utf8))
                index += 1
            case UInt8(ascii: ";"):
                statements.append(current)
                current = []
                index += 1
            case UInt8(ascii: "'"):
                context = .string(backslashEscapes: startsEscapeString())
                copy()
            case UInt8(ascii: "\""):
                context = .identifier
                copy()
            case UInt8(ascii: "-") where self.byte(at: 1) == UInt8(ascii: "-"):
                context = .lineComment
                copy(2)
            case UInt8(ascii: "/") where self.byte(at: 1) == UInt8(ascii: "*"):
                context = .blockComment(depth: 1)
                copy(2)
            case UInt8(ascii: "$"):
                if let tagLength = dollarTagLength() {
                    context = .dollarString(tag: bytes[index..<index + tagLength])
                    copy(tagLength)
                } else {
                    copy()
                }
            default:
                copy()
            }
        }

        /// Whether the quote at `index` opens an `E'…'` string: it follows a lone `E` or `e`.
        private func startsEscapeString() -> Bool {
            guard index >= 1, bytes[index - 1] | 0x20 == UInt8(ascii: "e") else { return false }
            return index < 2 || !Self.isIdentifierByte(bytes[index - 2])
        }

        /// The length of the `$tag$` opening a dollar-quoted string at `index`, `nil` when the
        /// `$` opens none (a `$1` parameter, or a `$` inside an identifier).
        private func dollarTagLength() -> Int? {
            if index >= 1, Self.isIdentifierByte(bytes[index - 1]) { return nil }
            var end = index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "$") {
                let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end])
                guard Self.isIdentifierByte(bytes[end]), !(isDigit && end == index + 1) else { return nil }
                end += 1
            }
            return end < bytes.count ? end - index + 1 : nil
        }

        private static func isIdentifierByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
                return true
            default:
                return false
            }
        }

        private mutating func scanString(backslashEscapes: Bool) {
            let byte = bytes[index]
            if backslashEscapes, byte == UInt8(ascii: "\\") {
                copy(2)
            } else if byte == UInt8(ascii: "'") {
                if self.byte(at: 1) == UInt8(ascii: "'") {
                    copy(2)
                } else {
                    context = .code
                    copy()
                }
            } else {
                copy()
            }
        }

        private mutating func scanIdentifier() {
            if bytes[index] == UInt8(ascii: "\"") {
                if byte(at: 1) == UInt8(ascii: "\"") {
                    copy(2)
                    return
                }
                context = .code
            }
            copy()
        }

        private mutating func scanLineComment() {
            if bytes[index] == UInt8(ascii: "\n") { context = .code }
            copy()
        }

        private mutating func scanBlockComment(depth: Int) {
            if bytes[index] == UInt8(ascii: "*"), byte(at: 1) == UInt8(ascii: "/") {
                context = depth == 1 ? .code : .blockComment(depth: depth - 1)
                copy(2)
            } else if bytes[index] == UInt8(ascii: "/"), byte(at: 1) == UInt8(ascii: "*") {
                context = .blockComment(depth: depth + 1)
                copy(2)
            } else {
                copy()
            }
        }

        private mutating func scanDollarString(tag: ArraySlice<UInt8>) {
            if bytes[index...].starts(with: tag) {
                context = .code
                copy(tag.count)
            } else {
                copy()
            }
        }
    }
}
