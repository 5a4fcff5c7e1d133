/// The host's clock, erased from its concrete type: time is measured from the host's creation.
struct HostClock: Sendable {
    /// The time elapsed since the host was created.
    let now: @Sendable () -> Duration
    /// Sleeps until `deadline`, measured like `now`.
    let sleep: @Sendable (_ deadline: Duration) async throws -> Void

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let start = clock.now
        now = { start.duration(to: clock.now) }
        sleep = { deadline in try await clock.sleep(until: start.advanced(by: deadline), tolerance: nil) }
    }
}
