/// A task the host started, reduced to what ``ProviderHost/stop()`` needs: cancel it, then wait
/// for it to end.
struct TrackedTask: Sendable {
    let cancel: @Sendable () -> Void
    let wait: @Sendable () async -> Void
}

extension ProviderHost {
    /// Starts `work` in a task the host tracks, so that ``stop()`` can cancel it and wait for it.
    func track<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) -> Task<T, any Error> {
        lastTaskKey += 1
        let key = lastTaskKey
        let task = Task {
            let result: Result<T, any Error>
            do {
                result = .success(try await work())
            } catch {
                result = .failure(error)
            }
            self.untrack(key)
            return try result.get()
        }
        tasks[key] = TrackedTask(cancel: { task.cancel() }, wait: { _ = await task.result })
        return task
    }

    /// Waits for a tracked task, cancelling it when the waiting task is cancelled.
    func value<T: Sendable>(of task: Task<T, any Error>) async throws -> T {
        try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    private func untrack(_ key: Int) {
        tasks[key] = nil
    }
}
