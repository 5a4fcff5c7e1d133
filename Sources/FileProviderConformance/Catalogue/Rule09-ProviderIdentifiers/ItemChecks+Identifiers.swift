import FileProviderKit
import Foundation

/// The ITEM checks of rule 9, *identifiers are the provider's* (ITEM-04, ITEM-07, ITEM-40, ITEM-41, ITEM-42, ITEM-43).
extension ItemChecks {
    /// Records a finding naming R9.20 unless `root` is a folder whose identifier and parent are
    /// the root.
    static func expectRoot(_ context: CheckContext, _ root: ItemSnapshot, _ situation: String) {
        expectReservedFolder(context, root, is: .rootContainer, in: .rootContainer, clause: "R9.20", situation)
    }

    static let rootIsItsOwnParent = ConformanceCheck(
        "ITEM-40",
        .items,
        "the root item's parent is the root itself",
        rule: "Rule 9 (the reserved identifiers)",
        clauses: ["R9.20"],
        rationale: "The system walks parents up to the root and stops where an item is its own parent; a root "
            + "whose parent is empty or another identifier sends it looking for a folder that does not exist.",
        tier: .smoke
    ) { context in
        expectRoot(context, try await context.item(.rootContainer), "of a fresh domain")
    }

    static let rootAfterWrites = ConformanceCheck(
        "ITEM-41",
        .items,
        "after writes in the root, and from another provider instance, the root is still its own parent",
        rule: "Rule 9 (the reserved identifiers)",
        clauses: ["R9.20"],
        rationale: "A provider that builds the root from its backend's record after the first write (an object "
            + "store's empty prefix, a database row) often fills the parent from that record.",
        requires: .writing
    ) { context in
        let child = try await context.createFolder(named: "UnderRoot")
        _ = try await context.createFile(named: "file.txt", in: child.itemIdentifier)
        expectRoot(context, try await context.item(.rootContainer), "after writes")
        let listed = try await context.list(.rootContainer)
        context.expect(
            !listed.contains { $0.itemIdentifier == .rootContainer },
            "the root's listing holds the root itself",
            clauses: ["R9.20", "R2.6"]
        )
        guard context.capabilities.contains(.freshInstances) else { return }
        let other = try await context.openAnotherInstance()
        context.note("item(for: root) on another instance")
        expectRoot(context, ItemSnapshot(try await other.item(for: .rootContainer, request: Request())), "elsewhere")
    }

    /// Records a finding naming R9.21 unless `trash` is a folder in the root whose identifier is
    /// the trash.
    static func expectTrash(_ context: CheckContext, _ trash: ItemSnapshot, _ situation: String) {
        expectReservedFolder(context, trash, is: .trashContainer, in: .rootContainer, clause: "R9.21", situation)
    }

    /// Looks up the trash, recording a finding naming R9.21 when the lookup fails.
    static func lookUpTrash(_ context: CheckContext, _ situation: String) async throws -> ItemSnapshot? {
        do {
            return try await context.item(.trashContainer)
        } catch let error as FileProviderError {
            context.fail(
                "item(for: trash) \(situation) failed in a domain with a trash",
                clauses: ["R9.21"],
                expected: "the trash: a folder in the root",
                actual: "\(error)"
            )
            return nil
        }
    }

    static let trashIsAnItem = ConformanceCheck(
        "ITEM-42",
        .items,
        "in a domain with a trash, item(for: trash) returns the trash, a folder in the root",
        rule: "Rule 9 (the reserved identifiers)",
        clauses: ["R9.21"],
        rationale: "The system looks the trash up like any container before it shows or fills it; a provider "
            + "whose trash can be enumerated but not looked up (noSuchItem) makes it drop the trash's contents.",
        requires: .trash,
        tier: .smoke
    ) { context in
        guard let trash = try await lookUpTrash(context, "of a fresh domain") else { return }
        expectTrash(context, trash, "of a fresh domain")
    }

    static let trashItemAfterTrashing = ConformanceCheck(
        "ITEM-43",
        .items,
        "after an item is trashed, item(for: trash) still returns the trash, and the item's parent is it",
        rule: "Rule 9 (the reserved identifiers)",
        clauses: ["R9.21", "R14.1"],
        rationale: "A trashed item's parent must resolve: one whose parent is the trash while the trash itself "
            + "is no item is an orphan the system cannot place.",
        requires: [.writing, .trash]
    ) { context in
        let file = try await context.createFile(named: "to-trash.txt")
        let trashed = try await context.move(file, to: .trashContainer)
        guard let trash = try await lookUpTrash(context, "after trashing") else { return }
        expectTrash(context, trash, "after trashing")
        context.expectEqual(
            trashed.parentItemIdentifier,
            trash.itemIdentifier,
            "the trashed item's parent is not the trash item"
        )
    }

    static let stableIdentifiers = ConformanceCheck(
        "ITEM-04",
        .items,
        "identifiers survive rename and move and are never reused",
        rule: "Rule 9 (identifiers)",
        clauses: ["R9.1", "R9.2"],
        rationale: "The system keys its whole database on identifiers: one that changes on rename loses local edits, "
            + "one that is reused attaches another file's history to a new item.",
        requires: .writing,
        tier: .smoke
    ) { context in
        let folder = try await context.createFolder(named: "Destination")
        let file = try await context.createFile(named: "draft.txt")
        let renamed = try await context.rename(file, to: "final.txt")
        context.expectEqual(renamed.itemIdentifier, file.itemIdentifier, "renaming changed the identifier")
        let moved = try await context.move(renamed, to: folder.itemIdentifier)
        context.expectEqual(moved.itemIdentifier, file.itemIdentifier, "moving changed the identifier")
        try await context.delete(moved)
        var seen: Set<ItemIdentifier> = [folder.itemIdentifier, file.itemIdentifier]
        for index in 0..<5 {
            let again = try await context.createFile(named: "final.txt", in: folder.itemIdentifier)
            context.expect(
                seen.insert(again.itemIdentifier).inserted,
                "createItem reused identifier \(again.itemIdentifier) (creation \(index + 1) after a deletion)"
            )
            try await context.delete(again)
        }
    }

    static let templateIdentifierIgnored = ConformanceCheck(
        "ITEM-07",
        .items,
        "a created item carries the provider's identifier, not the template's",
        rule: "Rule 9 (identifiers)",
        clauses: ["R9.3"],
        rationale: "The template's identifier is the system's temporary one; keeping it lets two devices create "
            + "items with clashing identifiers.",
        requires: .writing
    ) { context in
        let template = context.template(named: "template.txt", in: .rootContainer, contentType: .plainText)
        let created = try await context.create(template, contents: Data("x".utf8))
        context.expect(
            created.itemIdentifier != template.itemIdentifier,
            "createItem kept the template's identifier",
            actual: "\(created.itemIdentifier)"
        )
        context.expect(!created.itemIdentifier.isReservedContainer, "createItem returned a reserved identifier")
    }
}
