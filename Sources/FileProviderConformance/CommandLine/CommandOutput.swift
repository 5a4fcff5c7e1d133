import Foundation

/// Where `fileprovider-conformance` prints: the console, or a recorder in tests.
struct CommandOutput: Sendable {
    /// Prints one line (or several, separated by newlines) to standard output.
    let print: @Sendable (String) -> Void
    /// Prints one line to standard error.
    let error: @Sendable (String) -> Void

    /// Standard output and standard error.
    static let console = CommandOutput(
        print: { Swift.print($0) },
        error: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    )
}
