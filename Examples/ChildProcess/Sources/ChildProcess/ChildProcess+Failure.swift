#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ChildProcess {
    /// Why a child could not be started: the system call that failed, its `errno`, and the path
    /// it was about.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The call that failed, such as `posix_spawn` or `open`.
        public let operation: String
        /// The path the call was about: the executable or an output file.
        public let path: String
        /// The `errno` value, such as `ENOENT`.
        public let code: Int32

        /// The call, the path, the system's message for `errno` and its number.
        public var description: String {
            "\(operation) \(path): \(String(cString: strerror(code))) (errno \(code))"
        }
    }
}
