extension ModelOperation {
    /// The clauses a call of this operation that fails unexpectedly breaks: the promise that the
    /// operation, valid in the model, succeeds.
    var clausesOfAnUnexpectedFailure: [String] {
        switch self {
        case .createFile, .createFolder, .createDated, .remoteCreate: ["R12.1"]
        case .write, .writeDated, .writeLarge, .editMetadata, .rename, .modifyMany, .move, .staleWrite: ["R13.1"]
        case .remoteWrite, .remoteRename, .remoteMove, .remoteDelete, .remoteTrash, .remoteRestore: ["R6.8"]
        case .trash: ["R14.1"]
        case .restore: ["R14.2"]
        case .delete: ["R15.1"]
        case .touchDeleted, .invalid: ["R16.2"]
        case .fetch, .fetchOlder: ["API.1"]
        case .list: ["R2.1"]
        case .keep, .useKept: ["R2.1", "R6.14"]
        case .inTrash: ["R14.5", "R13.1", "R14.7"]
        case .listWhileChanging: ["R2.9"]
        case .catchUp, .backlog: ["R6.9"]
        case .replayOldAnchor, .resetStore: ["R3.4"]
        case .offline: ["R16.5"]
        case .signedOut: ["R16.9"]
        case .fullQuota: ["R16.10"]
        case .concurrent: ["API.6"]
        case .cancelled: ["R16.3"]
        case .failingRequest: ["R16.8"]
        case .expireHistory: ["R3.3"]
        case .restart: ["R2.7", "R5.2"]
        }
    }
}

extension ModelChecks {
    /// The capability each clause that needs one is about; a finding never names a clause whose
    /// capability the subject does not declare.
    static let clauseCapabilities: [String: ProviderCapabilities] = [
        "R3.2": .storeResets, "R3.3": .historyExpiry, "R6.8": .remoteChanges, "R13.3": .failOnConflict,
        "R13.4": .conflictCopies, "R13.5": .conflictCopies, "R14.1": .trash, "R14.2": .trash, "R14.5": .trash,
        "R14.7": .trash, "R16.5": .unreachableServer, "API.5": .partialContent, "API.7": .symbolicLinks,
    ]

    /// The clauses a randomized finding names: those its failing invariant belongs to — or, when
    /// the invariant cannot tell, those of the operation that failed — without any clause whose
    /// capability `capabilities` lacks; R16.1 (failures change nothing) when none is left.
    static func findingClauses(
        _ clauses: [String],
        operation: ModelOperation?,
        capabilities: ProviderCapabilities
    ) -> [String] {
        let named = clauses.isEmpty ? operation?.clausesOfAnUnexpectedFailure ?? [] : clauses
        let declared = named.filter { clauseCapabilities[$0].map(capabilities.contains) ?? true }
        return declared.isEmpty ? ["R16.1"] : declared
    }
}
