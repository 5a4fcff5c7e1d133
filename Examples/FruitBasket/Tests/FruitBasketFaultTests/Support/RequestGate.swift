import FruitBasketServer

/// Sees every request an in-process server receives, and holds the ones a test chooses until it
/// releases them: a server as slow as the test wants, with no timer involved.
///
/// Requests are named `"METHOD path"`, for example `"POST /v1/items"`.
actor RequestGate {
    private var holds: (@Sendable (String) -> Bool)?
    private var held: [CheckedContinuation<Void, Never>] = []
    private var counts: [String: Int] = [:]
    private let arrived: AsyncStream<String>.Continuation
    private let handled: AsyncStream<String>.Continuation
    /// Each request the gate holds, as it arrives.
    nonisolated let arrivals: AsyncStream<String>
    /// Each request the server finished handling (answered or failed), as it finishes.
    nonisolated let completions: AsyncStream<String>

    init() {
        (arrivals, arrived) = AsyncStream.makeStream(of: String.self)
        (completions, handled) = AsyncStream.makeStream(of: String.self)
    }

    /// The hooks to give the server's configuration.
    nonisolated var hooks: FruitBasketRequestHooks {
        FruitBasketRequestHooks(
            willHandle: { method, path in await self.pass("\(method) \(path)") },
            didHandle: { method, path in self.handled.yield("\(method) \(path)") }
        )
    }

    /// Holds every later request `predicate` accepts, until ``releaseAll()``.
    func hold(where predicate: @escaping @Sendable (String) -> Bool) {
        holds = predicate
    }

    /// Lets later requests through; the ones held stay held.
    func stopHolding() {
        holds = nil
    }

    /// Lets every held request go on.
    func releaseAll() {
        let waiting = held
        held.removeAll()
        for request in waiting { request.resume() }
    }

    /// How many requests named `request` arrived.
    func count(of request: String) -> Int {
        counts[request, default: 0]
    }

    private func pass(_ request: String) async {
        counts[request, default: 0] += 1
        guard let holds, holds(request) else { return }
        await withCheckedContinuation { continuation in
            held.append(continuation)
            arrived.yield(request)
        }
    }
}
