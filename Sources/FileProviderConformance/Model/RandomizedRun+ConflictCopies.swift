import FileProviderKit
import Foundation

/// Writes on a stale base version without `failOnConflict`, for subjects that declare
/// ``ProviderCapabilities/conflictCopies``: no bytes may be lost (R13.4), whatever the sizes, the
/// folder (the trash's folders included) or the names around.
extension RandomizedRun {
    /// Writes `content` (for one slot in 27, over 2 MiB: MUT-10, MUT-29 and MUT-30 make large
    /// conflicts every run) to a file on the version it had before its last change, without
    /// `failOnConflict`. The call must succeed. Afterwards either the file
    /// holds the incoming bytes and its folder holds no new item — allowed only when its content
    /// had not changed since that version, or held those bytes already — or the folder holds one
    /// new file, a conflict copy whose name collides with no sibling (R13.5), and the file and the
    /// copy hold the server's bytes and the incoming ones, one each. The copy joins the model as
    /// an item the provider made, with the fields it was listed with.
    mutating func conflictCopyWrite(item: Int, content: Int) async throws {
        guard let identifier = ModelState.pick(item, from: model.liveItems(filesOnly: true)),
            let current = model.items[identifier],
            let stale = previousVersions[identifier], stale != listed[identifier]?.itemVersion
        else { return }
        let large = content % 27 == 26
        let variant = (content / 27) % ModelState.largeContentVariety
        let data = large ? ModelState.largeContent(variant) : ModelState.content(content)
        let url = try file(forKey: large ? -1 - variant : content % ModelState.contentVariety, data)
        let label = "write \(data.count) bytes on the stale base \(stale) without failOnConflict"
        let written = try await modify(
            identifier,
            .contents,
            content: (data, url),
            base: stale,
            options: [],
            label: label
        ) { _ in }
        // The version the provider holds just before the call: the template's, from a fresh lookup.
        guard let mutation = written, case .modify(let template, _, _, _, _, _) = mutation.action else { return }
        resolve(mutation.description)
        let outcome = await mutation.perform(on: provider)
        if case .failure(let error) = outcome, error is CancellationError { throw CancellationError() }
        let succeeded: Bool
        if case .success = outcome { succeeded = true } else { succeeded = false }
        try ensure(
            succeeded,
            "\(mutation) answered wrongly: a conflict without failOnConflict keeps both sides",
            clauses: ["R13.4"],
            expected: "success",
            actual: Self.describe(outcome)
        )
        let folder = current.parent
        let provider = self.provider
        let children = try await attempt {
            try await provider.enumerator(for: folder, request: Request()).allItems(suggestedPageSize: 500)
        }
        let copies = children.filter { model.items[$0.itemIdentifier] == nil }.map { ItemSnapshot($0) }
        let stored = try await fetchedBytes(of: identifier)
        var copyBytes: Data?
        if let copy = copies.first { copyBytes = try await fetchedBytes(of: copy.itemIdentifier) }
        let server = current.content
        let unchangedSinceBase = stale.contentVersion == template.itemVersion.contentVersion || server == data
        let bothSides = [server, data].sorted(by: Self.bytesOrder)
        let kept =
            copies.isEmpty
            ? stored == data && unchangedSinceBase
            : copies.count == 1 && !copies[0].contentType.isDirectory
                && copyBytes.map { [stored, $0].sorted(by: Self.bytesOrder) == bothSides } == true
        try ensure(
            kept,
            "\(mutation) lost bytes: the file and its folder do not hold both the server's and the incoming content",
            clauses: ["R13.4"],
            expected: "the server's \(server.count) bytes and the incoming \(data.count) bytes, on the file and a "
                + "conflict copy beside it"
                + (unchangedSinceBase ? ", or the incoming bytes on the file alone" : ""),
            actual: "the file holds \(stored.count) bytes"
                + (stored == data ? " (the incoming)" : stored == server ? " (the server's)" : "")
                + "; new items in \(folder): "
                + copies.map { "\($0.itemIdentifier) \"\($0.filename)\"" }.joined(separator: ", ")
        )
        if case .success(let result) = outcome, stored != data {
            try ensure(
                result?.shouldFetchContent == true,
                "\(mutation) kept other bytes on the file than the incoming ones, but did not ask to fetch them",
                clauses: ["R13.4"]
            )
        }
        try record(outcome, of: mutation)
        if stored != data {
            // The file kept the server's bytes: no new content, so its date stays as it was.
            model.update(identifier) {
                $0.content = stored
                $0.modificationDate = current.modificationDate
                $0.modificationDateMayMoveForward = current.modificationDateMayMoveForward
            }
        }
        guard let copy = copies.first, let copyBytes else { return }
        try ensure(
            !model.collides(copy.filename, in: folder),
            "the conflict copy \(copy.itemIdentifier) of \(identifier) takes a name a sibling has",
            clauses: ["R13.5"],
            actual: copy.filename.debugDescription
        )
        adoptConflictCopy(copy, holding: copyBytes)
    }

    /// Adds a conflict copy the provider made to the model, with the fields it was listed with:
    /// they are the provider's to choose.
    private mutating func adoptConflictCopy(_ copy: ItemSnapshot, holding bytes: Data) {
        var item = ModelState.Item(
            parent: copy.parentItemIdentifier,
            name: copy.filename,
            isFolder: false,
            content: bytes
        )
        item.lastUsedDate = copy.lastUsedDate
        item.tagData = copy.tagData
        item.favoriteRank = copy.favoriteRank
        item.extendedAttributes = copy.extendedAttributes
        model.add(copy.itemIdentifier, item)
        stepEffects.wrote.insert(copy.itemIdentifier)
        remotelyCreated.insert(copy.itemIdentifier)
    }

    /// An order on byte strings, so that two pairs compare as multisets.
    private static func bytesOrder(_ left: Data, _ right: Data) -> Bool {
        left.lexicographicallyPrecedes(right)
    }
}
