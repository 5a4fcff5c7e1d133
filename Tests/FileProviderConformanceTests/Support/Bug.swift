/// A kind of bug real providers ship, one per family of contract clauses; ``expectation`` names the
/// clause it violates and the checks that must catch it.
enum Bug: String, CaseIterable, Sendable {
    // Pagination and listings (rules 1 and 2)
    case truncatesPagination
    case oversizePages
    case noFinish
    case neverFinishes
    case reportsAfterFinish
    case skipsFirstItemOfNextPage
    case pagesReversed
    case dateOrderIgnored
    case offsetPagination
    case pagesTiedToEnumerator
    // Expired tokens and anchors (rules 3 to 5, 7)
    case garbagePageSucceeds
    case garbageAnchorSucceeds
    case expiredPageRestartsListing
    case expiredAnchorRelistsAsChanges
    case anchorAfterListing
    case unchangedContinuationAnchor
    case continuationInEnumerator
    case oversizeBatches
    case moreComingDropped
    case quietAnchorDrifts
    case quietChangesReportRoot
    // Changes (rule 6)
    case missesDeletions
    case descendantDeletionsDropped
    case movesAsDeletions
    case childrenBeforeParents
    case trashReportedAsDeletion
    case metadataEditsNotReported
    case remoteChangesMissed
    case folderChangesOmitDepartures
    case deletedItemsResurrected
    // The working set (rule 8)
    case workingSetShallowChanges
    case workingSetOmitsTrash
    case workingSetParentIsWorkingSet
    // Identifiers, versions and item fields (rules 7, 9, 10)
    case spuriousVersionBumps
    case renameRecreatesItem
    case templateIdentifierReturned
    case metadataEditBumpsContentVersion
    case contentVersionNeverChanges
    case documentSizeInBlocks
    case modificationDateFrozen
    case childCountNeverDecreases
    // Names and collisions (rule 11)
    case collisionOverwrites
    case slashReplacedInNames
    case caseTwinsAllowed
    case normalisationTwinsAllowed
    case namesNormalisedToNFC
    case rootHasNoName
    case collisionWithoutExistingItem
    case renamesOnCollision
    // Creations and modifications (rules 12 and 13)
    case createdItemEchoesTemplate
    case missingParentWrongCode
    case mayAlreadyExistIgnored
    case collisionReturnsExisting
    case lastWriterWins
    case oneFieldPerModify
    case untouchedFieldsOverwritten
    case metadataConflictsIgnored
    case staleWriteDropsIncoming
    case conflictCopiesIgnoreCase
    case moveIntoDescendantIgnored
    case modifyMissingRecreates
    // Trash and deletion (rules 14 and 15)
    case trashAsNoSuchItem
    case trashDeletesPermanently
    case restoreEmptiesContent
    case deleteMovesToTrash
    case deleteUnknownFails
    case nonRecursiveDeleteTakesChildren
    case staleDeleteAccepted
    case rejectedDeletionWithoutItem
    // Failures (rule 16)
    case reservedContainersAcceptWrites
    case createsBeforeReadingContents
    case unknownItemGenericError
    case cancellationIgnored
    case offlineWrongCode
    // Content and the interface's promises
    case oldVersionServesLatest
    case fetchHandsOutCacheFile
    case contentTruncatedToBlocks
    case partialRangeUnaligned
    case symlinkTargetDropped
    case folderFetchReturnsEmptyFile
    case invalidationIsSticky
}
