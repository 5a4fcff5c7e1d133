/// Bugs of the behaviours issue 20 found unchecked, one per clause, each caught by the clause's
/// two checks; ``expectation`` names them.
enum BehaviourBug: String, CaseIterable, Sendable {
    /// Answers a failing listing or change enumeration with the items of the last page or batch
    /// it served, then the error, as a provider with a response cache does.
    case failedCallReplaysCache
    /// Hands out pages and anchors under the epoch every store starts with, so that a re-created
    /// store accepts the tokens of the one it replaced.
    case fixedStoreEpoch
    /// Derives a created file's content type from its name, whatever the template says.
    case contentTypeFromName
    /// Creates a folder from a file template that comes without contents.
    case contentlessFileBecomesFolder
    /// With mayAlreadyExist, returns the item of the template's name whatever its kind.
    case mayAlreadyExistMatchesOtherKind
    /// With mayAlreadyExist, returns the file of the template's name unchanged, whatever the
    /// incoming content.
    case mayAlreadyExistDropsIncomingBytes
    /// Answers a creation with the documentSize the template declares.
    case createdSizeFromTemplate
    /// Lowercases extended-attribute names, as HTTP headers do.
    case attributeNamesLowercased
    /// Sends the favorite rank through a Double, losing the low bits of ranks above 2^53.
    case favoriteRankThroughDouble
    /// Stores dates as unsigned seconds since 1970: earlier dates become the epoch.
    case datesBefore1970Clamped
    /// Deletes a trashed item whose restore targets a folder that no longer exists, then fails
    /// with noSuchItem.
    case restoreIntoDeletedFolderDropsItem
    /// Looks a creation's or a move's parent up among the items outside the trash, so a folder
    /// in the trash answers noSuchItem.
    case trashedFolderRefusesArrivals
    /// Reports the permanent deletion of a folder in the trash as the folder's deletion alone,
    /// without its descendants.
    case trashPurgeReportsOnlyFolder
    /// Hands out one file per item, rewritten in place by every fetch.
    case fetchSharesOneFilePerItem
    /// Serves every page of a listing in a cancelled task.
    case listingIgnoresCancellation

    /// The clause the bug violates and the checks that must catch it.
    var expectation: BugExpectation {
        switch self {
        case .failedCallReplaysCache: BugExpectation(["R1.3"], ["ENUM-25", "CHG-38"])
        case .fixedStoreEpoch: BugExpectation(["R3.5"], ["LIFE-14", "LIFE-15"])
        case .contentTypeFromName: BugExpectation(["R12.7"], ["MUT-60", "MUT-61"])
        case .contentlessFileBecomesFolder: BugExpectation(["R12.8"], ["MUT-62", "MUT-63"])
        case .mayAlreadyExistMatchesOtherKind: BugExpectation(["R12.9"], ["MUT-66", "MUT-67"])
        case .mayAlreadyExistDropsIncomingBytes: BugExpectation(["R12.10"], ["MUT-68", "MUT-69"])
        case .createdSizeFromTemplate: BugExpectation(["R12.11"], ["MUT-64", "MUT-65"])
        case .attributeNamesLowercased: BugExpectation(["R13.9"], ["MUT-70", "MUT-71"])
        case .favoriteRankThroughDouble, .datesBefore1970Clamped: BugExpectation(["R13.10"], ["MUT-72", "MUT-73"])
        case .restoreIntoDeletedFolderDropsItem: BugExpectation(["R14.6"], ["TRASH-13", "TRASH-14"])
        case .trashedFolderRefusesArrivals: BugExpectation(["R14.7"], ["TRASH-20", "MODEL-01"])
        case .trashPurgeReportsOnlyFolder: BugExpectation(["R6.5"], ["TRASH-03", "TRASH-21"])
        case .fetchSharesOneFilePerItem: BugExpectation(["API.10"], ["CNT-13", "CNT-14"])
        case .listingIgnoresCancellation: BugExpectation(["R16.7"], ["LIFE-12", "LIFE-13"])
        }
    }
}
