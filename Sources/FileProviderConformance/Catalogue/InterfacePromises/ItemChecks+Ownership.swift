import FileProviderKit
import Foundation

/// The ITEM checks of the doc comments' promise about owners (API.14): an item the user made is
/// nobody else's (ITEM-46, ITEM-47).
extension ItemChecks {
    /// Records a finding naming API.14 when `item` names an owner although it is not shared by
    /// someone else; `situation` says where the item came from.
    private static func expectNoOwner(_ context: CheckContext, _ item: ItemSnapshot, _ situation: String) {
        if item.isShared, !item.isSharedByCurrentUser { return }
        context.expect(
            item.ownerNameComponents == nil,
            "\(situation): \(item.itemIdentifier) is not shared by someone else but names an owner",
            expected: "ownerNameComponents nil",
            actual: item.ownerNameComponents.map { "\($0)" } ?? "nil"
        )
    }

    static let ownItemsHaveNoOwner = ConformanceCheck(
        "ITEM-46",
        .items,
        "a file and a folder the user created name no owner, in the creation's result, lookups and the listing",
        rule: "FileProviderItem.ownerNameComponents",
        clauses: ["API.14"],
        rationale: "The system shows an owner as \"shared by\" that person; a provider that fills in the current "
            + "user for every item makes all of the user's own files look shared by someone.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "mine.txt")
        let folder = try await context.createFolder(named: "Mine")
        for item in [file, folder] {
            expectNoOwner(context, item, "the creation's result")
            expectNoOwner(context, try await context.item(item.itemIdentifier), "item(for:)")
        }
        for item in try await context.list(.rootContainer) {
            expectNoOwner(context, item, "the root's listing")
        }
    }

    static let editedItemsHaveNoOwner = ConformanceCheck(
        "ITEM-47",
        .items,
        "an item the user edited names no owner in the modification's result and the working set's changes",
        rule: "FileProviderItem.ownerNameComponents",
        clauses: ["API.14"],
        rationale: "An owner that appears once an item is edited (a backend that records the last writer as the "
            + "owner) makes the user's own file look shared by the user.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "edited.txt")
        let anchor = try await context.anchor()
        let result = try await context.modify(file, fields: .tagData, description: "set tags") {
            $0.tagData = Data([1])
        }
        expectNoOwner(context, ItemSnapshot(result.item), "the modification's result")
        let written = try await context.write(Data("new bytes".utf8), to: ItemSnapshot(result.item))
        expectNoOwner(context, written, "a content write's result")
        for item in try await context.changes(since: anchor).updatedItems {
            expectNoOwner(context, item, "the working set's changes")
        }
    }
}
