/// Thrown by a check body to stop after a failed precondition; its finding is already recorded.
struct CheckAborted: Error {}

/// Thrown by a check body when what it verifies does not apply to the provider, for example the
/// changes of a folder whose enumerator reports none (its `currentSyncAnchor()` returns `nil`).
/// The check is reported as skipped with ``reason`` unless it already recorded a finding.
struct CheckSkipped: Error {
    /// Why the check does not apply, shown with the skipped result.
    let reason: String
}
