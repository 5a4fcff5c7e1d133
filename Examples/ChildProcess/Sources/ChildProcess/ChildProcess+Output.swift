extension ChildProcess {
    /// Where a child's standard output or standard error goes.
    public enum Output: Sendable, Equatable {
        /// This process's own stream.
        case inherit
        /// `/dev/null`.
        case discard
        /// A pipe that ``ChildProcess`` reads into lines (see ``ChildProcess/standardOutputLines``);
        /// for standard output only.
        case lines
        /// A file at this path, created or truncated.
        case file(String)
    }

    /// What the child wrote to its standard output so far, when it goes to ``Output/lines``.
    public struct OutputLines: Sendable, Equatable {
        /// The complete lines, without their newline, in order. A last line without a newline
        /// is not among them: a child killed while writing it never finished it.
        public var lines: [String] = []
        /// Whether the output ended: every copy of the pipe's writing end was closed.
        public var ended = false

        /// Output of `lines` so far, ended or not.
        public init(lines: [String] = [], ended: Bool = false) {
            self.lines = lines
            self.ended = ended
        }
    }
}
