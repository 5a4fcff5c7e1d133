/// A kind of bug real providers ship, and the checks that must catch it.
enum Bug: String, CaseIterable, Sendable {
    case truncatesPagination
    case oversizePages
    case garbagePageSucceeds
    case noFinish
    case neverFinishes
    case missesDeletions
    case descendantDeletionsDropped
    case movesAsDeletions
    case childrenBeforeParents
    case unchangedContinuationAnchor
    case continuationInEnumerator
    case garbageAnchorSucceeds
    case anchorAfterListing
    case spuriousVersionBumps
    case lastWriterWins
    case oneFieldPerModify
    case collisionOverwrites
    case deleteUnknownFails
    case nonRecursiveDeleteTakesChildren
    case trashAsNoSuchItem

    /// The checks that must fail against a provider with this bug, and a phrase one of their
    /// findings must contain.
    var expectation: (checks: [String], phrase: String) {
        switch self {
        case .truncatesPagination: (["ENUM-02", "ENUM-10"], "exactly once")
        case .oversizePages: (["ENUM-02", "ENUM-03"], "the observer suggested at most")
        case .garbagePageSucceeds: (["ENUM-08"], "succeeded but must fail")
        case .noFinish: (["ENUM-01", "ENUM-06"], "without calling a finish method")
        case .neverFinishes: (["ENUM-01"], "did not finish within")
        case .missesDeletions: (["CHG-07", "CHG-08", "MODEL-01"], "deletion")
        case .descendantDeletionsDropped: (["CHG-08"], "descendant")
        case .movesAsDeletions: (["CHG-06"], "reported as deleted")
        case .childrenBeforeParents: (["CHG-12"], "before its parent")
        case .unchangedContinuationAnchor: (["CHG-10"], "anchor")
        case .continuationInEnumerator: (["CHG-10"], "lost creations")
        case .garbageAnchorSucceeds: (["CHG-11"], "succeeded but must fail")
        case .anchorAfterListing: (["CHG-09"], "does not converge")
        case .spuriousVersionBumps: (["ITEM-02", "ITEM-10"], "differs")
        case .lastWriterWins: (["MUT-09", "MUT-10"], "lost")
        case .oneFieldPerModify: (["MUT-08"], "neither applied nor")
        case .collisionOverwrites: (["MUT-04"], "filenameCollision")
        case .deleteUnknownFails: (["MUT-17"], "failed unexpectedly")
        case .nonRecursiveDeleteTakesChildren: (["MUT-15"], "directoryNotEmpty")
        case .trashAsNoSuchItem: (["TRASH-05"], "wrong error")
        }
    }
}
