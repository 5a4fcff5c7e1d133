import Foundation

/// The text form of a server's accounts, as an accounts file or the `FRUITBASKET_ACCOUNTS`
/// environment variable holds it: one `NAME:SECRET` per line; blank lines and lines starting
/// with `#` are ignored, and so is white space around a line. Secrets stay off the command line,
/// where every user of the machine can read them.
public enum AccountList {
    /// A line that is not `NAME:SECRET`.
    public struct Malformed: Error, Sendable, Hashable, CustomStringConvertible {
        /// The line's number, from 1.
        public var line: Int

        /// A sentence naming the line (not its text, which may hold a secret).
        public var description: String {
            "Line \(line) of the account list is not NAME:SECRET (both non-empty)."
        }
    }

    /// The accounts `text` lists, by name; a later line for the same name wins.
    ///
    /// - Throws: ``Malformed`` for a line without a colon, or with an empty name or secret.
    public static func parse(_ text: String) throws(Malformed) -> [String: String] {
        var accounts: [String: String] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                line.index(after: colon) != line.endIndex
            else { throw Malformed(line: index + 1) }
            accounts[String(line[..<colon])] = String(line[line.index(after: colon)...])
        }
        return accounts
    }
}
