import FileProviderKit

/// Calls run concurrently, for the checks of races between them.
extension CheckContext {
    /// Runs `calls` concurrently and returns how each ended: `nil` for a success, the code of a
    /// `FileProviderError`, or `unclassified` for any other error (as `FileProviderError.mapped`
    /// classifies it), in completion order.
    func concurrentOutcomes(of calls: [@Sendable () async throws -> Void]) async -> [FileProviderError.Code?] {
        await withTaskGroup(of: FileProviderError.Code?.self) { group in
            for call in calls {
                group.addTask {
                    do {
                        try await call()
                        return nil
                    } catch let error as FileProviderError {
                        return error.code
                    } catch {
                        return .unclassified
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }
}
