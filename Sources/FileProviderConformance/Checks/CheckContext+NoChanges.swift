import FileProviderKit

extension CheckContext {
    /// Records a finding unless `container` reports no update and no deletion since `anchor`:
    /// what a store must show after calls that all failed.
    func expectNoChanges(
        since anchor: SyncAnchor,
        in container: ItemIdentifier = .workingSet,
        _ situation: String
    ) async throws {
        let changes = try await changes(container, since: anchor)
        expect(
            changes.updatedItems.isEmpty && changes.deletedItemIdentifiers.isEmpty,
            "\(container) reports changes \(situation)",
            expected: "no change",
            actual: "updated \(changes.updatedItems.map(\.itemIdentifier.rawValue)), deleted "
                + "\(changes.deletedItemIdentifiers.map(\.rawValue))"
        )
    }

    /// Records a finding unless the tree below the root equals `before` and the working set
    /// reports no update and no deletion since `anchor`: what calls that all failed must leave.
    func expectTreeUnchanged(
        _ before: [ItemIdentifier: ItemDigest],
        since anchor: SyncAnchor,
        _ situation: String
    ) async throws {
        let differences = ItemDigest.differences(ItemDigest.map(try await tree()), before)
        expect(
            differences.isEmpty,
            "the tree changed \(situation)",
            actual: differences.joined(separator: "; ")
        )
        try await expectNoChanges(since: anchor, situation)
    }
}
