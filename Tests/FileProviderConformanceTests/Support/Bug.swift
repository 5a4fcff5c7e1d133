/// A kind of bug real providers ship, one per family of contract clauses; ``expectation`` names the
/// clause it violates and the checks that must catch it.
enum Bug: String, CaseIterable, Sendable {
    // Pagination and listings (rules 1 and 2)
    /// Ends every listing after its first page.
    case truncatesPagination
    /// Hands out pages three times the suggested size.
    case oversizePages
    /// Returns from item and change enumeration without calling a finish method.
    case noFinish
    /// Never returns from item or change enumeration.
    case neverFinishes
    /// Calls a second finish after the first, in listings and change enumerations.
    case reportsAfterFinish
    /// Drops the first item of every page after the first (an off-by-one cursor).
    case skipsFirstItemOfNextPage
    /// Hands out every page in reverse order.
    case pagesReversed
    /// Serves the date-sorted initial page in name order.
    case dateOrderIgnored
    /// Uses offsets into a fresh listing as pages, so inserts and deletions shift them.
    case offsetPagination
    /// Hands out page tokens only the enumerator that made them understands.
    case pagesTiedToEnumerator
    /// Serves name-sorted pages in "natural" order (localizedStandardCompare): file2 before file10.
    case naturalSortPages
    /// Resumes date-sorted pages strictly after the last page's date, dropping the rest of a tie.
    case dateKeysetSkipsTies
    // Expired tokens and anchors (rules 3 to 5, 7)
    /// Answers an expired page with an empty, final page.
    case garbagePageSucceeds
    /// Answers an expired anchor with no changes and the current anchor.
    case garbageAnchorSucceeds
    /// Answers an expired page with the listing from its start.
    case expiredPageRestartsListing
    /// Answers an expired anchor by reporting the whole listing as updates.
    case expiredAnchorRelistsAsChanges
    /// Snapshots the listing when the enumerator is made, before the anchor is read.
    case anchorAfterListing
    /// Hands back the anchor it was given along with moreComing.
    case unchangedContinuationAnchor
    /// Hands out continuation anchors only the enumerator that made them understands.
    case continuationInEnumerator
    /// Reports change batches three times the suggested size.
    case oversizeBatches
    /// Never says moreComing, so a catch-up stops after one batch.
    case moreComingDropped
    /// Returns a new anchor from every currentSyncAnchor() call, with no write in between.
    case quietAnchorDrifts
    /// Answers currentSyncAnchor with the anchor it took when the container's listing last began,
    /// as a provider that caches its listing's state would: writes since then come back as
    /// changes of a quiet anchor.
    case anchorCachedAtListing
    /// Reports the root as updated at the end of every change enumeration.
    case quietChangesReportRoot
    // Changes (rule 6)
    /// Never reports deletions.
    case missesDeletions
    /// Reports a recursive deletion without the deleted folder's descendants.
    case descendantDeletionsDropped
    /// Reports a move as a deletion.
    case movesAsDeletions
    /// Reports every change batch in reverse order.
    case childrenBeforeParents
    /// Reports trashing as a deletion.
    case trashReportedAsDeletion
    /// Reports an item only when its content version changed since it was last reported.
    case metadataEditsNotReported
    /// Reports only the items this instance created.
    case remoteChangesMissed
    /// Reports a folder's changes only for items still in it.
    case folderChangesOmitDepartures
    /// Follows each deletion with a stale update of the deleted item.
    case deletedItemsResurrected
    /// Reports a batch's deletions in a batch of their own before its updates, as a provider that
    /// orders changes by each item's latest change does: a folder's deletion then comes before the
    /// move of an item that left it.
    case deletionsBeforeDepartures
    /// Reports a move as a deletion and an update of the same identifier in one batch.
    case moveAsDeletionAndUpdate
    /// Reports a move as a deletion and an update when the parent differs from the one any call last
    /// handed out, its own modification results and lookups included: only other clients' moves of
    /// items it handed out show it.
    case movedFromLastSeenParentDeleted
    /// Reports a move as a deletion and an update when the parent differs from the one an
    /// enumeration last handed out, and only while the batch has room for the deletion.
    case movedFromListedParentDeleted
    /// Leaves out an update whose name differs only in case from the one an enumeration last handed out.
    case caseOnlyRenameUnreported
    // The working set (rule 8)
    /// Reports working-set changes only for top-level items.
    case workingSetShallowChanges
    /// Leaves trashed items out of the working-set listing.
    case workingSetOmitsTrash
    /// Gives working-set items the working set as their parent.
    case workingSetParentIsWorkingSet
    // Identifiers, versions and item fields (rules 7, 9, 10)
    /// Hands out a new version with every lookup.
    case spuriousVersionBumps
    /// Renames and moves a file by creating a copy and deleting the original.
    case renameRecreatesItem
    /// Returns the created item under the template's identifier.
    case templateIdentifierReturned
    /// Derives the content version from both versions, so metadata edits change it.
    case metadataEditBumpsContentVersion
    /// Hands out one content version for ever, folding the real one into the metadata version.
    case contentVersionNeverChanges
    /// Reports the size of every file but an empty one, whose documentSize is nil (unknown).
    case emptyFileSizeUnknown
    /// Reports documentSize rounded up to 4 KiB blocks.
    case documentSizeInBlocks
    /// Reports the creation date as the content modification date.
    case modificationDateFrozen
    /// Counts a folder's children at creation and never after deletions or moves.
    case childCountNeverDecreases
    // Names and collisions (rule 11)
    /// Deletes a sibling of the same name, ignoring case, before a creation.
    case collisionOverwrites
    /// Stores "/" in names as ":" instead of refusing the name.
    case slashReplacedInNames
    /// Compares names by case on a domain declared case-insensitive.
    case caseTwinsAllowed
    /// Percent-encodes names for its server, so canonically equivalent names coexist.
    case normalisationTwinsAllowed
    /// Stores names precomposed.
    case namesNormalisedToNFC
    /// Hands out the root with an empty name.
    case rootHasNoName
    /// Fails collisions without the existing item.
    case collisionWithoutExistingItem
    /// Creates "name 2" instead of failing a collision.
    case renamesOnCollision
    /// Refuses renaming an item to its own name in another case, as a collision with itself.
    case caseOnlyRenameRefused
    // Creations and modifications (rules 12 and 13)
    /// Returns the template as the created item, with the new identifier only.
    case createdItemEchoesTemplate
    /// Fails a missing parent with invalidArgument.
    case missingParentWrongCode
    /// Ignores mayAlreadyExist.
    case mayAlreadyExistIgnored
    /// Returns the existing item instead of failing a collision.
    case collisionReturnsExisting
    /// Writes on the current version whatever the base version, ignoring failOnConflict.
    case lastWriterWins
    /// Applies only the first field of changedFields.
    case oneFieldPerModify
    /// Applies every metadata field of the template, whatever changedFields says.
    case untouchedFieldsOverwritten
    /// Applies the template's tags, favorite rank and last-used date with every modification.
    case userMetadataAlwaysApplied
    /// Uploads a content write as a new file, without the item's extended attributes.
    case contentWriteDropsExtendedAttributes
    /// Uploads a content write as a new file, with a new creation date.
    case contentWriteResetsCreationDate
    /// Checks failOnConflict only for content writes.
    case metadataConflictsIgnored
    /// Keeps the server's bytes and drops a stale incoming write.
    case staleWriteDropsIncoming
    /// Sends content over 1 MiB through a chunked upload that never checks the base version, so
    /// a large stale write overwrites the server's content (a small one makes a conflict copy).
    case largeStaleWriteOverwrites
    /// Checks collisions ignoring case itself, except for the conflict copies its server names.
    case conflictCopiesIgnoreCase
    /// Answers a move into a descendant with success and changes nothing.
    case moveIntoDescendantIgnored
    /// Re-creates an item that a modification finds missing.
    case modifyMissingRecreates
    /// With mayAlreadyExist, returns an item of the name from any folder of the domain when the
    /// template's folder holds none, creating nothing.
    case mayAlreadyExistMatchesAnywhere
    /// Stores the dates of creations and modifications rounded down to whole seconds.
    case datesTruncatedToSeconds
    /// Refuses moving a folder into itself or its child, and accepts a move deeper down, changing
    /// nothing: its cycle check looks at direct children only.
    case moveIntoGrandchildAccepted
    /// Moves an item to another folder, the trash included, by re-creating it under the same
    /// identifier without its tags, favorite rank, last-used date and extended attributes.
    case moveDropsMetadata
    /// Stamps a content write with the time of the upload, whatever contentModificationDate it is
    /// given.
    case contentWriteIgnoresExplicitDate
    // Trash and deletion (rules 14 and 15)
    /// Answers the trash of a domain without trash with noSuchItem.
    case trashAsNoSuchItem
    /// Deletes an item the system moves to the trash.
    case trashDeletesPermanently
    /// Empties a file restored from the trash.
    case restoreEmptiesContent
    /// Moves deleted items to the trash.
    case deleteMovesToTrash
    /// Fails the deletion of an unknown identifier.
    case deleteUnknownFails
    /// Deletes non-empty folders without recursive.
    case nonRecursiveDeleteTakesChildren
    /// Deletes on the current version whatever the base version.
    case staleDeleteAccepted
    /// Fails stale deletions without the current item.
    case rejectedDeletionWithoutItem
    /// Counts a trashed item among the names of the folder it was last handed out in before the
    /// trash (where it was created or listed), in creations, renames and moves.
    case trashedNameCollides
    // Failures (rule 16)
    /// Answers writes to the root, working set and trash with success.
    case reservedContainersAcceptWrites
    /// Creates the item before finding its contents file missing.
    case createsBeforeReadingContents
    /// Passes a server's 404 on instead of noSuchItem.
    case unknownItemGenericError
    /// Runs every call to its end, cancelled or not.
    case cancellationIgnored
    /// Fails with cannotSynchronize instead of serverUnreachable.
    case offlineWrongCode
    /// Fails with cannotSynchronize instead of insufficientQuota, so the host never retries once
    /// room is made.
    case quotaWrongCode
    /// Fails with noSuchItem instead of notAuthenticated, as a server that answers 404 to hide
    /// items from a client whose token expired.
    case signedOutHidesItems
    /// Swallows a cancelled listing's CancellationError and finishes it with no items and no changes.
    case cancelledListingEmpty
    // Content and the interface's promises
    /// Serves the latest bytes for any version asked for.
    case oldVersionServesLatest
    /// Hands out its cached file, which the caller may delete.
    case fetchHandsOutCacheFile
    /// Drops the last partial 4 KiB block of fetched content.
    case contentTruncatedToBlocks
    /// Ignores the alignment of partial fetches.
    case partialRangeUnaligned
    /// Rounds a partial fetch's range up to the alignment past the end of the file.
    case partialRangePastEOF
    /// Writes a partial fetch's range from offset 0 of the file (the contract's layout before it
    /// adopted Apple's) instead of at the range's own offset.
    case partialRangeAtOffsetZero
    /// Hands out symbolic links without their target.
    case symlinkTargetDropped
    /// Answers the fetch of a folder with an empty file.
    case folderFetchReturnsEmptyFile
    /// Refuses every enumerator once one was invalidated.
    case invalidationIsSticky
    // Found by a third blind experiment
    /// Drops a metadata-only edit on a stale base version without failOnConflict ("server wins")
    /// and reports success with the stored item.
    case staleMetadataDropped
    /// Deletes a folder's children first, then the folder: a stale base version of the folder
    /// fails with deletionRejected after the children are gone.
    case recursiveDeleteChildrenFirst
    /// Answers a change enumeration while the server is unreachable with syncAnchorExpired.
    case offlineExpiresAnchor
    /// Reports every fetched item as changed in the next change enumeration.
    case fetchReportsChange
    /// Leaves empty files out of change enumerations until an enumeration has handed them out.
    case emptyCreatesNotReported
    /// Leaves items made by another client out of the working set's changes while their folder
    /// is neither the root, the trash, a folder this instance listed nor one it created.
    case unvisitedFolderChangesDropped
    /// Stores extended-attribute values as strings: bytes that are not UTF-8 become U+FFFD.
    case xattrsAsUTF8
    /// Sorts name-sorted listings by UTF-16 code units of the lowercased name.
    case utf16NameOrder
    // Apple's optional results (issue 24)
    /// Answers every rename with no item (nil) after applying it, as though the item had left the
    /// domain: the system would delete a file that still exists.
    case modifyReturnsNilForExisting
    /// Returns no sync anchor (nil) from the working set's enumerator, as though it reported no
    /// changes: remote changes would never reach the system.
    case workingSetAnchorMissing
    // Issue 20: situations generated, not named
    /// Ends every listing after the first 1,000 items, as a provider that reads one page of its
    /// backend's listing.
    case listingStopsAtBackendPage
    /// Keeps listing in the trash every item it ever listed there, restored or not.
    case trashListsRestored
    /// Creates an item whose parent is a file in the root instead of failing.
    case createUnderFileLandsInRoot
    /// Cuts names longer than 255 UTF-8 bytes to 255 bytes instead of refusing them.
    case overlongNamesTruncated
    // Found by a fourth blind experiment
    /// Writes the last filename twice into its name-sorted page tokens (a cursor and a hint), so
    /// that the page after a name of more than about 240 bytes does not fit 500 bytes: the listing
    /// fails there.
    case longNamesInPageTokens
    /// Lists nothing and reports no change from an enumerator made while its folder existed, once
    /// the folder is deleted, as one that resolved the folder when it was made and then asks its
    /// backend for the children of a folder that is gone.
    case deletedFolderListsEmpty
    /// Answers item(for: .workingSet) with a folder in the root instead of noSuchItem.
    case workingSetIsAnItem
    /// Stores every metadata field of a creation's template, whatever its fields name.
    case createStoresWholeTemplate
    // Found by generating situations (issue 20 §1)
    /// Applies a modification of several of content, name and parent as one store call per field,
    /// so a failure between two calls leaves the item half changed.
    case modifiesStepByStep
    /// Reads its changes from a feed that lags one write behind: the item the latest write touched
    /// is left out of every change enumeration until another write happens.
    case changeFeedLagsOneWrite
    /// Drops a deleted item from a batch when its parent's deletion was reported in an earlier
    /// batch, as a provider that expands a recursive deletion only within one batch does.
    case laterBatchesDropDescendants
    /// Continues every catch-up from the last continuation anchor the enumerator handed out,
    /// whichever of its anchors it is asked from: concurrent catch-ups on one enumerator leapfrog.
    case changeCursorInEnumerator
    /// Applies a metadata edit by reading the item, then writing every metadata field back after
    /// a pause: an edit made meanwhile is undone.
    case metadataReadModifyWrite
    /// Continues every listing from the last next page the enumerator handed out, whichever of
    /// its pages it is asked for: a listing resumed after another listing on it skips items.
    case pageCursorInEnumerator
    /// Answers an expired anchor the enumerator itself handed out (it checked the epoch and the
    /// history when it made the anchor) with an empty success.
    case keptEnumeratorHidesExpiry
}
