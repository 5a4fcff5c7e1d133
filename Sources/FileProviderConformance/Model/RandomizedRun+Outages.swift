import FileProviderKit
import Foundation

/// Steps that happen to the server rather than through the provider: another client's changes,
/// an unreachable server, a store reset, and a long backlog the host catches up on at once.
extension RandomizedRun {
    mutating func applyRemote(_ operation: ModelOperation) async throws {
        guard let hooks = remote else { return }
        switch operation {
        case .remoteCreate(let parent, let content, let isFolder):
            guard model.items.count < Self.itemLimit, let target = ModelState.pick(parent, from: model.folders())
            else { return }
            remoteCounter += 1
            let name = "remote-\(remoteCounter)"
            let data = isFolder ? nil : ModelState.content(content)
            resolve("remote: create \"\(name)\" in \(target) (\(data.map { "\($0.count) bytes" } ?? "folder"))")
            let identifier = try await attempt { try await hooks.createItem(named: name, in: target, contents: data) }
            model.add(
                identifier,
                ModelState.Item(parent: target, name: name, isFolder: isFolder, content: data ?? Data())
            )
            stepEffects.wrote.insert(identifier)
            remotelyCreated.insert(identifier)
        case .remoteWrite(let item, let content):
            guard let identifier = ModelState.pick(item, from: model.liveItems(filesOnly: true)) else { return }
            let data = ModelState.content(content)
            resolve("remote: write \(data.count) bytes to \(identifier)")
            try await attempt { try await hooks.replaceContents(of: identifier, with: data) }
            model.update(identifier) { item in
                // As for a local write without a date: the bytes the file already holds are no new
                // content (R10.1), so an explicit date set before stays, or moves forward for a
                // provider that takes them as new.
                if data != item.content {
                    item.modificationDate = nil
                    item.modificationDateMayMoveForward = false
                } else if item.modificationDate != nil {
                    item.modificationDateMayMoveForward = true
                }
                item.content = data
            }
            stepEffects.wrote.insert(identifier)
            stepEffects.remotelyChanged.insert(identifier)
        case .remoteRename(let item):
            guard let identifier = ModelState.pick(item, from: model.liveItems()) else { return }
            remoteCounter += 1
            let name = "remote-renamed-\(remoteCounter)"
            resolve("remote: rename \(identifier) to \"\(name)\"")
            try await attempt { try await hooks.rename(identifier, to: name) }
            model.update(identifier) { $0.name = name }
            stepEffects.remotelyChanged.insert(identifier)
        case .remoteMove(let item, let parent):
            guard let identifier = ModelState.pick(item, from: model.liveItems()),
                let target = ModelState.pick(parent, from: model.folders()), let current = model.items[identifier],
                current.parent != target, !model.isSelfOrAncestor(identifier, of: target),
                !model.collides(current.name, in: target, excluding: identifier)
            else { return }
            resolve("remote: move \(identifier) into \(target)")
            try await attempt { try await hooks.move(identifier, to: target) }
            model.update(identifier) { $0.parent = target }
            stepEffects.remotelyChanged.insert(identifier)
        case .remoteDelete(let item):
            guard let identifier = ModelState.pick(item, from: model.liveItems()) else { return }
            resolve("remote: delete \(identifier)")
            try await attempt { try await hooks.delete(identifier) }
            model.removeSubtree(identifier)
        case .remoteTrash(let item):
            // Whether a name may collide at the top of the trash is the server's choice: the model
            // trashes remotely only an item whose name is not there yet.
            guard capabilities.contains(.trash), let identifier = ModelState.pick(item, from: model.liveItems()),
                let current = model.items[identifier],
                !model.collides(current.name, in: .trashContainer, excluding: identifier)
            else { return }
            resolve("remote: trash \(identifier)")
            try await attempt { try await hooks.trash(identifier) }
            model.update(identifier) { $0.parent = .trashContainer }
            stepEffects.remotelyChanged.insert(identifier)
        case .remoteRestore(let item, let parent):
            guard capabilities.contains(.trash), let identifier = ModelState.pick(item, from: model.trashed()),
                let target = ModelState.pick(parent, from: model.folders()), let current = model.items[identifier],
                !model.collides(current.name, in: target, excluding: identifier)
            else { return }
            resolve("remote: restore \(identifier) into \(target)")
            try await attempt { try await hooks.restore(identifier, to: target) }
            model.update(identifier) { $0.parent = target }
            stepEffects.remotelyChanged.insert(identifier)
        default:
            return
        }
    }

    /// A window in which the server refuses every call for a reason the host parks on.
    enum Outage {
        /// The server cannot be reached (``ProviderFixture/setReachable``).
        case unreachable
        /// The account's credentials are invalid (``ProviderFixture/setAuthenticated``).
        case signedOut

        /// The code every call must fail with.
        var code: FileProviderError.Code {
            switch self {
            case .unreachable: .serverUnreachable
            case .signedOut: .notAuthenticated
            }
        }

        /// The clause the window checks.
        var clause: String {
            switch self {
            case .unreachable: "R16.5"
            case .signedOut: "R16.9"
            }
        }

        /// The window, as a finding names it.
        var situation: String {
            switch self {
            case .unreachable: "the server is unreachable"
            case .signedOut: "the credentials are invalid"
            }
        }

        /// The window's end, as a finding names it.
        var ending: String {
            switch self {
            case .unreachable: "the server came back"
            case .signedOut: "the credentials became valid again"
            }
        }
    }

    /// Makes the server refuse `calls` calls for `outage`'s reason, each of which must fail with
    /// its code and change nothing; afterwards the host's anchor still works.
    mutating func outageWindow(calls: Int, _ outage: Outage) async throws {
        let setAvailable = outage == .unreachable ? setReachable : setAuthenticated
        guard let setAvailable, let anchor = await host?.replica.anchor else { return }
        let provider = self.provider
        let items = model.liveItems()
        let files = model.liveItems(filesOnly: true)
        var labels: [String] = []
        var attempts: [(label: String, call: @Sendable () async throws -> Void)] = []
        let warmed = Set(
            (0..<calls).flatMap { [ModelState.pick($0 + step, from: items), ModelState.pick($0 + step, from: files)] }
                .compactMap { $0 }
        )
        for index in 0..<calls {
            let item = ModelState.pick(index + step, from: items) ?? .rootContainer
            let file = ModelState.pick(index + step, from: files)
            switch (index + step) % 7 {
            case 0:
                attempts.append(("item(for: \(item))", { _ = try await provider.item(for: item, request: Request()) }))
            case 1:
                let template = ItemSnapshot(
                    itemIdentifier: ItemIdentifier("model-offline-\(step)"),
                    parentItemIdentifier: .rootContainer,
                    filename: "offline-\(step)",
                    contentType: .folder
                )
                attempts.append(
                    (
                        "createItem \"offline-\(step)\"",
                        {
                            _ = try await provider.createItem(
                                basedOn: template,
                                fields: [.filename, .parentItemIdentifier],
                                contents: nil,
                                options: [],
                                request: Request()
                            )
                        }
                    )
                )
            case 2:
                guard let current = model.items[item], let version = listed[item]?.itemVersion else { continue }
                let template = ItemSnapshot(
                    itemIdentifier: item,
                    parentItemIdentifier: current.parent,
                    filename: current.name + " offline",
                    contentType: current.isFolder ? .folder : .forFilename(current.name),
                    itemVersion: version
                )
                attempts.append(
                    (
                        "rename \(item)",
                        {
                            _ = try await provider.modifyItem(
                                template,
                                baseVersion: version,
                                changedFields: .filename,
                                contents: nil,
                                options: [],
                                request: Request()
                            )
                        }
                    )
                )
            case 3:
                guard let file, let version = listed[file]?.itemVersion else { continue }
                attempts.append(
                    (
                        "deleteItem \(file)",
                        {
                            try await provider.deleteItem(
                                identifier: file,
                                baseVersion: version,
                                options: [],
                                request: Request()
                            )
                        }
                    )
                )
            case 4:
                attempts.append(
                    (
                        "list the root",
                        { _ = try await provider.enumerator(for: .rootContainer, request: Request()).allItems() }
                    )
                )
            case 5:
                attempts.append(
                    (
                        "changes since the host's anchor",
                        {
                            _ = try await provider.enumerator(for: .workingSet, request: Request()).changes(
                                since: anchor
                            )
                        }
                    )
                )
            default:
                guard let file else { continue }
                attempts.append(
                    (
                        "fetchContents of \(file)",
                        {
                            let fetched = try await provider.fetchContents(for: file, version: nil, request: Request())
                            ContentFile.remove(fetched.url)
                        }
                    )
                )
            }
            labels.append(attempts.last?.label ?? "")
        }
        let calls = labels.joined(separator: ", ")
        resolve("look up and fetch, then \(outage.situation) for: " + calls)
        // Lookups and fetches just before the outage fill any cache the provider keeps: a cached
        // answer during the outage is no answer from the server.
        for item in warmed.sorted() {
            let found = try await attempt { try await provider.item(for: item, request: Request()) }
            if !found.contentType.isDirectory, found.symlinkTargetPath == nil {
                let fetched = try await attempt {
                    try await provider.fetchContents(for: item, version: nil, request: Request())
                }
                ContentFile.remove(fetched.url)
            }
        }
        try await attempt { try await setAvailable(false) }
        do {
            for (label, call) in attempts {
                try await expectFailure(
                    outage.code,
                    "\(label) while \(outage.situation)",
                    clauses: [outage.clause],
                    call
                )
            }
        } catch {
            try? await setAvailable(true)
            throw error
        }
        try await attempt { try await setAvailable(true) }
        do {
            _ = try await provider.enumerator(for: .workingSet, request: Request()).changes(since: anchor)
        } catch {
            throw failure(
                "the host's anchor no longer works after \(outage.ending)",
                clauses: [outage.clause],
                actual: "\(error)"
            )
        }
    }

    /// Resets the store's epoch: the host's anchor and a page from before must fail with the
    /// expired code, the host relists and converges, and saved anchors must expire.
    mutating func resetStoreEpoch() async throws {
        guard let resetStore, let anchor = await host?.replica.anchor else { return }
        resolve("reset the store's epoch")
        let provider = self.provider
        let page = try await attempt { () -> Page? in
            var pages = try await provider.enumerator(for: .workingSet, request: Request())
                .pages(suggestedPageSize: 1).makeAsyncIterator()
            return try await pages.next()?.nextPage
        }
        try await attempt { try await resetStore() }
        epoch += 1
        stepEffects.versionsMayChange = true
        try await expectFailure(
            .syncAnchorExpired,
            "the changes since the host's anchor from before the reset",
            clauses: ["R3.2"]
        ) {
            _ = try await provider.enumerator(for: .workingSet, request: Request())
                .changeBatch(from: anchor, suggestedBatchSize: 5)
        }
        if let page {
            try await expectFailure(
                .pageExpired,
                "the rest of a listing from a page from before the reset",
                clauses: ["R3.2"]
            ) {
                _ = try await provider.enumerator(for: .workingSet, request: Request())
                    .allItems(startingAt: page, suggestedPageSize: 1)
            }
        }
        let summary = try await checkInvariants()
        try ensure(
            (summary?.listingCount ?? 0) >= 1,
            "the host did not relist the working set after the store reset",
            clauses: ["R3.4"],
            actual: summary.map { "\($0)" }
        )
    }

    /// Makes `count` writes drawn from `seed` without any catch-up, then catches up once from the
    /// anchor before them in batches of `batchSize`: the result must equal a fresh listing.
    ///
    /// The catch-up deletes a folder's descendants with it, as the host does, so a move out of a
    /// folder reported after the folder's deletion loses the moved item's contents (R6.12). The
    /// host then starts over from a listing.
    mutating func backlog(count: Int, seed: Int, batchSize: Int) async throws {
        guard let anchor = await host?.replica.anchor else { return }
        let start = replica
        var random = SeededRandomNumberGenerator(seed: UInt64(seed))
        let kinds = ModelOperation.commonKinds(capabilities)
        inBacklog = true
        defer { inBacklog = false }
        var made = 0
        for _ in 0..<count {
            guard let mutation = try await mutation(for: ModelOperation.draw(kinds, &random)) else { continue }
            made += 1
            let index = made
            resolve("write \(index) of a backlog: \(mutation.description)")
            try await perform(mutation)
        }
        let total = made
        resolve("a backlog of \(total) writes, then one catch-up in batches of \(batchSize)")
        let listing = try await attempt {
            try await provider.enumerator(for: .workingSet, request: Request()).allItems(suggestedPageSize: 64)
        }
        try await replay(
            SavedAnchor(anchor: anchor, replica: start, epoch: epoch),
            batchSize: batchSize,
            now: ItemDigest.map(listing)
        )
        await host?.stop()
        try startHost()
    }
}
