import FileProviderKit

/// Forwards a batch of changes to the real observer, changing it the way the bug does, and keeps
/// the finish for the enumerator to decide on.
final class ChangeInterceptor: ChangeObserver {
    enum Finish {
        case anchor(SyncAnchor, moreComing: Bool)
        case error(any Error)
    }

    let observer: any ChangeObserver
    let enumerator: BrokenEnumerator
    private let state = LockedValue<Finish?>(nil)

    var bug: Bug { enumerator.bug }
    var memory: BugMemory { enumerator.provider.memory }
    var suggestedBatchSize: Int {
        bug == .oversizeBatches ? observer.suggestedBatchSize * 3 : observer.suggestedBatchSize
    }
    var finish: Finish? { state.withLock { $0 } }

    init(forwardingTo observer: any ChangeObserver, enumerator: BrokenEnumerator) {
        self.observer = observer
        self.enumerator = enumerator
    }

    func didUpdate(_ updatedItems: [any FileProviderItem]) {
        var items = updatedItems
        var deleted: [ItemIdentifier] = []
        let container = enumerator.container
        switch bug {
        case .movesAsDeletions:
            deleted = items.filter(hasMoved).map(\.itemIdentifier)
        case .moveAsDeletionAndUpdate, .movedFromLastSeenParentDeleted:
            let moved = items.filter(hasMoved).map(\.itemIdentifier)
            if !moved.isEmpty { observer.didDeleteItems(withIdentifiers: moved) }
        case .movedFromListedParentDeleted:
            let room = max(0, observer.suggestedBatchSize - items.count)
            let moved = items.filter(hasMovedSinceListed).prefix(room).map(\.itemIdentifier)
            if !moved.isEmpty { observer.didDeleteItems(withIdentifiers: moved) }
        case .caseOnlyRenameUnreported:
            items = items.filter { !isCaseOnlyRename($0) }
        case .trashReportedAsDeletion:
            deleted = items.filter { $0.parentItemIdentifier == .trashContainer }.map(\.itemIdentifier)
        case .childrenBeforeParents:
            items.reverse()
        case .changeFeedLagsOneWrite:
            let lagging = memory.lastWritten
            items = items.filter { $0.itemIdentifier != lagging }
        case .metadataEditsNotReported:
            items = items.filter { memory.contentChangedSinceReported($0) }
        case .remoteChangesMissed:
            items = items.filter { memory.isLocal($0.itemIdentifier) }
        case .folderChangesOmitDepartures where container != .workingSet:
            items = items.filter { $0.parentItemIdentifier == container }
        case .emptyCreatesNotReported:
            items = items.filter { item in
                item.contentType.isDirectory || item.symlinkTargetPath != nil || item.documentSize != 0
                    || memory.enumerated(item.itemIdentifier) != nil
            }
        case .unvisitedFolderChangesDropped where container == .workingSet:
            items = items.filter { item in
                let parent = item.parentItemIdentifier
                return memory.isLocal(item.itemIdentifier) || [.rootContainer, .trashContainer].contains(parent)
                    || memory.wasListed(parent) || memory.isLocal(parent)
            }
        case .workingSetShallowChanges where container == .workingSet:
            items = items.filter { [.rootContainer, .trashContainer].contains($0.parentItemIdentifier) }
        default:
            break
        }
        items.removeAll { deleted.contains($0.itemIdentifier) }
        if !deleted.isEmpty { observer.didDeleteItems(withIdentifiers: deleted) }
        observer.didUpdate(enumerator.handOut(items))
    }

    /// Whether `item` has a parent other than the one it was last handed out with.
    private func hasMoved(_ item: any FileProviderItem) -> Bool {
        memory.parent(of: item.itemIdentifier).map { $0 != item.parentItemIdentifier } ?? false
    }

    /// Whether `item` has a parent other than the one an enumeration last handed it out with.
    private func hasMovedSinceListed(_ item: any FileProviderItem) -> Bool {
        memory.enumerated(item.itemIdentifier).map { $0.parentItemIdentifier != item.parentItemIdentifier } ?? false
    }

    /// Whether `item`'s name differs only in case from the one an enumeration last handed out.
    private func isCaseOnlyRename(_ item: any FileProviderItem) -> Bool {
        guard let listed = memory.enumerated(item.itemIdentifier)?.filename else { return false }
        return listed != item.filename && listed.lowercased() == item.filename.lowercased()
    }

    func didDeleteItems(withIdentifiers deletedItemIdentifiers: [ItemIdentifier]) {
        switch bug {
        case .missesDeletions:
            return
        case .changeFeedLagsOneWrite:
            let lagging = memory.lastWritten
            observer.didDeleteItems(withIdentifiers: deletedItemIdentifiers.filter { $0 != lagging })
        case .laterBatchesDropDescendants:
            let earlier = memory.recordReportedDeletions(deletedItemIdentifiers)
            observer.didDeleteItems(
                withIdentifiers: deletedItemIdentifiers.filter { identifier in
                    memory.parent(of: identifier).map { !earlier.contains($0) } ?? true
                }
            )
        case .descendantDeletionsDropped:
            let deleted = Set(deletedItemIdentifiers)
            let kept = deletedItemIdentifiers.filter { identifier in
                memory.parent(of: identifier).map { !deleted.contains($0) } ?? true
            }
            observer.didDeleteItems(withIdentifiers: kept)
        case .folderChangesOmitDepartures where enumerator.container != .workingSet:
            // The reference provider reports a child that left a folder as a deletion.
            return
        case .remoteChangesMissed:
            let local = deletedItemIdentifiers.filter { memory.isLocal($0) }
            if !local.isEmpty { observer.didDeleteItems(withIdentifiers: local) }
        case .deletedItemsResurrected:
            observer.didDeleteItems(withIdentifiers: deletedItemIdentifiers)
            let stale = deletedItemIdentifiers.compactMap { memory.item($0) }
            if !stale.isEmpty { observer.didUpdate(stale) }
        default:
            observer.didDeleteItems(withIdentifiers: deletedItemIdentifiers)
        }
    }

    func finishEnumeratingChanges(upTo anchor: SyncAnchor, moreComing: Bool) {
        state.withLock { $0 = .anchor(anchor, moreComing: moreComing) }
    }

    func finishEnumeratingWithError(_ error: any Error) {
        state.withLock { $0 = .error(error) }
    }
}
