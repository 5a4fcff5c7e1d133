import FileProviderKit
import FruitBasketAPI

/// The push channel: long-polls the server (`GET /v1/changes/wait`) and calls a closure each time
/// the store's sequence moves or its epoch changes, for example to signal the working set.
///
/// ```swift
/// let listener = FruitBasketChangeListener(client: provider.client) { _ in
///     await host.signalEnumerator(for: .workingSet)
/// }
/// let task = Task { try await listener.run() }
/// ```
///
/// What it guarantees:
/// - Every change made after the sequence ``run(after:)`` starts from is followed by a call of `onChange`
///   (several changes may share one call). `onChange` is awaited before the next poll.
/// - A server that cannot be reached or fails (`serverUnreachable`, a restart included) is asked
///   again after a backoff that doubles from ``initialBackoff`` up to ``maximumBackoff`` and
///   resets on the first answer; the sequence is compared across the outage, so a change made
///   while it lasted is reported once the server answers.
/// - It stops when its task is cancelled, promptly, by throwing `CancellationError`.
public struct FruitBasketChangeListener: Sendable {
    /// The client the long polls go through.
    public let client: FruitBasketClient
    /// The first wait after an unreachable server.
    public var initialBackoff: Duration
    /// The longest wait between two attempts.
    public var maximumBackoff: Duration
    /// What to call when the store changed, with the state that shows it.
    public let onChange: @Sendable (ServerState) async -> Void

    /// Creates a listener; ``run(after:)`` starts it.
    public init(
        client: FruitBasketClient,
        initialBackoff: Duration = .milliseconds(50),
        maximumBackoff: Duration = .seconds(5),
        onChange: @escaping @Sendable (ServerState) async -> Void
    ) {
        self.client = client
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.onChange = onChange
    }

    /// Listens until the task is cancelled.
    ///
    /// - Parameter sequence: the sequence the caller has seen; changes after it are reported. `nil`
    ///   reads the server's current sequence first, and reports the changes after that.
    /// - Throws: `CancellationError` when the task is cancelled; any error other than
    ///   `serverUnreachable` (for example `notAuthenticated` after a token renewal failed), which
    ///   ends the listening.
    public func run(after sequence: Int64? = nil) async throws {
        var known: (sequence: Int64, epoch: String?)
        if let sequence {
            known = (sequence, nil)
        } else {
            let state = try await retrying { try await client.state() }
            known = (state.sequence, state.epoch)
        }
        while true {
            let state = try await retrying {
                try await client.waitForChange(after: known.sequence, wait: client.configuration.pushWait)
            }
            let epochChanged = known.epoch.map { $0 != state.epoch } ?? false
            if state.sequence != known.sequence || epochChanged {
                await onChange(state)
            }
            known = (state.sequence, state.epoch)
        }
    }

    /// Calls `body` until it succeeds, backing off while the server is unreachable.
    private func retrying<Result>(_ body: () async throws -> Result) async throws -> Result {
        var backoff = initialBackoff
        while true {
            try Task.checkCancellation()
            do {
                return try await body()
            } catch let error as FileProviderError where error.code == .serverUnreachable {
                try await Task.sleep(for: backoff)
                backoff = min(backoff * 2, maximumBackoff)
            }
        }
    }
}
