/// Times async work on the continuous clock.
enum Stopwatch {
    /// Runs `body` and returns how long it took, in seconds.
    static func seconds(_ body: () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        let elapsed = start.duration(to: clock.now)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
