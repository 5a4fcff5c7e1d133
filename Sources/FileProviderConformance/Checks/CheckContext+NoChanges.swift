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
}
