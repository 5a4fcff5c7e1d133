import FileProviderKit
import Foundation

/// The ITEM checks of rule 7, *no self-sustaining loops* — no read of any protocol changes a version
/// or a field (ITEM-51).
extension ItemChecks {
    /// Every read the provider offers, once each, of every item of `items` and of `containers`:
    /// lookups, listings in both orders, full fetches (the latest and the named version), partial
    /// fetches and thumbnails where the provider adopts their protocols, and change catch-ups from
    /// `anchors`.
    private static func readEverything(
        _ context: CheckContext,
        _ items: [ItemSnapshot],
        containers: [ItemIdentifier],
        anchors: [(ItemIdentifier, SyncAnchor)]
    ) async throws {
        for item in items {
            _ = try await context.item(item.itemIdentifier)
            guard !item.contentType.isDirectory, !item.contentType.isSymbolicLink else { continue }
            _ = try await context.fetch(item.itemIdentifier)
            _ = try await context.fetch(item.itemIdentifier, version: item.itemVersion)
            let size = Int64(item.documentSize ?? 0)
            if let fetcher = context.provider as? any PartialContentFetching, size > 0 {
                for (range, alignment) in [(0..<1, 1), (0..<size, 4_096), (size / 2..<size, 512)] {
                    context.note("fetchPartialContents(\(item.itemIdentifier), \(range), aligned to \(alignment))")
                    let partial = try await fetcher.fetchPartialContents(
                        for: item.itemIdentifier,
                        version: item.itemVersion,
                        request: Request(),
                        minimalRange: range,
                        aligningTo: alignment,
                        options: []
                    )
                    ContentFile.remove(partial.url)
                }
            }
        }
        if let thumbnails = context.provider as? any Thumbnailing {
            context.note("fetchThumbnails(\(items.count) items)")
            try? await thumbnails.fetchThumbnails(
                for: items.map(\.itemIdentifier),
                maximumPixelSize: 64,
                request: Request()
            ) { _, _ in }
        }
        for container in containers {
            for start in [Page.initialPageSortedByName, .initialPageSortedByDate] {
                for pageSize in [1, 50] {
                    _ = try await context.list(container, pageSize: pageSize, startingAt: start)
                }
            }
        }
        for (container, anchor) in anchors {
            _ = try await context.changes(container, since: anchor)
        }
    }

    static let readsChangeNothing = ConformanceCheck(
        "ITEM-51",
        .items,
        "lookups, listings in both orders, fetches of the latest and a named version, partial fetches, thumbnails "
            + "and change catch-ups of files, folders and trashed items change no version and no field, and report "
            + "no change",
        rule: "Rule 7 (no loops)",
        clauses: ["R7.2", "R7.1"],
        rationale: "A read that marks the item as opened — a last-used date, a download counter, a cache flag "
            + "stored in the record — bumps its version: the system re-downloads after every open, and every "
            + "replica sees a change nobody made, which turns the working set into a loop.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Reads")
        var template = context.template(named: "read.txt", in: folder.itemIdentifier, contentType: .plainText)
        template.lastUsedDate = Date(timeIntervalSince1970: 1_300_000_000)
        template.tagData = Data("read tags".utf8)
        _ = try await context.create(
            template,
            contents: context.largeContent(count: 10_000, salt: 51),
            extraFields: [.lastUsedDate, .tagData]
        )
        _ = try await context.createFile(named: "plain.txt", in: folder.itemIdentifier)
        _ = try await context.createFolder(named: "Inner", in: folder.itemIdentifier)
        _ = try await context.createFile(named: "root.txt", contents: Data())
        var containers: [ItemIdentifier] = [.rootContainer, folder.itemIdentifier, .workingSet]
        if context.capabilities.contains(.trash) {
            let trashed = try await context.createFile(named: "trashed.txt", in: folder.itemIdentifier)
            _ = try await context.move(trashed, to: .trashContainer)
            containers.append(.trashContainer)
        }
        var items = try await context.tree()
        if context.capabilities.contains(.trash) { items += try await context.list(.trashContainer) }
        var before: [ItemIdentifier: ItemSnapshot] = [:]
        for item in items { before[item.itemIdentifier] = try await context.item(item.itemIdentifier) }
        var anchors: [(ItemIdentifier, SyncAnchor)] = [(.workingSet, try await context.anchor())]
        let folderEnumerator = try await context.enumerator(folder.itemIdentifier)
        if let anchor = try await context.changeAnchor(of: folderEnumerator, for: folder.itemIdentifier) {
            anchors.append((folder.itemIdentifier, anchor))
        }
        try await readEverything(context, Array(before.values), containers: containers, anchors: anchors)
        for (identifier, stored) in before.sorted(by: { $0.key < $1.key }) {
            StoredFields.expectSame(
                context,
                StoredFields.all,
                in: try await context.item(identifier),
                as: stored,
                clauses: ["R7.2"],
                "in item(for:) after every kind of read"
            )
        }
        for (container, anchor) in anchors {
            let changes = try await context.changes(container, since: anchor)
            context.expect(
                changes.updatedItems.isEmpty && changes.deletedItemIdentifiers.isEmpty,
                "the changes of \(container) since an anchor taken before the reads report changes",
                clauses: ["R7.1"],
                expected: "no change: only reads happened",
                actual: "updated \(changes.updatedItems.map(\.itemIdentifier.rawValue)), deleted "
                    + "\(changes.deletedItemIdentifiers.map(\.rawValue))"
            )
        }
    }
}
