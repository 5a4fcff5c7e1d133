import FileProviderKit
import Foundation

/// Turns one reply of Apple's framework — a completion handler or an observer's finish — into the
/// end of one `async` call, whatever the extension does: the first reply ends the call, a later one
/// is recorded as a `ContractViolation` instead of resuming twice, a reply that
/// never comes ends the call at a deadline with a finding, and cancelling the calling task cancels
/// the extension's `Progress` and ends the call at once with `CancellationError`.
final class CompletionGate<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var isSettled = false
        var replies = 0
        var progress: Progress?
        var deadline: Task<Void, Never>?
    }

    private let state = LockedValue(State())
    private let call: String
    private let log: ViolationLog

    private init(call: String, log: ViolationLog) {
        self.call = call
        self.log = log
    }

    /// Starts an operation of Apple's framework and waits for its first reply.
    ///
    /// - Parameters:
    ///   - call: the method, for findings.
    ///   - deadline: how long to wait for the reply.
    ///   - log: where late, repeated and missing replies are recorded.
    ///   - start: calls the extension with the reply handler and returns its `Progress`, if any;
    ///     not called when the task is cancelled before the call starts.
    /// - Throws: the reply's error; `CancellationError` when the task is cancelled; a
    ///   `FileProviderError.Code.unclassified` carrying a
    ///   `ContractViolation.Kind.didNotFinish` when no reply came by the deadline.
    static func wait(
        for call: String,
        deadline: Duration,
        log: ViolationLog,
        start: (_ reply: @escaping @Sendable (Result<Value, any Error>) -> Void) -> Progress?
    ) async throws -> Value {
        try Task.checkCancellation()
        let gate = CompletionGate(call: call, log: log)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard gate.install(continuation, deadline: deadline) else { return }
                let progress = start { gate.reply($0) }
                gate.attach(progress)
            }
        } onCancel: {
            gate.cancel()
        }
    }

    /// Keeps the continuation and starts the deadline; `false` when the task is already cancelled,
    /// in which case the call has ended with `CancellationError` and the extension is not called.
    private func install(_ continuation: CheckedContinuation<Value, any Error>, deadline: Duration) -> Bool {
        let timer = Task { [weak self] in
            guard (try? await Task.sleep(for: deadline)) != nil, let self else { return }
            let violation = ContractViolation(.didNotFinish, call: call)
            if settle(
                .failure(
                    FileProviderError(
                        .unclassified,
                        message: "\(violation) No reply came within \(deadline).",
                        underlyingError: violation
                    )
                )
            ) {
                log.record(violation)
            }
        }
        let cancelled = state.withLock { state in
            state.continuation = continuation
            state.deadline = timer
            return Task.isCancelled
        }
        if cancelled { cancel() }
        return !cancelled
    }

    private func attach(_ progress: Progress?) {
        let isSettled = state.withLock { state in
            state.progress = progress
            return state.isSettled && state.replies == 0
        }
        if isSettled { progress?.cancel() }
    }

    private func reply(_ result: Result<Value, any Error>) {
        let replies = state.withLock { state in
            state.replies += 1
            return state.replies
        }
        if replies > 1 {
            log.record(ContractViolation(.finishedMoreThanOnce, call: call))
            return
        }
        _ = settle(result)
    }

    private func cancel() {
        let progress = state.withLock { $0.progress }
        if settle(.failure(CancellationError())) { progress?.cancel() }
    }

    /// Resumes the call with `result` unless it already ended; `true` when this ended it.
    private func settle(_ result: Result<Value, any Error>) -> Bool {
        let (continuation, deadline) = state.withLock {
            state -> (CheckedContinuation<Value, any Error>?, Task<Void, Never>?) in
            guard !state.isSettled, let continuation = state.continuation else { return (nil, nil) }
            state.isSettled = true
            state.continuation = nil
            return (continuation, state.deadline)
        }
        guard let continuation else { return false }
        deadline?.cancel()
        continuation.resume(with: result)
        return true
    }
}
