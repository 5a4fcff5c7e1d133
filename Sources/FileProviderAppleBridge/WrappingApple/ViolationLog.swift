import FileProviderKit

/// The contract violations an extension committed that no call could report: replies after the
/// first, and replies that never came.
final class ViolationLog: Sendable {
    private let violations = LockedValue<[ContractViolation]>([])

    /// Records a violation.
    func record(_ violation: ContractViolation) {
        violations.withLock { $0.append(violation) }
    }

    /// Every violation recorded, in order.
    var all: [ContractViolation] { violations.withLock { $0 } }
}
