import FileProviderHost
import FileProviderKit
import Foundation

/// What each check of the state verifies (after every window of steps, and after the last): the
/// host's replica, a fresh listing and the model agree in every observable property, and what the
/// window wrote reads back.
extension RandomizedRun {
    /// Catches the host up, then checks that its replica equals a fresh listing of the working
    /// set; that no two siblings collide under the domain's name rule; that the listing equals the
    /// model in every field (name, parent, kind, size, child count, dates, tags, favorite rank,
    /// last use, attributes) and that versions moved exactly as the step's changes say; and that
    /// every file the step wrote fetches as the model's bytes. Lookups of items the window changed,
    /// listings of the containers it changed, and one of the run's kept enumerators in turn give
    /// every stored field as the working set's listing does.
    ///
    /// - Returns: what the host's catch-up did.
    @discardableResult
    mutating func checkInvariants() async throws -> SyncSummary? {
        guard let host else { return nil }
        checksMade += 1
        let summary: SyncSummary
        do {
            // The run drives its host from this task alone and stops it only after its last call.
            summary = try await host.synchronizeInCallerTask()
        } catch {
            throw failure("the host could not catch up with the working set", clauses: ["R5.1"], actual: "\(error)")
        }
        let hostReplica = await host.replica
        let listing = try await attempt {
            try await provider.enumerator(for: .workingSet, request: Request()).allItems(suggestedPageSize: 64)
        }
        let snapshots = listing.map { ItemSnapshot($0) }
        var current: [ItemIdentifier: ItemSnapshot] = [:]
        current.reserveCapacity(snapshots.count)
        // Items new or different since the last listing: only they can newly collide, and only
        // they (or the model's changes) can newly differ from the model.
        var changed: [ItemSnapshot] = []
        for snapshot in snapshots {
            current[snapshot.itemIdentifier] = snapshot
            if listed[snapshot.itemIdentifier] != snapshot { changed.append(snapshot) }
        }
        try ensure(
            current.count == snapshots.count,
            "the working set lists an identifier twice",
            clauses: ["R2.1", "R8.2"],
            actual: "\(snapshots.count) items"
        )
        // The listing names each identifier once, so equal counts and every listed item held as
        // listed mean equal sets; only a difference is worth describing.
        if hostReplica.count != snapshots.count || !snapshots.allSatisfy({ hostReplica.item($0.itemIdentifier) == $0 })
        {
            let difference = hostReplica.difference(from: snapshots)
            throw failure(
                "the host's replica, built from changes, differs from a fresh listing",
                clauses: Self.clauses(of: difference, remoteChanges: capabilities.contains(.remoteChanges)),
                actual: "\(difference); the host's catch-up: \(summary)"
            )
        }
        try checkSiblings(of: changed, in: snapshots)
        // An item the step changed in neither the listing nor the model compared equal before.
        var touched = model.touchedInStep
        for snapshot in changed { touched.insert(snapshot.itemIdentifier) }
        var problems: [ModelDiscrepancy] = []
        var childCounts: [ItemIdentifier: Int]?
        // Items are looked up only when compared: copying each costs more than the lookup.
        for identifier in model.items.keys {
            guard let found = current[identifier] else {
                problems.append(
                    ModelDiscrepancy(
                        "\(identifier) \"\(model.items[identifier]?.name ?? "")\" is missing",
                        ["R8.2", "R16.1"]
                    )
                )
                continue
            }
            if stepEffects.versionsMayChange || found.childItemCount != nil || touched.contains(identifier),
                let item = model.items[identifier]
            {
                if found.childItemCount != nil, childCounts == nil { childCounts = model.childCounts() }
                let before = problems.count
                compare(found, with: item, childCounts: childCounts ?? [:], into: &problems)
                if let refused = stepEffects.refused[identifier] {
                    for index in before..<problems.count { problems[index].clauses += refused.sorted() }
                }
            }
        }
        if current.count != model.items.count {
            for (identifier, snapshot) in current where model.items[identifier] == nil {
                problems.append(
                    ModelDiscrepancy("\(identifier) \(ItemDigest(snapshot)) should not exist", ["R14.3", "R16.1"])
                )
            }
        }
        // In identifier order, so that one failure reads the same whatever order the model's
        // dictionary iterates in.
        let shown = problems.sorted { $0.text < $1.text }.prefix(8)
        try ensure(
            problems.isEmpty,
            "the working set differs from the model",
            clauses: ModelDiscrepancy.clauses(of: shown),
            actual: shown.map(\.text).joined(separator: "; ")
        )
        for identifier in stepEffects.wrote.union(stepEffects.verify).sorted()
        where model.items[identifier]?.isFolder == false {
            try await checkContent(of: identifier, listedAs: current[identifier])
        }
        try await checkMembership(snapshots, current: current, changed: changed)
        try await checkLookups(of: changed)
        if !kept.isEmpty {
            // Each check also uses one kept enumerator, in turn, in a way that changes from turn to turn.
            let (which, how) = (checksMade % kept.count, checksMade / kept.count)
            let operation = currentOperation
            currentOperation = .useKept(which: which, how: how)
            try await useKeptEnumerator(which, how: how)
            currentOperation = operation
        }
        remember(current, changed: changed)
        return summary
    }

    /// Looks up a few of the items the window changed (up to four, drawn by the check's number)
    /// and checks that each lookup gives every stored field as the working set's listing does.
    private func checkLookups(of changed: [ItemSnapshot]) async throws {
        guard !changed.isEmpty else { return }
        let start = checksMade % changed.count
        for snapshot in (changed[start...] + changed[..<start]).prefix(4) {
            let found = try await attempt {
                ItemSnapshot(try await provider.item(for: snapshot.itemIdentifier, request: Request()))
            }
            try expectSameItems(
                [found.itemIdentifier: found],
                count: 1,
                as: [snapshot.itemIdentifier: snapshot],
                "item(for:) of \(snapshot.itemIdentifier) gives other fields than the working set's listing",
                clauses: ["R13.1", "R13.2"]
            )
        }
        // The folder a changed item is in now: a lookup that counts its children counts them all.
        let parent = changed[start].parentItemIdentifier
        guard !parent.isReservedContainer, model.items[parent]?.isFolder == true else { return }
        let folder = try await attempt { try await provider.item(for: parent, request: Request()) }
        if let count = folder.childItemCount {
            try ensure(
                count == model.children(of: parent).count,
                "item(for:) of the folder \(parent) counts other children than it holds",
                clauses: ["R10.5"],
                expected: "\(model.children(of: parent).count)",
                actual: "\(count)"
            )
        }
    }

    /// Checks membership both ways for every container the step changed (each parent an item it
    /// changed had before or has now, the trash included): each item the container lists carries it
    /// as its parent, and each item of the working set whose parent it is appears in its listing,
    /// with every stored field as the working set's listing gives it. Every other check lists by
    /// date rather than by name.
    private mutating func checkMembership(
        _ snapshots: [ItemSnapshot],
        current: [ItemIdentifier: ItemSnapshot],
        changed: [ItemSnapshot]
    ) async throws {
        var containers = stepEffects.containers
        for snapshot in changed {
            containers.insert(snapshot.parentItemIdentifier)
            if let before = listed[snapshot.itemIdentifier]?.parentItemIdentifier { containers.insert(before) }
        }
        if !capabilities.contains(.trash) { containers.remove(.trashContainer) }
        containers.remove(.workingSet)
        guard !containers.isEmpty else { return }
        var members: [ItemIdentifier: Set<ItemIdentifier>] = [:]
        for snapshot in snapshots where containers.contains(snapshot.parentItemIdentifier) {
            members[snapshot.parentItemIdentifier, default: []].insert(snapshot.itemIdentifier)
        }
        let live = Set(snapshots.map(\.itemIdentifier))
        // Pages of 1 and 2 resume after almost every name, where an order that disagrees with the
        // keyset position loses a child; pages of 16 list a model folder in one call.
        let pageSize = [1, 2, 16][step % 3]
        let byDate = checksMade % 2 == 1
        let start: Page = byDate ? .initialPageSortedByDate : .initialPageSortedByName
        let order = byDate ? "date" : "name"
        for container in containers.sorted() {
            // A container that no longer exists (a folder the step deleted) has no listing to check.
            guard container.isReservedContainer || (live.contains(container) && model.isContainer(container)) else {
                continue
            }
            let listing = try await attempt {
                try await provider.enumerator(for: container, request: Request())
                    .allItems(startingAt: start, suggestedPageSize: pageSize)
            }
            let strangers = listing.filter { $0.parentItemIdentifier != container }
            let trashClauses = container == .trashContainer ? ["R14.5"] : []
            try ensure(
                strangers.isEmpty,
                "the listing of \(container) holds items whose parent is another container",
                clauses: ["R2.6"] + trashClauses,
                expected: "every item listed carries \(container) as its parent",
                actual: strangers.map { "\($0.itemIdentifier) (parent \($0.parentItemIdentifier))" }.joined(
                    separator: ", "
                )
            )
            let listedHere = Set(listing.map(\.itemIdentifier))
            let expected = members[container, default: []]
            try ensure(
                listedHere == expected && listing.count == expected.count,
                "the \(order)-sorted listing of \(container) and the working set's parents disagree",
                clauses: ["R2.1", "R2.6"] + trashClauses,
                expected: "\(expected.count) items whose parent is \(container)",
                actual:
                    "\(listing.count) items; not listed: \(expected.subtracting(listedHere).map(\.rawValue).sorted()), "
                    + "listed but not its children: \(listedHere.subtracting(expected).map(\.rawValue).sorted())"
            )
            // Checked after membership: an item listed that should not be is that, before it is out of order.
            let names = listing.map(\.filename)
            try ensure(
                byDate || Self.isInNameOrder(names),
                "the name-sorted listing of \(container) with pages of \(pageSize) is not in the contract's name order",
                clauses: ["R2.3"],
                actual: names.debugDescription
            )
            try ensure(
                !byDate || Self.isInDateOrder(listing),
                "the date-sorted listing of \(container) with pages of \(pageSize) is not in modification-date order",
                clauses: ["R2.4"],
                actual: listing.map { "\($0.filename)@\($0.contentModificationDate?.timeIntervalSince1970 ?? .nan)" }
                    .joined(separator: ", ")
            )
            try expectSameItems(
                Self.byIdentifier(listing),
                count: listing.count,
                as: current.filter { expected.contains($0.key) },
                "the \(order)-sorted listing of \(container) gives other fields than the working set's listing",
                clauses: ["R13.1", "R13.2"]
            )
        }
    }

    /// Whether the dates of `items` ascend or descend throughout (ties allowed, items without a
    /// date left out): the contract's date order in either direction. Linear: it runs on every
    /// date-sorted listing a state check makes.
    static func isInDateOrder(_ items: [any FileProviderItem]) -> Bool {
        let dates = items.compactMap(\.contentModificationDate)
        let pairs = zip(dates, dates.dropFirst())
        return pairs.allSatisfy { $0 <= $1 } || pairs.allSatisfy { $0 >= $1 }
    }

    /// Whether `names` are in the contract's name order, on the names or on their lowercased form
    /// with the name breaking ties. Equal names may follow each other: the trash may hold several
    /// items of one name.
    static func isInNameOrder(_ names: [String]) -> Bool {
        let keys = names.map { FilenameSortKey($0) }
        if zip(keys, keys.dropFirst()).allSatisfy({ !($1 < $0) }) { return true }
        let folded = names.map { FilenameSortKey($0.lowercased()) }
        for index in folded.indices.dropFirst() {
            let (before, after) = (folded[index - 1], folded[index])
            let inOrder = before == after ? !(keys[index] < keys[index - 1]) : before < after
            if !inOrder { return false }
        }
        return true
    }

    /// Checks that no item new, renamed or moved since the last listing collides with a sibling
    /// under the domain's case rule, names compared as Unicode canonical equivalents (an item that
    /// kept its name and parent can newly collide only with one that did not). The trash is the
    /// provider's to arrange.
    private func checkSiblings(of changed: [ItemSnapshot], in snapshots: [ItemSnapshot]) throws {
        var parents: Set<ItemIdentifier> = []
        for snapshot in changed where snapshot.parentItemIdentifier != .trashContainer {
            let before = listed[snapshot.itemIdentifier]
            if before?.parentItemIdentifier != snapshot.parentItemIdentifier || before?.filename != snapshot.filename {
                parents.insert(snapshot.parentItemIdentifier)
            }
        }
        guard !parents.isEmpty else { return }
        struct Sibling: Hashable {
            var parent: ItemIdentifier
            var key: String
        }
        var seen: [Sibling: ItemIdentifier] = [:]
        for snapshot in snapshots where parents.contains(snapshot.parentItemIdentifier) {
            let sibling = Sibling(
                parent: snapshot.parentItemIdentifier,
                key: caseRule.collisionKey(for: snapshot.filename)
            )
            if let other = seen.updateValue(snapshot.itemIdentifier, forKey: sibling) {
                throw failure(
                    "two children of \(snapshot.parentItemIdentifier) collide under the domain's name rule",
                    clauses: ["R11.2", "R11.3"],
                    actual: "\(other) and \(snapshot.itemIdentifier) \"\(snapshot.filename)\""
                )
            }
        }
    }

    /// The clauses a metadata field that differs from the model violates: a changed field was not
    /// applied, or one not in `changedFields` was.
    static let fieldClauses = ["R13.1", "R13.2"]

    /// The clauses a host replica that differs from a fresh listing violates: an item it lacks was
    /// not reported, an item it still holds was deleted without a report, an item it holds
    /// otherwise missed an update (a move or trashing when the parent differs).
    static func clauses(of difference: ReplicaDifference, remoteChanges: Bool) -> [String] {
        var clauses: [String] = []
        if !difference.missing.isEmpty { clauses.append("R6.1") }
        if !difference.unexpected.isEmpty { clauses.append("R6.5") }
        if difference.mismatched.contains(where: { $0.held.parentItemIdentifier != $0.listed.parentItemIdentifier }) {
            clauses += ["R6.3", "R6.4"]
        }
        if difference.mismatched.contains(where: { $0.held.parentItemIdentifier == $0.listed.parentItemIdentifier }) {
            clauses += ["R6.2", "R6.7"]
        }
        if remoteChanges { clauses.append("R6.8") }
        return clauses
    }

    /// Compares one listed item with the model's, and its versions and dates with the last
    /// listing's in the light of what the step did. `childCounts` holds the model's count of
    /// children of every folder that has any.
    private func compare(
        _ found: ItemSnapshot,
        with item: ModelState.Item,
        childCounts: [ItemIdentifier: Int],
        into problems: inout [ModelDiscrepancy]
    ) {
        let identifier = found.itemIdentifier
        func differs(_ field: String, _ actual: Any?, _ expected: Any?, _ clauses: [String]) {
            // Dates go through FindingValue, which shows a NaN date a provider returns instead of trapping.
            func shown(_ value: Any?) -> String {
                guard let value else { return "nil" }
                return (value as? Date).map(FindingValue.describe) ?? "\(value)"
            }
            problems.append(
                ModelDiscrepancy(
                    "\(identifier) \"\(item.name)\": \(field) is \(shown(actual)), expected \(shown(expected))",
                    clauses
                )
            )
        }
        if found.parentItemIdentifier != item.parent {
            differs("parent", found.parentItemIdentifier, item.parent, ["R13.1", "R14.1"])
        }
        if !found.filename.unicodeScalars.elementsEqual(item.name.unicodeScalars) {
            differs("filename", found.filename, item.name, ["R11.4"])
        }
        if found.contentType.isDirectory != item.isFolder {
            differs("isFolder", found.contentType.isDirectory, item.isFolder, ["R12.1"])
        }
        if found.tagData != item.tagData { differs("tagData", found.tagData, item.tagData, Self.fieldClauses) }
        if found.favoriteRank != item.favoriteRank {
            differs("favoriteRank", found.favoriteRank, item.favoriteRank, Self.fieldClauses)
        }
        if found.lastUsedDate != item.lastUsedDate {
            differs("lastUsedDate", found.lastUsedDate, item.lastUsedDate, Self.fieldClauses)
        }
        if let edited = item.editedTypeAndCreator, found.typeAndCreator != edited {
            differs("typeAndCreator", found.typeAndCreator, edited, Self.fieldClauses)
        }
        if let edited = item.editedFlags, found.fileSystemFlags != edited {
            differs("fileSystemFlags", found.fileSystemFlags.rawValue, edited.rawValue, Self.fieldClauses)
        }
        if found.extendedAttributes != item.extendedAttributes {
            differs(
                "extendedAttributes",
                found.extendedAttributes.keys.sorted(),
                item.extendedAttributes.keys.sorted(),
                Self.fieldClauses
            )
        }
        let previous = listed[identifier]
        if let previous, !stepEffects.remotelyChanged.contains(identifier), !remotelyCreated.contains(identifier) {
            // No local operation names the content type, the flags, the type and creator or a link's
            // target: renames to another extension or to a dot-name, moves, writes and trashing keep
            // them on an item the provider made.
            for field in StoredFields.kind {
                if field.field == .typeAndCreator, item.editedTypeAndCreator != nil { continue }
                if field.field == .fileSystemFlags, item.editedFlags != nil { continue }
                let (then, now) = (field.value(previous), field.value(found))
                if then != now { differs("\(field.name) (no operation names it)", now, then, ["R13.2"]) }
            }
        }
        if let expected = item.creationDate {
            if found.creationDate != expected {
                differs("creationDate", found.creationDate, expected, Self.fieldClauses)
            }
        } else if let previous, found.creationDate != previous.creationDate {
            differs("creationDate (nothing set it)", found.creationDate, previous.creationDate, ["R13.2"])
        }
        if item.isFolder {
            if let count = found.childItemCount {
                let children = childCounts[identifier, default: 0]
                if count != children { differs("childItemCount", count, children, ["R10.5"]) }
            }
        } else {
            if let size = found.documentSize, size != Int64(item.content.count) {
                differs("documentSize", size, item.content.count, ["R10.3"])
            }
            compareModificationDate(found, with: item, previous: previous, differs)
        }
        guard let previous, let before = model.itemBeforeStep(identifier), !stepEffects.versionsMayChange else {
            return
        }
        compareVersions(found, previous: previous, before: before, after: item, differs)
    }

    private func compareModificationDate(
        _ found: ItemSnapshot,
        with item: ModelState.Item,
        previous: ItemSnapshot?,
        _ differs: (String, Any?, Any?, [String]) -> Void
    ) {
        let identifier = found.itemIdentifier
        if let expected = item.modificationDate {
            // Written the bytes it held, the file may take the time of the write, as for new
            // content: after a date set in the provider's future, that time lies before it.
            let movedForward =
                item.modificationDateMayMoveForward
                && found.contentModificationDate.map { $0 > expected || expected >= ModelState.providersFuture } == true
            if found.contentModificationDate != expected, !movedForward {
                differs("contentModificationDate", found.contentModificationDate, expected, ["R10.4", "R13.1"])
            }
            return
        }
        guard let previous, let then = previous.contentModificationDate else { return }
        guard stepEffects.wrote.contains(identifier) else {
            if found.contentModificationDate != then {
                differs("contentModificationDate (no write)", found.contentModificationDate, then, ["R10.4", "R13.2"])
            }
            return
        }
        let before = model.itemBeforeStep(identifier)
        // A date set explicitly may lie in the provider's future (after 2038, after 2106): new
        // content then takes the time of the write, which need only differ from it.
        if let explicit = before?.modificationDate {
            if before?.content != item.content, found.contentModificationDate == explicit {
                differs(
                    "contentModificationDate after new content (kept the date set before)",
                    found.contentModificationDate,
                    "the time of the write, not \(explicit)",
                    ["R10.4"]
                )
            }
            return
        }
        if found.contentModificationDate.map({ $0 >= then }) != true {
            differs(
                "contentModificationDate after a write (went back)",
                found.contentModificationDate,
                "at least \(then)",
                ["R10.4"]
            )
        }
    }

    private func compareVersions(
        _ found: ItemSnapshot,
        previous: ItemSnapshot,
        before: ModelState.Item,
        after item: ModelState.Item,
        _ differs: (String, Any?, Any?, [String]) -> Void
    ) {
        let identifier = found.itemIdentifier
        let version = found.itemVersion
        let old = previous.itemVersion
        let metadataChanged =
            item.metadataDiffers(from: before) || found.typeAndCreator != previous.typeAndCreator
            || found.fileSystemFlags != previous.fileSystemFlags
        if metadataChanged, version.metadataVersion == old.metadataVersion {
            differs("metadataVersion after a metadata change (unchanged)", version, "another than \(old)", ["R10.2"])
        }
        guard !item.isFolder else { return }
        let wrote = stepEffects.wrote.contains(identifier)
        let contentChanged = before.content != item.content
        if contentChanged, version.contentVersion == old.contentVersion {
            differs("contentVersion after new content (unchanged)", version, "another than \(old)", ["R10.1"])
        }
        if !wrote, version.contentVersion != old.contentVersion {
            differs("contentVersion though no write touched the content", version, old, ["R10.1", "R10.2"])
        }
        if !wrote, !metadataChanged, !stepEffects.targeted.contains(identifier),
            !stepEffects.remotelyChanged.contains(identifier), version != old
        {
            differs("versions though nothing changed the item", version, old, ["R7.2"])
        }
    }

    /// Remembers the listing as the base of the next step's comparisons, and of the files that
    /// changed their content versions with their bytes, and their previous versions for stale
    /// writes.
    private mutating func remember(_ current: [ItemIdentifier: ItemSnapshot], changed: [ItemSnapshot]) {
        for snapshot in changed where !snapshot.contentType.isDirectory {
            let identifier = snapshot.itemIdentifier
            if let old = listed[identifier], old.itemVersion != snapshot.itemVersion {
                previousVersions[identifier] = old.itemVersion
                if let before = model.itemBeforeStep(identifier), let now = model.items[identifier],
                    before.content != now.content || before.name != now.name || before.parent != now.parent
                {
                    staleVersions[identifier] = old.itemVersion
                }
            }
            guard let content = model.items[identifier]?.content,
                contentHistory[identifier]?.last?.version.contentVersion != snapshot.itemVersion.contentVersion
            else { continue }
            contentHistory[identifier, default: []].append((snapshot.itemVersion, content))
            if contentHistory[identifier, default: []].count > 3 { contentHistory[identifier]?.removeFirst() }
        }
        if checksMade % 4 == 0 {
            for identifier in contentHistory.keys where current[identifier] == nil {
                contentHistory[identifier] = nil
                previousVersions[identifier] = nil
                staleVersions[identifier] = nil
            }
        }
        listed = current
    }

    /// The bytes a fetch of `identifier` serves now, and the item it returns; its file is removed.
    ///
    /// - Throws: a ``Failure`` when the fetch or the read fails.
    func fetched(_ identifier: ItemIdentifier) async throws -> (data: Data, item: any FileProviderItem) {
        let provider = self.provider
        let fetched = try await attempt {
            try await provider.fetchContents(for: identifier, version: nil, request: Request())
        }
        let path = fetched.url.path
        defer { ContentFile.remove(atPath: path) }
        return (try await attempt { try ContentFile.read(atPath: path) }, fetched.item)
    }

    /// The bytes a fetch of `identifier` serves now (see ``fetched(_:)``).
    func fetchedBytes(of identifier: ItemIdentifier) async throws -> Data {
        try await fetched(identifier).data
    }

    /// Fetches a file and checks it holds the model's bytes, and that the fetched item is the
    /// listed one, field by field.
    mutating func checkContent(of identifier: ItemIdentifier, listedAs snapshot: ItemSnapshot? = nil) async throws {
        guard let expected = model.items[identifier] else { return }
        let fetched = try await fetched(identifier)
        let data = fetched.data
        try ensure(
            data == expected.content,
            "the content of \(identifier) \"\(expected.name)\" differs from what was written",
            clauses: ["API.1"],
            expected: "\(expected.content.count) bytes",
            actual: "\(data.count) bytes" + (data.count == expected.content.count ? " (other bytes)" : "")
        )
        if let snapshot {
            try ensure(
                fetched.item.itemVersion.contentVersion == snapshot.itemVersion.contentVersion,
                "fetchContents of \(identifier) returned an item at another content version than listed",
                clauses: ["R10.1"],
                expected: "\(snapshot.itemVersion)",
                actual: "\(fetched.item.itemVersion)"
            )
            try expectSameItems(
                [identifier: ItemSnapshot(fetched.item)],
                count: 1,
                as: [identifier: snapshot],
                "fetchContents of \(identifier) returned an item with other fields than listed",
                clauses: ["R13.1", "R13.2"]
            )
        }
    }

    /// Fetches an older version of a file: its bytes then, or versionNoLongerAvailable — never the
    /// latest bytes.
    mutating func fetchOlder(_ item: Int, which: Int) async throws {
        let candidates = model.liveItems(filesOnly: true).filter { (contentHistory[$0]?.count ?? 0) >= 2 }
        guard let identifier = ModelState.pick(item, from: candidates), let history = contentHistory[identifier],
            let current = model.items[identifier]
        else { return }
        let older = history[which % (history.count - 1)]
        resolve("fetchContents of \(identifier) \"\(current.name)\" at its older version \(older.version)")
        try await allowingFailure(
            [.versionNoLongerAvailable],
            "fetching an older version of \(identifier)",
            clauses: ["API.3"],
            expected: "versionNoLongerAvailable or the old bytes"
        ) {
            let fetched = try await provider.fetchContents(for: identifier, version: older.version, request: Request())
            defer { ContentFile.remove(fetched.url) }
            let data = try await attempt { try ContentFile.read(fetched.url) }
            try ensure(
                data == older.content,
                "fetching an older version of \(identifier) gave "
                    + (data == current.content ? "the latest bytes" : "bytes of no version"),
                clauses: ["API.3"],
                expected: "the \(older.content.count) bytes of \(older.version), or versionNoLongerAvailable",
                actual: "\(data.count) bytes"
            )
            try ensure(
                fetched.item.itemVersion.contentVersion == older.version.contentVersion,
                "fetching an older version of \(identifier) returned an item at another version",
                clauses: ["API.3"],
                expected: "\(older.version)",
                actual: "\(fetched.item.itemVersion)"
            )
        }
    }

    /// Replays the changes since a saved anchor over the replica as it was then, batch by batch
    /// with `batchSize`, deleting a folder's descendants with it as the system does, and checks
    /// the result equals `now` (by default the last listing). An expired anchor is a
    /// legal answer, and the only one for an anchor from before a store reset.
    mutating func replay(
        _ saved: SavedAnchor,
        batchSize: Int,
        now: [ItemIdentifier: ItemDigest]? = nil
    ) async throws {
        var state = saved.replica
        do {
            var current = saved.anchor
            var finished = false
            for _ in 0..<100_000 where !finished {
                let batch = try await provider.enumerator(for: .workingSet, request: Request())
                    .changeBatch(from: current, suggestedBatchSize: batchSize)
                try ensure(
                    saved.epoch == epoch,
                    "the changes since an anchor from before the store reset were handed out",
                    clauses: ["R3.2"],
                    expected: "syncAnchorExpired",
                    actual: "\(batch.updatedItems.count) updates, \(batch.deletedItemIdentifiers.count) deletions"
                )
                for item in batch.updatedItems {
                    state[item.itemIdentifier] = ItemDigest(item)
                }
                let parents = state.mapValues(\.parent)
                for identifier in CheckContext.selfAndDescendants(of: batch.deletedItemIdentifiers, parents: parents) {
                    state[identifier] = nil
                }
                finished = !batch.moreComing
                current = batch.anchor
            }
            try ensure(
                finished,
                "replaying changes from an older anchor did not end after 100,000 batches",
                clauses: ["R5.1"]
            )
        } catch let error as FileProviderError where error.code == .syncAnchorExpired {
            return
        } catch let failure as Failure {
            throw failure
        } catch {
            throw failure("replaying changes from an older anchor failed", clauses: ["R6.9"], actual: "\(error)")
        }
        let differences = ItemDigest.differences(state, now ?? replica)
        try ensure(
            differences.isEmpty,
            "replaying changes from an older anchor does not converge",
            clauses: ["R6.9"],
            actual: differences.joined(separator: "; ")
        )
    }
}
