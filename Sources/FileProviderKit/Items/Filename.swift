/// The rule every filename obeys, shared by every provider so they all reject the same names.
///
/// A valid filename is non-empty, contains neither `/` nor NUL, is neither `.` nor `..`, and
/// takes at most ``maximumByteCount`` bytes in UTF-8.
public enum Filename {
    /// The largest size of a filename, in UTF-8 bytes.
    public static let maximumByteCount = 255

    /// What makes a filename invalid.
    public enum Problem: Hashable, Sendable, CustomStringConvertible {
        /// The name is empty.
        case empty
        /// The name contains a `/`.
        case containsSlash
        /// The name contains a NUL character.
        case containsNUL
        /// The name is `.` or `..`.
        case reservedName(String)
        /// The name takes more than ``Filename/maximumByteCount`` bytes in UTF-8.
        case tooLong(byteCount: Int)

        /// A sentence saying what is wrong.
        public var description: String {
            switch self {
            case .empty: "the filename is empty"
            case .containsSlash: "the filename contains '/'"
            case .containsNUL: "the filename contains a NUL character"
            case .reservedName(let name): "the filename '\(name)' is reserved"
            case .tooLong(let byteCount):
                "the filename takes \(byteCount) bytes in UTF-8; at most \(Filename.maximumByteCount) are allowed"
            }
        }
    }

    /// Returns what makes `name` invalid, or `nil` when it is a valid filename.
    public static func problem(in name: String) -> Problem? {
        let utf8 = name.utf8
        if utf8.isEmpty { return .empty }
        if name == "." || name == ".." { return .reservedName(name) }
        if utf8.contains(UInt8(ascii: "/")) { return .containsSlash }
        if utf8.contains(0) { return .containsNUL }
        if utf8.count > maximumByteCount { return .tooLong(byteCount: utf8.count) }
        return nil
    }

    /// Checks that `name` is a valid filename.
    ///
    /// - Throws: ``FileProviderError`` with code ``FileProviderError/Code/invalidFilename`` and a
    ///   message naming the problem, when `name` is not a valid filename.
    public static func validate(_ name: String) throws(FileProviderError) {
        if let problem = problem(in: name) {
            throw FileProviderError(.invalidFilename, message: "Invalid filename: \(problem).")
        }
    }
}
