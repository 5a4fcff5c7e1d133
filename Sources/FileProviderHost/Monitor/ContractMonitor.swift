import FileProviderKit

/// Records every contract violation a host sees while it drives a provider, and optionally turns
/// them into failures.
///
/// A host checks every rule of the observer contract on every call it makes:
/// - each enumeration call finishes exactly once and reports nothing after its finish
///   (`ContractViolation.Kind.didNotFinish`, `ContractViolation.Kind.finishedMoreThanOnce`,
///   `ContractViolation.Kind.reportedAfterFinish`);
/// - a page or batch holds at most the suggested number of items
///   (`ContractViolation.Kind.tooManyItems(count:suggested:)`);
/// - a listing never hands back a page twice, and a batch with `moreComing` returns a new anchor
///   (`ContractViolation.Kind.pageRepeated(_:)`, `ContractViolation.Kind.anchorDidNotAdvance(_:)`);
/// - a batch never both updates and deletes an identifier, and reports a new parent before its
///   children (`ContractViolation.Kind.updatedAndDeleted(_:)`,
///   `ContractViolation.Kind.childBeforeParent(child:parent:)`);
/// - an item never changes between directory and non-directory, or symbolic link and not
///   (`ContractViolation.Kind.itemKindChanged(_:)`);
/// - a listing reports each identifier once, and a container's listing only items whose parent is
///   that container (`ContractViolation.Kind.duplicateItem(_:)`,
///   `ContractViolation.Kind.wrongParent(item:expected:actual:)`);
/// - the working set's enumerator returns a sync anchor, never `nil`
///   (`ContractViolation.Kind.workingSetAnchorMissing`).
///
/// Pages and anchors over 500 bytes cannot reach a host: `Page` and `SyncAnchor` refuse to
/// be created with more, so that rule is enforced by the types.
///
/// With ``Policy/record`` (the default) the host records a violation and carries on where it can:
/// a violation that leaves a call's result unusable (no finish, a second finish, too many items, a
/// repeated page or anchor, an identifier both updated and deleted, a working set without an
/// anchor) ends that call's synchronization with the violation as its error; the others are
/// recorded and the result is applied. With ``Policy/fatal`` every violation is also thrown by the host call that saw it,
/// before anything of that result is applied. The monitor is thread-safe and may be shared by
/// several hosts.
public final class ContractMonitor: Sendable {
    /// What a host does when it sees a violation.
    public enum Policy: Sendable, Hashable {
        /// Record it and carry on where the result is still usable.
        case record
        /// Record it and throw it from the host call that saw it.
        case fatal
    }

    /// What the monitor does with violations.
    public let policy: Policy

    private let recorded = LockedValue<[ContractViolation]>([])

    /// Creates a monitor with no violations recorded.
    public init(policy: Policy = .record) {
        self.policy = policy
    }

    /// Every violation recorded so far, in the order they were seen.
    public var violations: [ContractViolation] {
        recorded.withLock { $0 }
    }

    /// The kinds of the violations recorded so far, in order: convenient for assertions.
    public var violationKinds: [ContractViolation.Kind] {
        violations.map(\.kind)
    }

    /// Forgets every violation recorded so far.
    public func removeAll() {
        recorded.withLock { $0.removeAll() }
    }

    /// Records a violation that already ended the call it was seen in; never throws.
    func note(_ violation: ContractViolation) {
        recorded.withLock { $0.append(violation) }
    }

    /// Records `violations`, in order.
    ///
    /// - Throws: the first of them when the policy is ``Policy/fatal``.
    func record(_ violations: [ContractViolation]) throws(ContractViolation) {
        guard let first = violations.first else { return }
        recorded.withLock { $0 += violations }
        if policy == .fatal { throw first }
    }
}
