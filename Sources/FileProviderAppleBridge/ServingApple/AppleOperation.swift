import FileProviderKit
import Foundation

#if canImport(FileProvider)
import FileProvider
#endif

/// Runs one provider call for Apple's framework, the way Apple's completion-handler methods
/// expect: the `Progress` returned at once is the one the provider reports on, cancelling it
/// cancels the call, and the reply is called exactly once — with the result, or with the error in
/// Apple's domains (`NSUserCancelledError` for a cancelled call).
enum AppleOperation {
    /// Starts `operation` and returns its progress.
    static func start<Value: Sendable>(
        _ request: NSFileProviderRequest,
        _ operation: @escaping @Sendable (Request) async throws -> Value,
        reply: @escaping @Sendable (Result<Value, NSError>) -> Void
    ) -> Progress {
        let progress = Progress(totalUnitCount: 0)
        let ourRequest = Request(request, progress: progress)
        let task = Task {
            do {
                reply(.success(try await operation(ourRequest)))
            } catch {
                reply(.failure(AppleErrorBridge.appleError(for: error)))
            }
        }
        progress.cancellationHandler = { task.cancel() }
        return progress
    }
}
