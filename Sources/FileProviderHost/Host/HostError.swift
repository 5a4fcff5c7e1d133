/// An error of the host itself, as opposed to one of its provider.
public enum HostError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The host was stopped; it accepts no more work.
    case stopped
    /// No operation has this identifier (it was never submitted, or was forgotten).
    case unknownOperation(OperationID)
    /// The operation cannot run now: it is running, parked, final, or its back-off has not
    /// elapsed. The state is the one it was in.
    case operationNotRunnable(OperationID, OperationState)

    /// A sentence saying what went wrong.
    public var description: String {
        switch self {
        case .stopped: "The host was stopped."
        case .unknownOperation(let id): "No operation \(id) is known to the host."
        case .operationNotRunnable(let id, let state): "Operation \(id) cannot run now: it is \(state)."
        }
    }
}
