import FileProviderKit
import Foundation

/// Checks of item properties (`ITEM-…`).
///
/// The checks live in the catalogue's folders, one folder per rule of the behavioural contract; this
/// file lists them in report order and holds the helpers that checks of several rules share.
enum ItemChecks {
    static let all: [ConformanceCheck] = [
        rootItem, threeWayAgreement, unknownIdentifier, stableIdentifiers, versionSemantics, validListedNames,
        templateIdentifierIgnored, documentSize, nameRoundTrip, readsDoNotBumpVersions, childCountAfterChanges,
        metadataOnlyEdits, childCountAfterMoves, reservedLookups, kindKeptLocally, kindKeptRemotely, rootIsItsOwnParent,
        rootAfterWrites, trashIsAnItem, trashItemAfterTrashing, lookupSeesRemoteRename, lookupSeesRemoteWriteAndMove,
        ownItemsHaveNoOwner, editedItemsHaveNoOwner,
        childCountsFollowEveryChange, lookupSeesRemoteFolderChanges,
        unnamedFieldsStay, readsChangeNothing,
    ]

    /// Records a finding naming `clause` unless `item` is the reserved folder `identifier` whose
    /// parent is `parent`.
    static func expectReservedFolder(
        _ context: CheckContext,
        _ item: ItemSnapshot,
        is identifier: ItemIdentifier,
        in parent: ItemIdentifier,
        clause: String,
        _ situation: String
    ) {
        context.expect(
            item.itemIdentifier == identifier && item.parentItemIdentifier == parent && item.contentType.isFolder,
            "item(for: \(identifier)) \(situation) is not a folder whose parent is \(parent)",
            clauses: [clause],
            expected: "identifier \(identifier), parent \(parent), a folder",
            actual: "identifier \(item.itemIdentifier), parent \"\(item.parentItemIdentifier)\", \(item.contentType)"
        )
    }
}
