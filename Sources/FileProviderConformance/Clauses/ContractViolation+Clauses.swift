import FileProviderKit

extension ContractViolation {
    /// The contract clauses the violation breaks, whatever check saw it: an oversized page breaks
    /// R2.2 even when a change-reporting check was listing, and a working-set item whose parent is
    /// the working set breaks R8.3.
    var clauses: [String] {
        let changes = call.hasPrefix("enumerateChanges")
        switch kind {
        case .finishedMoreThanOnce, .didNotFinish: return ["R1.1"]
        case .reportedAfterFinish: return ["R1.2"]
        case .tooManyItems: return changes ? ["R5.1"] : ["R2.2"]
        case .pageRepeated, .duplicateItem: return ["R2.1"]
        case .anchorDidNotAdvance: return ["R5.1"]
        case .updatedAndDeleted: return ["R6.11"]
        case .childBeforeParent: return ["R6.6"]
        case .itemKindChanged: return ["R9.1"]
        case .wrongParent(_, _, let actual): return actual == .workingSet ? ["R8.3"] : ["R2.6"]
        case .workingSetAnchorMissing: return ["R8.4"]
        }
    }

    /// The violation `error` is or carries as its underlying error, if any.
    static func carried(by error: any Error) -> ContractViolation? {
        if let violation = error as? ContractViolation { return violation }
        return (error as? FileProviderError)?.underlyingError as? ContractViolation
    }
}
