import FileProviderKit
import Foundation

/// Checks of change enumeration since a sync anchor (`CHG-…`).
///
/// The checks live in the catalogue's folders, one folder per rule of the behavioural contract; this
/// file lists them in report order and holds the helpers that checks of several rules share.
enum ChangeChecks {
    static let all: [ConformanceCheck] = [
        anchorAvailable, quiescent, creationReported, contentEditReported, renameReported, moveReported,
        deletionReported, recursiveDeletionReported, anchorBeforeSnapshot, batching, garbageAnchor,
        parentsBeforeChildren, coalescing, remoteChangesReported, convergence, storeReset, historyExpiry, longBacklog,
        folderReportsChildMovedOut, folderReportsRemoteMoveOut, quietAnchors, quietFolderAnchors,
        anchorBeforeConcurrentListing, contentWriteReportedWithFields, caseOnlyRenameReported,
        caseOnlyRenamesReplicated, listedItemMovedLocally, listedItemMovedRemotely, movesReplicated,
        departureBeforeFolderDeletion, departureCaughtUpRecursively, fetchesNotReported, fetchesNotReportedInFolders,
        emptyCreationsReported, remoteEmptyCreationsReported, longNameRenames, changesOfDeletedContainer,
        failedCatchUpsReportNothing, folderChangesOnlyItsChildren, rootAndTrashChangesOnlyTheirChildren,
        listingOnlyFoldersRefuseChanges, listingOnlyFoldersWorkingSetCarries, deepChainReported,
        largeDeletionFreshEnumerators, largeDeletionOneEnumerator, writesReadBackFresh, writesReadBackOnKeptEnumerators,
        catchUpResumesAfterOtherCalls, anchorsExpireOnTheirEnumeratorAfterReset,
        anchorsExpireOnTheirEnumeratorAfterHistoryExpiry, largeDeletionLargeBatches,
        metadataOnlyEditsInFolderFeeds, remoteChangesOfUnseenItemsInFolderFeeds,
        channelsAgreeOnExtremes,
        keptEnumeratorsFollowTheirFolder, quietAnchorsAskedAgain, folderAnchorAfterWritesOnAnEarlierEnumerator,
        departedFolderDeletedLater,
    ]

    /// The working set as a map of digests: the state a catch-up from an anchor taken before starts from.
    static func workingSetDigests(
        _ context: CheckContext,
        pageSize: Int = 64
    ) async throws -> [ItemIdentifier: ItemDigest] {
        ItemDigest.map(try await context.list(.workingSet, pageSize: pageSize))
    }

    /// Records a finding unless `changes` report `identifier` as deleted or as updated with `parent`.
    static func expectMentioned(
        _ context: CheckContext,
        _ identifier: ItemIdentifier,
        movedTo parent: ItemIdentifier,
        in changes: ChangeSet
    ) {
        let update = changes.updatedItems.last { $0.itemIdentifier == identifier }
        if let update {
            context.expectEqual(
                update.parentItemIdentifier,
                parent,
                "the folder's changes report the child that moved out with another parent"
            )
        } else {
            context.expect(
                changes.deletedItemIdentifiers.contains(identifier),
                "the folder's changes do not mention \(identifier), which moved out of it",
                expected: "an update with parent \(parent), or a deletion",
                actual: "\(changes.updatedItems.count) updates, \(changes.deletedItemIdentifiers.count) deletions"
            )
        }
    }

    /// The kinds of write the read-your-writes checks make after the creation.
    enum WriteKind {
        case write, rename, delete
        case move(ItemIdentifier)
    }

    /// One write of the read-your-writes checks and what it must show.
    struct WriteUnderTest {
        var description: String
        var identifier: ItemIdentifier
        /// The item as the write returned it, or `nil` for a deletion.
        var result: ItemSnapshot?
        /// The folders whose change enumeration must mention the item: the one it is in, and the one it left.
        var folders: [ItemIdentifier]
    }

    /// The containers whose enumerators the checks keep: a folder, the root, the trash (with a
    /// trash) and the working set, with a file in the folder and one in the trash.
    static func keptEnumerators(
        _ context: CheckContext,
        round: Int = 0
    ) async throws -> [(ItemIdentifier, any Enumerator)] {
        let folder = try await context.createFolder(named: "Kept").itemIdentifier
        try await context.createFile(named: "k.txt", in: folder)
        var containers = [folder, .rootContainer, .workingSet]
        if context.capabilities.contains(.trash) {
            let file = try await context.createFile(named: "trashed.txt")
            _ = try await context.move(file, to: .trashContainer)
            containers.insert(.trashContainer, at: 2)
        }
        var enumerators: [(ItemIdentifier, any Enumerator)] = []
        for container in containers { enumerators.append((container, try await context.enumerator(container))) }
        return enumerators
    }

    /// Writes into every kept container: a file in the folder, one in the root, one trashed.
    static func writeIntoKept(
        _ context: CheckContext,
        _ enumerators: [(ItemIdentifier, any Enumerator)]
    )
        async throws
    {
        let folder = enumerators[0].0
        try await context.createFile(named: "in-folder.txt", in: folder)
        let file = try await context.createFile(named: "in-root.txt")
        if context.capabilities.contains(.trash) { _ = try await context.move(file, to: .trashContainer) }
    }

    /// A folder to delete and a sibling to keep, each item's parent, for the scale checks.
    struct DoomedTree {
        var folder: ItemIdentifier
        /// The folder and every descendant.
        var doomed: Set<ItemIdentifier>
        /// The sibling folder and its file, which the deletion must not report.
        var kept: Set<ItemIdentifier>
        var parents: [ItemIdentifier: ItemIdentifier]
    }

    /// The changes of the working set since `anchor`, as a map from identifier to digest, and the
    /// deleted identifiers.
    static func changes(
        _ context: CheckContext,
        since anchor: SyncAnchor,
        batchSize: Int = 50
    ) async throws
        -> (updated: [ItemIdentifier: ItemSnapshot], deleted: Set<ItemIdentifier>)
    {
        let changes = try await context.changes(.workingSet, since: anchor, batchSize: batchSize)
        let updated = Dictionary(changes.updatedItems.map { ($0.itemIdentifier, $0) }, uniquingKeysWith: { $1 })
        return (updated, Set(changes.deletedItemIdentifiers))
    }
}
