/// The clauses a bug violates and the checks that catch it.
struct BugExpectation: Sendable {
    /// The identifiers of the violated clauses, the one the bug is drawn from first, for example
    /// `["R6.3"]`.
    let clauses: [String]
    /// The checks that fail against a provider with the bug, each with a finding naming one of
    /// ``clauses``.
    let checks: [String]

    init(_ clauses: [String], _ checks: [String]) {
        self.clauses = clauses
        self.checks = checks
    }

    /// The clause the bug is drawn from.
    var clause: String { clauses.first ?? "" }
}

extension Bug {
    /// The clauses the bug violates and the checks that must catch it: the catch list per kind.
    var expectation: BugExpectation {
        switch self {
        case .truncatesPagination: BugExpectation(["R2.1"], ["ENUM-02", "ENUM-11"])
        case .oversizePages: BugExpectation(["R2.2", "R2.1"], ["ENUM-02", "ENUM-03"])
        case .noFinish: BugExpectation(["R1.1"], ["ENUM-01", "CHG-02"])
        case .neverFinishes: BugExpectation(["R1.1"], ["ENUM-01", "CHG-02"])
        case .reportsAfterFinish: BugExpectation(["R1.2", "R1.1"], ["ENUM-01", "CHG-02"])
        case .skipsFirstItemOfNextPage: BugExpectation(["R2.1"], ["ENUM-02", "ENUM-11"])
        case .pagesReversed: BugExpectation(["R2.3"], ["ENUM-04", "ENUM-15"])
        case .dateOrderIgnored: BugExpectation(["R2.4"], ["ENUM-05", "ENUM-14"])
        case .offsetPagination: BugExpectation(["R2.5", "R2.9"], ["ENUM-10", "ENUM-15", "LIFE-62", "LIFE-63"])
        case .pagesTiedToEnumerator: BugExpectation(["R2.7"], ["ENUM-09", "LIFE-01", "LIFE-10"])
        case .naturalSortPages: BugExpectation(["R2.3"], ["ENUM-04", "ENUM-17"])
        case .dateKeysetSkipsTies: BugExpectation(["R2.1", "R2.4"], ["ENUM-05", "ENUM-18"])
        case .garbagePageSucceeds: BugExpectation(["R3.1", "R3.2"], ["ENUM-08", "ENUM-16"])
        case .garbageAnchorSucceeds:
            BugExpectation(["R3.1", "R3.2", "R3.3"], ["CHG-11", "CHG-16", "CHG-17", "MODEL-01"])
        case .expiredPageRestartsListing: BugExpectation(["R3.2", "R3.1"], ["ENUM-08", "ENUM-16", "CHG-16"])
        case .expiredAnchorRelistsAsChanges:
            BugExpectation(["R3.3", "R3.1", "R3.2"], ["CHG-11", "CHG-16", "CHG-17"])
        case .anchorAfterListing: BugExpectation(["R4.1", "R2.4"], ["CHG-09", "ENUM-14"])
        case .unchangedContinuationAnchor: BugExpectation(["R5.1"], ["CHG-10", "CHG-18", "LIFE-05", "LIFE-09"])
        case .continuationInEnumerator: BugExpectation(["R5.2"], ["CHG-10", "LIFE-05", "LIFE-09"])
        case .oversizeBatches: BugExpectation(["R5.1"], ["CHG-10", "CHG-18", "LIFE-05", "LIFE-09"])
        case .moreComingDropped: BugExpectation(["R6.9"], ["CHG-18", "LIFE-05"])
        case .quietAnchorDrifts: BugExpectation(["R7.3"], ["CHG-21", "CHG-22"])
        case .anchorCachedAtListing: BugExpectation(["R7.1"], ["CHG-21", "CHG-22"])
        case .quietChangesReportRoot: BugExpectation(["R7.1"], ["CHG-02", "CHG-21", "CHG-22"])
        case .missesDeletions: BugExpectation(["R6.5"], ["CHG-07", "CHG-08", "CHG-15", "TRASH-03"])
        case .descendantDeletionsDropped: BugExpectation(["R6.5"], ["CHG-08", "TRASH-03"])
        case .movesAsDeletions: BugExpectation(["R6.3"], ["CHG-06", "CHG-15"])
        case .childrenBeforeParents: BugExpectation(["R6.6"], ["CHG-12", "CHG-18"])
        case .trashReportedAsDeletion: BugExpectation(["R6.4"], ["TRASH-04", "CHG-15"])
        case .metadataEditsNotReported: BugExpectation(["R6.2"], ["CHG-04", "CHG-15"])
        case .remoteChangesMissed: BugExpectation(["R6.8"], ["CHG-14", "CHG-20"])
        case .folderChangesOmitDepartures: BugExpectation(["R6.10"], ["CHG-19", "CHG-20"])
        // Resurrected deletions show as an identifier both updated and deleted, and as batches
        // larger than asked for.
        case .deletedItemsResurrected: BugExpectation(["R6.7", "R6.11", "R5.1"], ["CHG-13", "CHG-18"])
        case .deletionsBeforeDepartures: BugExpectation(["R6.12"], ["CHG-24", "CHG-25"])
        case .moveAsDeletionAndUpdate:
            BugExpectation(["R6.11"], ["CHG-06", "CHG-14", "CHG-29", "CHG-30", "CHG-31"])
        case .movedFromLastSeenParentDeleted: BugExpectation(["R6.11", "R6.3"], ["CHG-14", "CHG-30", "CHG-31"])
        case .movedFromListedParentDeleted:
            BugExpectation(["R6.11", "R6.3"], ["CHG-14", "CHG-15", "CHG-25", "CHG-29", "CHG-30", "CHG-31"])
        case .caseOnlyRenameUnreported: BugExpectation(["R6.3", "R6.2"], ["CHG-27", "CHG-28"])
        case .workingSetShallowChanges: BugExpectation(["R8.1"], ["CHG-14", "WS-03"])
        case .workingSetOmitsTrash: BugExpectation(["R8.2"], ["WS-04", "TRASH-01"])
        case .workingSetParentIsWorkingSet: BugExpectation(["R8.3"], ["ITEM-06", "WS-01", "WS-04"])
        case .spuriousVersionBumps: BugExpectation(["R7.2", "R12.1"], ["ITEM-02", "ITEM-10"])
        case .renameRecreatesItem: BugExpectation(["R9.1"], ["ITEM-04", "TRASH-02"])
        case .templateIdentifierReturned: BugExpectation(["R9.3"], ["ITEM-07", "MUT-01"])
        case .metadataEditBumpsContentVersion: BugExpectation(["R10.2"], ["ITEM-05", "ITEM-12", "MUT-20"])
        case .contentVersionNeverChanges: BugExpectation(["R10.1"], ["ITEM-05", "CNT-09"])
        case .emptyFileSizeUnknown: BugExpectation(["R10.3"], ["ITEM-08", "CNT-08"])
        case .documentSizeInBlocks: BugExpectation(["R10.3"], ["ITEM-08", "CNT-08"])
        case .modificationDateFrozen: BugExpectation(["R10.4"], ["CNT-08", "CNT-09"])
        case .childCountNeverDecreases: BugExpectation(["R10.5"], ["ITEM-11", "ITEM-13"])
        case .collisionOverwrites: BugExpectation(["R11.2"], ["MUT-04", "MUT-05", "ERR-02"])
        case .slashReplacedInNames: BugExpectation(["R11.1"], ["MUT-19", "MUT-24"])
        case .caseTwinsAllowed: BugExpectation(["R11.2"], ["MUT-05", "MUT-11"])
        case .normalisationTwinsAllowed: BugExpectation(["R11.3"], ["MUT-25", "LIFE-07"])
        case .namesNormalisedToNFC: BugExpectation(["R11.4"], ["ITEM-09", "MUT-25"])
        case .rootHasNoName: BugExpectation(["R11.5"], ["ITEM-01", "ITEM-06"])
        case .collisionWithoutExistingItem: BugExpectation(["R11.2"], ["MUT-04", "MUT-11"])
        case .renamesOnCollision: BugExpectation(["R11.2"], ["MUT-04", "MUT-05", "ERR-02"])
        case .caseOnlyRenameRefused: BugExpectation(["R11.2"], ["MUT-40", "CHG-27", "CHG-28"])
        case .createdItemEchoesTemplate: BugExpectation(["R12.1", "R6.1"], ["ITEM-02", "CHG-03"])
        case .missingParentWrongCode: BugExpectation(["R12.2"], ["MUT-03", "MUT-13"])
        case .mayAlreadyExistIgnored: BugExpectation(["R12.3"], ["MUT-06", "MUT-31"])
        case .collisionReturnsExisting: BugExpectation(["R12.4"], ["LIFE-06", "LIFE-07"])
        case .lastWriterWins: BugExpectation(["R13.3"], ["MUT-09", "MUT-22", "MUT-27", "MUT-28"])
        case .oneFieldPerModify: BugExpectation(["R13.1"], ["MUT-08", "MUT-20"])
        case .untouchedFieldsOverwritten: BugExpectation(["R13.2"], ["ITEM-12", "MUT-26", "MUT-38", "MUT-39"])
        case .userMetadataAlwaysApplied: BugExpectation(["R13.2"], ["MUT-38", "MUT-39"])
        case .contentWriteDropsExtendedAttributes: BugExpectation(["R13.2"], ["MUT-38", "CHG-26"])
        case .contentWriteResetsCreationDate: BugExpectation(["R13.2"], ["MUT-38", "CHG-26"])
        case .metadataConflictsIgnored: BugExpectation(["R13.3"], ["MUT-27", "MUT-28"])
        case .staleWriteDropsIncoming: BugExpectation(["R13.4"], ["MUT-10", "MUT-29", "MUT-30"])
        case .largeStaleWriteOverwrites: BugExpectation(["R13.4"], ["MUT-10", "MUT-29", "MUT-30"])
        case .conflictCopiesIgnoreCase: BugExpectation(["R13.5"], ["MUT-30", "MUT-34"])
        case .moveIntoDescendantIgnored: BugExpectation(["R13.6"], ["MUT-12", "MUT-37"])
        case .modifyMissingRecreates: BugExpectation(["R13.7"], ["MUT-18", "MUT-36"])
        case .mayAlreadyExistMatchesAnywhere: BugExpectation(["R12.3", "R12.1"], ["MUT-41", "MUT-42"])
        case .datesTruncatedToSeconds:
            BugExpectation(["R12.1", "R13.1"], ["MUT-43", "MUT-44", "MUT-48", "MODEL-01", "MODEL-02"])
        case .moveIntoGrandchildAccepted: BugExpectation(["R13.6"], ["MUT-45", "MUT-46"])
        case .moveDropsMetadata: BugExpectation(["R13.2"], ["MUT-47", "TRASH-09", "MODEL-02"])
        case .contentWriteIgnoresExplicitDate: BugExpectation(["R13.1"], ["MUT-48", "MODEL-01", "MODEL-02"])
        case .trashAsNoSuchItem: BugExpectation(["R14.4"], ["TRASH-05", "TRASH-06"])
        case .trashDeletesPermanently: BugExpectation(["R14.1"], ["TRASH-01", "TRASH-04"])
        case .restoreEmptiesContent: BugExpectation(["R14.2"], ["TRASH-02", "TRASH-07"])
        case .deleteMovesToTrash: BugExpectation(["R14.3"], ["MUT-14", "TRASH-03"])
        case .deleteUnknownFails: BugExpectation(["R15.3"], ["MUT-17", "MUT-35"])
        case .nonRecursiveDeleteTakesChildren: BugExpectation(["R15.1"], ["MUT-15", "ERR-02"])
        case .staleDeleteAccepted: BugExpectation(["R15.2"], ["MUT-16", "MUT-32"])
        case .rejectedDeletionWithoutItem: BugExpectation(["R15.2"], ["MUT-16", "MUT-32"])
        case .trashedNameCollides:
            BugExpectation(["R11.2", "R12.1"], ["TRASH-08", "TRASH-10", "MODEL-02"])
        case .reservedContainersAcceptWrites: BugExpectation(["R16.4"], ["MUT-23", "MUT-33"])
        case .createsBeforeReadingContents: BugExpectation(["R16.1"], ["ERR-01", "ERR-02"])
        case .unknownItemGenericError: BugExpectation(["R16.2"], ["ITEM-03", "ENUM-07", "CNT-03"])
        case .cancellationIgnored: BugExpectation(["R16.3"], ["LIFE-03", "LIFE-08"])
        case .offlineWrongCode: BugExpectation(["R16.5"], ["ERR-04", "ERR-05"])
        case .quotaWrongCode: BugExpectation(["R16.10"], ["ERR-65", "MODEL-01"])
        case .signedOutHidesItems: BugExpectation(["R16.9"], ["ERR-66", "ERR-67", "MODEL-01"])
        case .cancelledListingEmpty: BugExpectation(["R16.3", "R2.1"], ["LIFE-08", "LIFE-11"])
        case .oldVersionServesLatest: BugExpectation(["API.3"], ["CNT-06", "CNT-10"])
        case .fetchHandsOutCacheFile: BugExpectation(["API.2"], ["CNT-04", "CNT-08", "LIFE-61", "LIFE-66"])
        case .contentTruncatedToBlocks: BugExpectation(["API.1"], ["CNT-01", "CNT-08"])
        case .partialRangeUnaligned: BugExpectation(["API.5"], ["CNT-05", "CNT-11"])
        case .partialRangePastEOF: BugExpectation(["API.5"], ["CNT-05", "CNT-11"])
        case .partialRangeAtOffsetZero: BugExpectation(["API.5"], ["CNT-05", "CNT-11"])
        case .symlinkTargetDropped: BugExpectation(["API.7"], ["ITEM-06", "MUT-21"])
        case .folderFetchReturnsEmptyFile: BugExpectation(["API.4"], ["CNT-02", "CNT-12"])
        case .invalidationIsSticky: BugExpectation(["API.8"], ["LIFE-02", "LIFE-10"])
        case .staleMetadataDropped: BugExpectation(["R13.1"], ["MUT-49", "MUT-50"])
        case .recursiveDeleteChildrenFirst: BugExpectation(["R16.1", "R15.2"], ["MUT-51", "MUT-52", "ERR-61"])
        case .modifiesStepByStep: BugExpectation(["R16.8", "R16.1", "R13.1"], ["ERR-60", "ERR-61", "MODEL-01"])
        case .changeFeedLagsOneWrite: BugExpectation(["R6.14"], ["CHG-62", "CHG-63"])
        case .laterBatchesDropDescendants: BugExpectation(["R6.13"], ["CHG-60", "CHG-61"])
        case .changeCursorInEnumerator: BugExpectation(["R5.3"], ["LIFE-60", "CHG-64"])
        case .metadataReadModifyWrite: BugExpectation(["R13.11"], ["LIFE-64", "LIFE-65"])
        case .pageCursorInEnumerator: BugExpectation(["R2.7"], ["ENUM-60", "ENUM-61"])
        case .keptEnumeratorHidesExpiry: BugExpectation(["R3.2", "R3.3"], ["CHG-65", "CHG-66"])
        case .offlineExpiresAnchor: BugExpectation(["R16.5"], ["ERR-06", "ERR-07"])
        case .fetchReportsChange: BugExpectation(["R7.1"], ["CHG-32", "CHG-33"])
        case .emptyCreatesNotReported: BugExpectation(["R6.1"], ["CHG-34", "CHG-35"])
        case .unvisitedFolderChangesDropped: BugExpectation(["R6.8", "R8.1"], ["WS-05", "WS-06", "MODEL-02"])
        case .xattrsAsUTF8: BugExpectation(["R12.1", "R13.1"], ["MUT-53", "MUT-54"])
        case .utf16NameOrder: BugExpectation(["R2.3"], ["ENUM-19", "ENUM-20"])
        case .modifyReturnsNilForExisting: BugExpectation(["R13.8"], ["MUT-55", "MUT-40"])
        case .workingSetAnchorMissing: BugExpectation(["R8.4"], ["WS-07", "WS-03"])
        case .listingStopsAtBackendPage: BugExpectation(["R2.1"], ["ENUM-21", "ENUM-22"])
        case .trashListsRestored:
            BugExpectation(["R14.5", "R2.6", "R2.9", "R2.4"], ["TRASH-11", "TRASH-12", "MODEL-01", "MODEL-02"])
        case .createUnderFileLandsInRoot: BugExpectation(["R12.6", "R12.2"], ["MUT-58", "MUT-59", "MODEL-01"])
        case .overlongNamesTruncated: BugExpectation(["R11.1"], ["MUT-19", "MUT-24"])
        case .longNamesInPageTokens: BugExpectation(["R2.8"], ["ENUM-23", "CHG-36"])
        case .deletedFolderListsEmpty: BugExpectation(["R16.6"], ["ENUM-24", "CHG-37"])
        case .workingSetIsAnItem: BugExpectation(["R9.4", "R16.2"], ["ITEM-14", "MODEL-01", "MODEL-02"])
        case .createStoresWholeTemplate: BugExpectation(["R12.5"], ["MUT-56", "MUT-57"])
        }
    }
}
