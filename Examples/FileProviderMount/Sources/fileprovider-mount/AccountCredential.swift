import ArgumentParser
import Foundation

/// The FruitBasket account `fileprovider-mount --fruitbasket` signs in with: a name and its
/// secret, written `NAME:SECRET` in a file, in `FRUITBASKET_ACCOUNT`, or (leaking it to `ps`)
/// after `--account`.
struct AccountCredential: Sendable {
    /// The account's name.
    let name: String
    /// The account's secret.
    let secret: String

    /// The variable of the environment that may hold `NAME:SECRET`.
    static let environmentVariable = "FRUITBASKET_ACCOUNT"

    /// Parses `NAME:SECRET` from the first line of `text` that is neither blank nor a `#`
    /// comment (so the server's accounts file, holding one account, serves too), white space
    /// around it trimmed; the secret is everything after the first colon.
    ///
    /// - Throws: `ValidationError` naming `source` (never quoting the text, which holds a secret)
    ///   when there is no such line, its name is empty or it has no colon.
    init(parsing text: String, source: String) throws {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let line = lines.first(where: { !$0.isEmpty && !$0.hasPrefix("#") }),
            let colon = line.firstIndex(of: ":"), colon != line.startIndex
        else {
            throw ValidationError("\(source) is not NAME:SECRET.")
        }
        name = String(line[..<colon])
        secret = String(line[line.index(after: colon)...])
    }

    /// The credential of `file` if given, else of `flag` if given, else of `environment`.
    ///
    /// - Throws: `ValidationError` when the file cannot be read, the text found is not
    ///   `NAME:SECRET`, or none of the three gives one.
    static func resolve(file: String?, flag: String?, environment: [String: String]) throws -> AccountCredential {
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ValidationError("The account file \(file) cannot be read.")
            }
            return try AccountCredential(
                parsing: String(decoding: data, as: UTF8.self),
                source: "The account file \(file)"
            )
        }
        if let flag { return try AccountCredential(parsing: flag, source: "--account") }
        if let text = environment[environmentVariable] {
            return try AccountCredential(parsing: text, source: environmentVariable)
        }
        throw ValidationError(
            "--fruitbasket needs an account: --account-file PATH (one NAME:SECRET line) or \(environmentVariable)=NAME:SECRET."
        )
    }
}
