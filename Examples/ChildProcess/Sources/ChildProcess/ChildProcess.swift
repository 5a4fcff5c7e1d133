import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program started with `posix_spawn`, for tests: its exit and its output lines can be awaited
/// with a deadline, from async code or from a blocking thread, and signals reach it only while it
/// has not been reaped (so never a stranger that reused its process identifier).
///
/// It replaces Foundation's `Process`, whose `run()` crashes now and then on Linux with Swift
/// 6.3.1: it copies 256 bytes out of every short `/proc/self/fd` entry it reads and faults when
/// one sits at the end of a mapped page (swiftlang/swift-corelibs-foundation#5472). Here nothing
/// scans `/proc`: the child gets standard input from `/dev/null`, the outputs asked for, every
/// signal at its default disposition and none blocked; on Linux every other descriptor is closed
/// in the child, and the descriptors made here are close-on-exec everywhere.
///
/// One thread per child waits for it to exit and reaps it; another reads its output when it
/// goes to ``Output/lines``. Releasing a `ChildProcess` does not stop the child.
public final class ChildProcess: Sendable {
    /// The child's process identifier.
    public let processIdentifier: pid_t
    private let exit: ObservedState<Termination?>
    private let output: ObservedState<OutputLines>

    /// Starts `executable` with `arguments`.
    ///
    /// - Parameters:
    ///   - executable: a path; a name without `/` is looked up on `PATH`.
    ///   - arguments: the arguments after the program's name.
    ///   - standardOutput: where its standard output goes.
    ///   - standardError: where its standard error goes; ``Output/lines`` joins it to the same
    ///     lines as standard output (as `2>&1` does).
    /// - Throws: ``Failure`` naming the call that failed: `open` for an output file,
    ///   `pipe` for the lines' pipe, `posix_spawn` when the program cannot be started (`ENOENT`
    ///   for a missing executable, `EACCES` for one that is not executable).
    public init(
        executable: String,
        arguments: [String] = [],
        standardOutput: Output = .inherit,
        standardError: Output = .inherit
    ) throws(Failure) {
        let linesPipe = [standardOutput, standardError].contains(.lines) ? try Self.closeOnExecPipe() : nil
        // The parent's copies of what the child writes to, closed once the child has its own.
        var parentCopies = linesPipe.map { [$0.write] } ?? []
        defer { for descriptor in parentCopies { close(descriptor) } }
        do throws(Failure) {
            var redirections: [(descriptor: Int32, target: Int32)] = []
            for (output, target) in [(standardOutput, STDOUT_FILENO), (standardError, STDERR_FILENO)] {
                let descriptor: Int32
                switch output {
                case .inherit:
                    continue
                case .lines:
                    guard let linesPipe else { continue }
                    descriptor = linesPipe.write
                case .discard:
                    descriptor = try Self.openForWriting("/dev/null", flags: 0)
                    parentCopies.append(descriptor)
                case .file(let path):
                    descriptor = try Self.openForWriting(path, flags: O_CREAT | O_TRUNC)
                    parentCopies.append(descriptor)
                }
                redirections.append((descriptor, target))
            }
            processIdentifier = try Self.spawn(executable: executable, arguments: arguments, redirections: redirections)
        } catch {
            if let linesPipe { close(linesPipe.read) }
            throw error
        }
        exit = ObservedState(nil)
        output = ObservedState(OutputLines(ended: linesPipe == nil))
        Self.reap(processIdentifier, into: exit)
        if let linesPipe { Self.readLines(from: linesPipe.read, into: output) }
    }

    /// How the child ended; `nil` while it runs.
    public var termination: Termination? {
        exit.withCurrent { $0 }
    }

    /// Whether the child has not ended yet.
    public var isRunning: Bool {
        termination == nil
    }

    /// What the child wrote so far to the output that goes to ``Output/lines``; empty and ended
    /// when none does.
    public var standardOutputLines: OutputLines {
        output.withCurrent { $0 }
    }

    /// Sends `signal` to the child, unless it has already been reaped (its identifier may be
    /// another process's by then).
    public func send(_ signal: Int32) {
        exit.withCurrent { termination in
            if termination == nil { _ = kill(processIdentifier, signal) }
        }
    }

    /// Waits at most `timeout` for the child to end; `nil` if it still runs then, or once the
    /// task is cancelled.
    public func waitForExit(timeout: Duration) async -> Termination? {
        await exit.wait(timeout: timeout) { $0 }
    }

    /// Blocks at most `timeout` until the child ends; `nil` if it still runs then. Not for tasks
    /// on the cooperative pool: use ``waitForExit(timeout:)`` there.
    public func blockingWaitForExit(timeout: Duration) -> Termination? {
        exit.blockingWait(timeout: timeout) { $0 }
    }

    /// Waits at most `timeout` until `extract` returns a value for the output lines so far;
    /// `nil` at the deadline or once the task is cancelled.
    public func waitForOutput<Value: Sendable>(
        timeout: Duration,
        until extract: @escaping @Sendable (OutputLines) -> Value?
    ) async -> Value? {
        await output.wait(timeout: timeout, until: extract)
    }

    /// Blocks at most `timeout` until `extract` returns a value for the output lines so far;
    /// `nil` at the deadline. Not for tasks on the cooperative pool.
    public func blockingWaitForOutput<Value: Sendable>(
        timeout: Duration,
        until extract: @escaping @Sendable (OutputLines) -> Value?
    ) -> Value? {
        output.blockingWait(timeout: timeout, until: extract)
    }

    /// Waits at most `timeout` for an output line containing `text` and returns the first such
    /// line; `nil` when the output ends without one, at the deadline, or once the task is cancelled.
    public func waitForLine(containing text: String, timeout: Duration) async -> String? {
        await waitForOutput(timeout: timeout) { Self.firstLine(containing: text, in: $0) } ?? nil
    }

    /// Blocks at most `timeout` for an output line containing `text` and returns the first such
    /// line; `nil` when the output ends without one, or at the deadline. Not for tasks on the
    /// cooperative pool.
    public func blockingWaitForLine(containing text: String, timeout: Duration) -> String? {
        blockingWaitForOutput(timeout: timeout) { Self.firstLine(containing: text, in: $0) } ?? nil
    }

    /// The first line containing `text` (`.some(line)`), `.some(nil)` when the output ended
    /// without one, `nil` while it may still come.
    private static func firstLine(containing text: String, in output: OutputLines) -> String?? {
        if let line = output.lines.first(where: { $0.contains(text) }) { return .some(line) }
        return output.ended ? .some(nil) : nil
    }
}
