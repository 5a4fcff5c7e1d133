/// Closures a ``FruitBasketServer`` awaits around every request, for tests that need to see or
/// hold requests: counting token grants, or holding an answer to play a slow server.
///
/// `willHandle` runs before the request is routed (before authentication, before its body is
/// read); the request waits as long as it does. `didHandle` runs once the route answered or
/// failed, whatever the outcome, before the answer is sent. Both get the method and the path
/// (without the query), for example `POST` and `/v1/items`. `refuses` runs first: when it returns
/// `true` the request is answered 503 `unavailable` at once — neither routed nor passed to the other
/// two — as a server that fails one request does (the conformance suite's `failRequest` hook).
public struct FruitBasketRequestHooks: Sendable {
    /// Awaited before the request is routed.
    public var willHandle: @Sendable (_ method: String, _ path: String) async -> Void
    /// Awaited after the route answered or failed.
    public var didHandle: @Sendable (_ method: String, _ path: String) async -> Void
    /// Awaited before anything else; `true` answers the request 503 `unavailable` unrouted.
    public var refuses: @Sendable (_ method: String, _ path: String) async -> Bool

    /// Creates hooks; any may be left out.
    public init(
        willHandle: @escaping @Sendable (_ method: String, _ path: String) async -> Void = { _, _ in },
        didHandle: @escaping @Sendable (_ method: String, _ path: String) async -> Void = { _, _ in },
        refuses: @escaping @Sendable (_ method: String, _ path: String) async -> Bool = { _, _ in false }
    ) {
        self.willHandle = willHandle
        self.didHandle = didHandle
        self.refuses = refuses
    }
}
