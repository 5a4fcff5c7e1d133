/// Thrown by a check body to stop after a failed precondition; its finding is already recorded.
struct CheckAborted: Error {}
