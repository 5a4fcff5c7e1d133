import FileProviderKit
import Foundation

/// The LIFE checks of rule 2, *pages are complete and bounded* — listings racing writes (LIFE-62, LIFE-63).
extension LifecycleChecks {
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
}
