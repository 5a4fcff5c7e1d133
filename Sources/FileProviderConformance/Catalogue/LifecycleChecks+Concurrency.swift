import FileProviderKit
import Foundation

/// Concurrency as a dimension: catch-ups, fetches, listings and edits that run at the same time
/// as each other or as writes, as the system's many threads call a provider.
extension LifecycleChecks {
    static let concurrencyChecks: [ConformanceCheck] = [
        concurrentCatchUps, concurrentFetches, listingsRacingCreations, listingsRacingDateChanges,
        concurrentMetadataEdits, concurrentWriteAndRename, simultaneousFetchesThenWrite,
    ]

    /// Catches up on the working set from `anchor` over `base` with batches of `batchSize`, every
    /// batch on `enumerator`, and returns the state reached.
    static func catchUp(
        _ context: CheckContext,
        from anchor: SyncAnchor,
        over base: [ItemIdentifier: ItemDigest],
        on enumerator: any Enumerator,
        batchSize: Int
    ) async throws -> [ItemIdentifier: ItemDigest] {
        var state = base
        var current = anchor
        for _ in 0..<100_000 {
            let batch = try await enumerator.changeBatch(from: current, suggestedBatchSize: batchSize)
            for item in batch.updatedItems { state[item.itemIdentifier] = ItemDigest(item) }
            let parents = state.mapValues(\.parent)
            for identifier in CheckContext.selfAndDescendants(of: batch.deletedItemIdentifiers, parents: parents) {
                state[identifier] = nil
            }
            guard batch.moreComing, batch.anchor != current else { return state }
            current = batch.anchor
            await Task.yield()
        }
        throw context.abort("a catch-up did not end after 100,000 batches")
    }

    static let concurrentCatchUps = ConformanceCheck(
        "LIFE-60",
        .lifecycle,
        "two catch-ups from one anchor at once each get the whole backlog, on one enumerator and on two",
        rule: "Rule 5 (batches), rule 6 (changes)",
        clauses: ["R5.3", "R6.9"],
        rationale: "The system enumerates changes from several threads, and a domain's working set and a folder "
            + "are caught up at once; an enumerator that keeps its cursor in itself hands each caller part of the "
            + "backlog, and each replica misses what the other got.",
        requires: .writing
    ) { context in
        let anchor = try await context.anchor(.workingSet)
        let base = ItemDigest.map(try await context.list(.workingSet))
        let kept = try await context.makeBacklog(of: 120)
        let truth = ItemDigest.map(try await context.list(.workingSet, pageSize: 500))
        let shared = try await context.enumerator(.workingSet)
        let other = try await context.enumerator(.workingSet)
        context.note("catch up from \(anchor) four times at once, batches of 3: twice on one enumerator, twice on two")
        let states = try await withThrowingTaskGroup(of: (String, [ItemIdentifier: ItemDigest]).self) { group in
            for (name, enumerator) in [
                ("the shared enumerator", shared), ("the shared enumerator, again", shared),
                ("a second enumerator", other), ("a fresh enumerator", try await context.enumerator(.workingSet)),
            ] {
                group.addTask {
                    (name, try await catchUp(context, from: anchor, over: base, on: enumerator, batchSize: 3))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for (name, state) in states.sorted(by: { $0.0 < $1.0 }) {
            context.expectCaughtUp(state, truth: truth, keeping: kept, " on \(name), alongside three others")
        }
    }

    static let concurrentFetches = ConformanceCheck(
        "LIFE-61",
        .lifecycle,
        "fetches racing a write each hand their caller its own file, holding the bytes of the version returned",
        rule: "Rule 16 (calls), the fetch's promise",
        clauses: ["API.13", "API.2"],
        rationale: "The system fetches one item from several processes while the user saves it; a provider that "
            + "hands two callers one cached file, or rewrites a file it handed out, corrupts the copy one of them "
            + "is reading.",
        requires: .writing
    ) { context in
        let old = context.largeContent(count: 300_000, salt: 71)
        let new = context.largeContent(count: 200_000, salt: 72)
        let file = try await context.createFile(named: "shared.bin", contents: old)
        context.note("fetchContents(\(file.itemIdentifier)), keeping the file")
        let kept = try await context.provider.fetchContents(for: file.itemIdentifier, version: nil, request: Request())
        let (first, firstItem) = (kept.url, ItemSnapshot(kept.item))
        let written = try await context.write(new, to: file)
        context.note("fetch \(file.itemIdentifier) four times at once, alongside a write of the old bytes back")
        let fetched = try await withThrowingTaskGroup(of: (URL, ItemSnapshot)?.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let result = try await context.provider.fetchContents(
                        for: file.itemIdentifier,
                        version: nil,
                        request: Request()
                    )
                    return (result.url, ItemSnapshot(result.item))
                }
            }
            group.addTask {
                _ = try await context.modify(written, fields: .contents, contents: old, description: "write old bytes")
                return nil
            }
            return try await group.reduce(into: [(URL, ItemSnapshot)]()) { if let result = $1 { $0.append(result) } }
        }
        let all = [(first, firstItem)] + fetched
        defer { for (url, _) in all { ContentFile.remove(url) } }
        let urls = all.map(\.0.standardizedFileURL.path)
        context.expect(
            Set(urls).count == urls.count,
            "two fetches of one item handed out the same file",
            expected: "\(urls.count) different files",
            actual: "\(Set(urls).count) different files"
        )
        for (url, item) in all {
            let bytes = (try? Data(contentsOf: url)) ?? Data()
            // Only the write's version holds the new bytes: the first and the last hold the old ones.
            let expected = item.itemVersion.contentVersion == written.itemVersion.contentVersion ? new : old
            context.expect(
                bytes == expected,
                "a fetched file does not hold, once every call ended, the bytes of the version its fetch returned",
                expected: "\(expected.count) bytes of version \(item.itemVersion)",
                actual: "\(bytes.count) bytes\(bytes == old || bytes == new ? ", the other version's" : "")"
            )
        }
    }

    /// Lists `container` `count` times to the end with pages of `pageSize` from `start` while
    /// `write` runs again and again, and records a finding for a listing that repeats or misses
    /// one of `stable` (which exist throughout, unchanged), or holds an item whose parent is another
    /// container. Each side yields between its calls; the writes go on until the listings end,
    /// and the listings until at least `minimumWrites` writes were made.
    static func expectListingsConsistent(
        _ context: CheckContext,
        _ container: ItemIdentifier,
        from start: Page,
        stable: Set<ItemIdentifier>,
        pageSize: Int,
        count: Int,
        minimumWrites: Int,
        write: @escaping @Sendable (Int) async throws -> Void
    ) async throws {
        let progress = LockedValue((writes: 0, listingsDone: false))
        context.note("list \(container) \(count) times from \(start), page size \(pageSize), while writes race them")
        let listings = try await withThrowingTaskGroup(of: [[ItemSnapshot]].self) { group in
            group.addTask {
                var index = 0
                while !progress.withLock({ $0.listingsDone }) {
                    try await write(index)
                    index += 1
                    progress.withLock { $0.writes += 1 }
                    await Task.yield()
                }
                return []
            }
            group.addTask {
                var listings: [[ItemSnapshot]] = []
                defer { progress.withLock { $0.listingsDone = true } }
                let enumerator = try await context.provider.enumerator(for: container, request: Request())
                while listings.count < count || progress.withLock({ $0.writes }) < minimumWrites {
                    guard listings.count < count * 20 else { break }
                    var items: [ItemSnapshot] = []
                    for try await page in enumerator.pages(startingAt: start, suggestedPageSize: pageSize) {
                        items += page.items.map { ItemSnapshot($0) }
                        await Task.yield()
                    }
                    listings.append(items)
                }
                return listings
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        for (index, listing) in listings.enumerated() {
            let identifiers = listing.map(\.itemIdentifier)
            let missing = stable.subtracting(identifiers)
            context.expect(
                missing.isEmpty,
                "listing \(index + 1) of \(container), racing writes, missed items that existed throughout",
                expected: "all \(stable.count)",
                actual: "\(missing.count) missing, for example \(missing.sorted().prefix(3).map(\.rawValue))"
            )
            // An item a write moves in the listing's order may show twice; one that stayed put may not.
            let steady = identifiers.filter(stable.contains)
            context.expect(
                Set(steady).count == steady.count,
                "listing \(index + 1) of \(container), racing writes, repeated items that existed throughout unchanged",
                actual: "\(steady.count - Set(steady).count) repeats"
            )
            if container != .workingSet {
                let strays = listing.filter { $0.parentItemIdentifier != container }
                context.expect(
                    strays.isEmpty,
                    "listing \(index + 1) of \(container), racing writes, holds items of other containers",
                    actual: "\(strays.prefix(3).map { "\($0.itemIdentifier) in \($0.parentItemIdentifier)" })"
                )
            }
        }
    }

    static let simultaneousFetchesThenWrite = ConformanceCheck(
        "LIFE-66",
        .lifecycle,
        "three fetches of one item at once hand out three files, which keep their bytes through a removal of one "
            + "and two writes",
        rule: "Rule 16 (calls), the fetch's promise",
        clauses: ["API.13", "API.2"],
        rationale: "Several processes open one document at once; a provider that serves them one cached file, or "
            + "writes new versions into the file it handed out, shows each the others' removals and edits.",
        requires: .writing
    ) { context in
        let old = context.largeContent(count: 100_000, salt: 81)
        let file = try await context.createFile(named: "opened.bin", contents: old)
        context.note("fetch \(file.itemIdentifier) three times at once")
        let urls = try await withThrowingTaskGroup(of: URL.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    try await context.provider.fetchContents(for: file.itemIdentifier, version: nil, request: Request())
                        .url
                }
            }
            return try await group.reduce(into: [URL]()) { $0.append($1) }
        }
        defer { for url in urls { ContentFile.remove(url) } }
        let paths = urls.map(\.standardizedFileURL.path)
        context.expect(
            Set(paths).count == paths.count,
            "fetches of one item at once handed out the same file",
            expected: "\(paths.count) different files",
            actual: "\(Set(paths).count) different files"
        )
        context.note("remove the first fetched file, then write the item twice")
        ContentFile.remove(urls[0])
        var current = try await context.write(Data("second".utf8), to: file)
        current = try await context.write(context.largeContent(count: 50_000, salt: 82), to: current)
        for url in urls.dropFirst() {
            let bytes = (try? Data(contentsOf: url)) ?? Data()
            context.expect(
                bytes == old,
                "a fetched file changed after another caller's file was removed and the item was written",
                expected: "the \(old.count) bytes fetched",
                actual: "\(bytes.count) bytes"
            )
        }
        let (latest, _) = try await context.fetch(current.itemIdentifier)
        context.expect(latest.count == 50_000, "a fetch after the writes does not return the latest bytes")
    }

    static let listingsRacingCreations = ConformanceCheck(
        "LIFE-62",
        .lifecycle,
        "listings by name racing creations, renames and deletions are each consistent",
        rule: "Rule 2 (pages)",
        clauses: ["R2.9", "R2.5"],
        rationale: "The system lists a folder while the user or a sync writes into it; a listing whose pages are "
            + "offsets, or that reads a folder half updated, shows an item twice or hides one that never moved.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Busy").itemIdentifier
        var stable: Set<ItemIdentifier> = []
        for index in 0..<60 {
            stable.insert(
                try await context.createFile(named: String(format: "m-%03d.txt", index), in: folder).itemIdentifier
            )
        }
        let churn = LockedValue<[ItemSnapshot]>([])
        try await expectListingsConsistent(
            context,
            folder,
            from: .initialPageSortedByName,
            stable: stable,
            pageSize: 4,
            count: 4,
            minimumWrites: 40
        ) { index in
            let existing = churn.withLock { $0 }
            if existing.isEmpty || index % 3 == 0 {
                let name = index % 2 == 0 ? "a-\(index).txt" : "z-\(index).txt"
                let created = try await context.createFile(named: name, in: folder)
                churn.withLock { $0.append(created) }
            } else if index % 3 == 1 {
                let item = existing[existing.count - 1]
                let renamed = try await context.rename(
                    item,
                    to: item.filename.hasPrefix("a") ? "y-\(index).txt" : "b-\(index).txt"
                )
                churn.withLock { $0[$0.count - 1] = renamed }
            } else {
                try await context.delete(existing[0])
                churn.withLock { _ = $0.removeFirst() }
            }
        }
    }

    static let listingsRacingDateChanges = ConformanceCheck(
        "LIFE-63",
        .lifecycle,
        "listings by date and of the working set racing content writes are each consistent",
        rule: "Rule 2 (pages)",
        clauses: ["R2.9", "R2.4"],
        rationale: "A content write moves an item in date order while a date-sorted listing is under way; a "
            + "listing that pages by position shows the moved item twice or skips the one after it.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Dated").itemIdentifier
        var stable: Set<ItemIdentifier> = []
        var movers: [ItemSnapshot] = []
        for index in 0..<40 {
            let file = try await context.createFile(named: String(format: "d-%03d.txt", index), in: folder)
            if index % 4 == 0 { movers.append(file) } else { stable.insert(file.itemIdentifier) }
        }
        let current = LockedValue(movers)
        let base = Date(timeIntervalSince1970: 1_500_000_000)
        try await expectListingsConsistent(
            context,
            folder,
            from: .initialPageSortedByDate,
            stable: stable,
            pageSize: 3,
            count: 3,
            minimumWrites: 30
        ) { index in
            // Each write dates its file at the very start or the very end, moving it across the listing.
            let slot = index % current.withLock { $0.count }
            let item = current.withLock { $0[slot] }
            let date = base.addingTimeInterval(Double(index % 2 == 0 ? -1_000_000 - index : 1_000_000 + index))
            let written = try await context.modify(
                item,
                fields: [.contents, .contentModificationDate],
                contents: Data("write \(index)".utf8),
                description: "write and date at \(date)"
            ) { $0.contentModificationDate = date }
            current.withLock { $0[slot] = ItemSnapshot(written.item) }
        }
        let everything = stable.union(current.withLock { $0.map(\.itemIdentifier) }).union([folder])
        let churn = LockedValue<ItemSnapshot?>(nil)
        try await expectListingsConsistent(
            context,
            .workingSet,
            from: .initialPageSortedByName,
            stable: everything,
            pageSize: 5,
            count: 2,
            minimumWrites: 20
        ) { index in
            if let previous = churn.withLock({ $0 }) { try await context.delete(previous) }
            let created = try await context.createFile(named: "churn-\(index).txt", in: folder)
            churn.withLock { $0 = created }
        }
    }

    static let concurrentMetadataEdits = ConformanceCheck(
        "LIFE-64",
        .lifecycle,
        "two edits of one item's different metadata fields at once, from one base version, lose neither",
        rule: "Rule 13 (modification loses nothing)",
        clauses: ["R13.11", "R13.1"],
        rationale: "Two devices tag and rank one file at once; a provider that writes back every field it read "
            + "before applying its own silently undoes the other edit, and both devices report success.",
        requires: .writing
    ) { context in
        for round in 0..<8 {
            let item = try await context.createFile(named: "edited-\(round).txt")
            let tags = Data("tag \(round)".utf8)
            let rank = 40 + UInt64(round)
            var tagged = item
            tagged.tagData = tags
            var ranked = item
            ranked.favoriteRank = rank
            try await raceTwoEdits(
                context,
                round: round,
                of: item,
                [(.tagData, tagged, nil), (.favoriteRank, ranked, nil)]
            ) { stored, field in
                field == .tagData ? stored.tagData == tags : stored.favoriteRank == rank
            }
        }
    }

    static let concurrentWriteAndRename = ConformanceCheck(
        "LIFE-65",
        .lifecycle,
        "a content write and a rename of one item at once, from one base version, lose neither",
        rule: "Rule 13 (modification loses nothing)",
        clauses: ["R13.11", "R13.1"],
        rationale: "The user renames a file while its new content uploads; a provider that stores the whole item "
            + "it read before the other call finished brings back the old name or the old bytes.",
        requires: .writing
    ) { context in
        for round in 0..<8 {
            let item = try await context.createFile(named: "draft-\(round).txt", contents: Data("old".utf8))
            let bytes = Data("new content \(round)".utf8)
            var renamed = item
            renamed.filename = "final-\(round).txt"
            try await raceTwoEdits(
                context,
                round: round,
                of: item,
                [(.contents, item, try context.file(containing: bytes)), (.filename, renamed, nil)]
            ) { stored, field in
                if field == .filename { return stored.filename == renamed.filename }
                return (try? await context.fetch(item.itemIdentifier).0) == bytes
            }
        }
    }

    /// Runs the `edits` of `item` (each a changed field, the template carrying it, and content for
    /// a write) at once from the item's base version — under `failOnConflict` from round 4, in
    /// reverse order in odd rounds — and records a finding unless each either failed with a
    /// version conflict (only under `failOnConflict`), returned its field as still pending, or is
    /// kept in the stored item (as `applied` judges).
    static func raceTwoEdits(
        _ context: CheckContext,
        round: Int,
        of item: ItemSnapshot,
        _ edits: [(field: ItemFields, template: ItemSnapshot, contents: URL?)],
        applied: (ItemSnapshot, ItemFields) async -> Bool
    ) async throws {
        let failOnConflict = round >= 4 && context.capabilities.contains(.failOnConflict)
        let options: ModifyItemOptions = failOnConflict ? .failOnConflict : []
        let results = LockedValue<[ItemFields: ItemMutationResult]>([:])
        context.note(
            "edit \(edits.map(\.field)) of \(item.itemIdentifier) at once from one base version"
                + (failOnConflict ? ", failOnConflict" : "")
        )
        let calls: [@Sendable () async throws -> Void] = edits.map { edit in
            { @Sendable in
                let result = try await context.provider.modifyItem(
                    edit.template,
                    baseVersion: item.itemVersion,
                    changedFields: edit.field,
                    contents: edit.contents,
                    options: options,
                    request: Request()
                )
                if let result { results.withLock { $0[edit.field] = result } }
            }
        }
        let outcomes = await context.concurrentOutcomes(of: round % 2 == 0 ? calls : Array(calls.reversed()))
        let allowed: Set<FileProviderError.Code> = failOnConflict ? [.localVersionConflictingWithServer] : []
        let failures = outcomes.compactMap { $0 }
        context.expect(
            failures.allSatisfy { allowed.contains($0) },
            "two concurrent edits of different fields of \(item.itemIdentifier) failed",
            expected: failOnConflict ? "success, or localVersionConflictingWithServer" : "success",
            actual: "\(failures)"
        )
        let stored = try await context.item(item.itemIdentifier)
        for (field, result) in results.withLock({ $0 }) where !result.stillPendingFields.contains(field) {
            context.expect(
                await applied(stored, field),
                "an edit of \(field) made at the same time as another edit of \(item.itemIdentifier) reported success but "
                    + "is lost",
                expected: "the edit kept, returned as still pending, or a version conflict",
                actual: "the stored item does not have it"
            )
        }
    }
}
