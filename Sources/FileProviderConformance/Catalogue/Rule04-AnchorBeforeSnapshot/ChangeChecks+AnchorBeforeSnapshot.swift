import FileProviderKit
import Foundation

/// The CHG checks of rule 4, *the anchor comes before the snapshot* (CHG-09, CHG-15, CHG-23, CHG-78).
extension ChangeChecks {
    static let anchorBeforeConcurrentListing = ConformanceCheck(
        "CHG-23",
        .changes,
        "an anchor is never newer than the listing that follows it, with writes racing the listing",
        rule: "Rule 4 (anchor before snapshot)",
        clauses: ["R4.1"],
        rationale: "An anchor read after the listing's snapshot silently skips the writes made in between; "
            + "writes racing the listing expose a provider that reads the two without ordering them.",
        requires: .writing
    ) { context in
        let (folder, _) = try await EnumerationChecks.populatedFolder(context, count: 6, named: "Racing")
        let provider = context.provider
        let urls = try (0..<12).map { try context.file(containing: Data("race \($0)".utf8)) }
        let templates = (0..<12).map {
            context.template(named: "racer-\($0).txt", in: folder.itemIdentifier, contentType: .plainText)
        }
        context.note("take an anchor and list the working set while 12 creations run concurrently")
        let (reportedAnchor, listing) = try await withThrowingTaskGroup(of: Void.self) { group in
            for (template, url) in zip(templates, urls) {
                group.addTask {
                    _ = try await provider.createItem(
                        basedOn: template,
                        fields: [.filename, .parentItemIdentifier, .contents],
                        contents: url,
                        options: [],
                        request: Request()
                    )
                }
            }
            let enumerator = try await provider.enumerator(for: .workingSet, request: Request())
            let anchor = try await enumerator.currentSyncAnchor()
            let listing = try await enumerator.allItems(suggestedPageSize: 2)
            try await group.waitForAll()
            return (anchor, ItemDigest.map(listing))
        }
        let anchor = try context.requireAnchor(reportedAnchor, of: .workingSet)
        var replica = listing
        let changes = try await context.changes(.workingSet, since: anchor, batchSize: 5)
        for item in changes.updatedItems { replica[item.itemIdentifier] = ItemDigest(item) }
        for identifier in changes.deletedItemIdentifiers { replica[identifier] = nil }
        let truth = try await workingSetDigests(context)
        let differences = ItemDigest.differences(replica, truth)
        context.expect(
            differences.isEmpty,
            "the listing plus the changes since the anchor taken before it miss writes made during the listing",
            actual: differences.joined(separator: "; ")
        )
    }

    static let anchorBeforeSnapshot = ConformanceCheck(
        "CHG-09",
        .changes,
        "the anchor taken before a listing, replayed over it, converges despite changes between pages",
        rule: "Rule 4 (anchor before snapshot)",
        clauses: ["R4.1"],
        rationale: "An anchor newer than the listing silently skips the changes made while listing (confirmed by "
            + "Apple); duplicates are harmless, misses are not.",
        requires: .writing
    ) { context in
        let (folder, _) = try await EnumerationChecks.populatedFolder(context, count: 12)
        let enumerator = try await context.enumerator(.workingSet)
        _ = try await context.createFile(named: "before-anchor.txt", in: folder.itemIdentifier)
        context.note("currentSyncAnchor() of the same enumerator")
        let anchor = try context.requireAnchor(try await enumerator.currentSyncAnchor(), of: .workingSet)
        var replica: [ItemIdentifier: ItemDigest] = [:]
        var page: Page? = .initialPageSortedByName
        var round = 0
        while let current = page {
            context.note("list one page of the working set (page size 4)")
            var iterator = enumerator.pages(startingAt: current, suggestedPageSize: 4).makeAsyncIterator()
            let result = try context.require(try await iterator.next(), "a page is missing")
            for item in result.items {
                replica[item.itemIdentifier] = ItemDigest(item)
            }
            page = result.nextPage
            round += 1
            _ = try await context.createFile(named: "during-\(round).txt", in: folder.itemIdentifier)
        }
        let changes = try await context.changes(.workingSet, since: anchor)
        for item in changes.updatedItems {
            replica[item.itemIdentifier] = ItemDigest(item)
        }
        for identifier in changes.deletedItemIdentifiers {
            replica[identifier] = nil
        }
        let truth = ItemDigest.map(try await context.list(.workingSet))
        let differences = ItemDigest.differences(replica, truth)
        context.expect(
            differences.isEmpty,
            "listing plus changes since the earlier anchor does not converge",
            actual: differences.joined(separator: "; ")
        )
    }

    static let folderAnchorAfterWritesOnAnEarlierEnumerator = ConformanceCheck(
        "CHG-78",
        .changes,
        "a folder's enumerator made before a creation, a rename and a deletion lists, from an anchor taken after "
            + "them, what its changes since that anchor bring to the folder's state",
        rule: "Rule 4 (anchor before snapshot)",
        clauses: ["R4.1"],
        rationale: "The system makes an enumerator, asks its anchor and lists on it, with writes in between; a "
            + "provider that reads a small folder when the enumerator is made and serves the first page from that "
            + "read lists the folder older than the anchor, and the writes between are never reported.",
        requires: .writing
    ) { context in
        for pageSize in [50, 2] {
            let (folder, _) = try await EnumerationChecks.populatedFolder(
                context,
                count: 5,
                named: "Prefetched-\(pageSize)"
            )
            let enumerator = try await context.enumerator(folder.itemIdentifier)
            let children = try await context.list(folder.itemIdentifier)
            _ = try await context.createFile(named: "late.txt", in: folder.itemIdentifier)
            if let renamed = children.first { _ = try await context.rename(renamed, to: "renamed-late.txt") }
            if let deleted = children.last { try await context.delete(deleted) }
            context.note("currentSyncAnchor() of the enumerator made before those writes")
            let anchor = try context.requireAnchor(try await enumerator.currentSyncAnchor(), of: folder.itemIdentifier)
            context.note("list \(folder.itemIdentifier) by name on that enumerator (page size \(pageSize))")
            var replica = ItemDigest.map(try await enumerator.allItems(suggestedPageSize: pageSize))
            context.note("changes of \(folder.itemIdentifier) since \(anchor) on that enumerator")
            let changes = try await enumerator.changes(since: anchor, suggestedBatchSize: 7)
            for item in changes.updatedItems { replica[item.itemIdentifier] = ItemDigest(item) }
            for identifier in changes.deletedItemIdentifiers { replica[identifier] = nil }
            let truth = ItemDigest.map(try await context.list(folder.itemIdentifier))
            let differences = ItemDigest.differences(replica, truth)
            context.expect(
                differences.isEmpty,
                "the listing on an enumerator made before three writes, plus its changes since the anchor taken "
                    + "after them, is not the folder (page size \(pageSize))",
                actual: differences.joined(separator: "; ")
            )
        }
    }

    static let convergence = ConformanceCheck(
        "CHG-15",
        .changes,
        "a replica built from changes converges after every kind of local change",
        rule: "Rules 4 and 6 (anchors, every change)",
        clauses: ["R4.1", "R6.1", "R6.2", "R6.3", "R6.4", "R6.5"],
        rationale: "This is the property the system relies on: listing once, then applying changes forever, must "
            + "equal the truth.",
        requires: .writing
    ) { context in
        let replica = try await HostReplica(context: context)
        let a = try await context.createFolder(named: "A")
        let b = try await context.createFolder(named: "B", in: a.itemIdentifier)
        let file = try await context.createFile(named: "f.txt", in: b.itemIdentifier)
        try await replica.catchUp(context: context)
        try await replica.expectConverged(context: context, "after creations")
        let moved = try await context.move(b, to: .rootContainer)
        _ = try await context.write(Data("new".utf8), to: try await context.item(file.itemIdentifier))
        _ = try await context.rename(moved, to: "B2")
        let inner = try await context.createFolder(named: "Inner", in: a.itemIdentifier)
        _ = try await context.createFile(named: "deep.txt", in: inner.itemIdentifier)
        try await replica.catchUp(context: context)
        try await replica.expectConverged(context: context, "after a move, a write, a rename and creations")
        if context.capabilities.contains(.trash) {
            _ = try await context.move(try await context.item(file.itemIdentifier), to: .trashContainer)
            try await replica.catchUp(context: context)
            try await replica.expectConverged(context: context, "after trashing")
        }
        try await context.delete(try await context.item(a.itemIdentifier), options: .recursive)
        try await replica.catchUp(context: context)
        try await replica.expectConverged(context: context, "after a recursive deletion")
        await replica.stop()
    }
}
