import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ChildProcess {
    /// Waits on a thread of its own for `processIdentifier` to end, then reaps it and records
    /// how it ended, under `exit`'s lock (so that ``send(_:)`` never signals a reaped child).
    static func reap(_ processIdentifier: pid_t, into exit: ObservedState<Termination?>) {
        Thread.detachNewThread {
            var information = siginfo_t()
            while waitid(P_PID, id_t(processIdentifier), &information, WEXITED | WNOWAIT) != 0, errno == EINTR {}
            exit.update { termination in
                var status: Int32 = 0
                var reaped = waitpid(processIdentifier, &status, 0)
                while reaped == -1, errno == EINTR { reaped = waitpid(processIdentifier, &status, 0) }
                guard reaped == processIdentifier else {
                    termination = .unobserved
                    return
                }
                let signal = status & 0x7f
                termination = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
            }
        }
    }

    /// Reads `descriptor` on a thread of its own until its end, appending each complete line
    /// to `output`, then closes it and marks the output ended.
    static func readLines(from descriptor: Int32, into output: ObservedState<OutputLines>) {
        Thread.detachNewThread {
            var pending: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                pending += buffer[..<count]
                guard let lastNewline = pending.lastIndex(of: UInt8(ascii: "\n")) else { continue }
                let lines = pending[..<lastNewline]
                    .split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                    .map { String(decoding: $0, as: UTF8.self) }
                pending.removeSubrange(...lastNewline)
                output.update { $0.lines += lines }
            }
            close(descriptor)
            output.update { $0.ended = true }
        }
    }
}
