extension ChildProcess {
    /// How a child ended.
    public enum Termination: Sendable, Equatable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal with this number ended it.
        case signalled(Int32)
        /// Something else in this process reaped it first (a `waitpid(-1, …)`), so how it
        /// ended is unknown.
        case unobserved

        /// How it ended, in words.
        public var description: String {
            switch self {
            case .exited(let status): return "exited with status \(status)"
            case .signalled(let signal): return "ended by signal \(signal)"
            case .unobserved: return "ended, reaped by someone else"
            }
        }
    }
}
