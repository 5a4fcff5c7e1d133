import FileProviderHost
import FileProviderKit
import Foundation

/// Runs a sequence of `ModelOperation`s against a fresh provider and the `ModelState` side by
/// side, checking after every step that the replica a `FileProviderHost.ProviderHost` builds only
/// from changes equals a fresh listing of the working set, and that the listing equals the model.
/// The host's contract monitor is fatal: any observer-contract violation fails the run.
struct RandomizedRun {
    /// Why a run failed, and at which step.
    struct Failure: Error {
        var step: Int
        var operation: String
        var message: String
        var expected: String?
        var actual: String?
    }

    /// The most items the model keeps before creations turn into deletions, so a long run keeps a
    /// domain small enough to check after every step.
    static let itemLimit = 48

    let capabilities: ProviderCapabilities
    let caseRule: FilenameCaseRule
    let provider: any FileProvider
    let remote: (any RemoteChangeHooks)?
    let scratch: URL

    private var model: ModelState
    private var host: ProviderHost?
    private var replica: [ItemIdentifier: ItemDigest] = [:]
    private var savedAnchors: [(anchor: SyncAnchor, replica: [ItemIdentifier: ItemDigest])] = []
    private var previousVersions: [ItemIdentifier: ItemVersion] = [:]
    /// The content files written so far, by content slot: providers only read them, so one file
    /// serves every step that sends the same bytes.
    private var contentFiles: [Int: URL] = [:]
    private var remoteCounter = 0
    private var step = 0
    private var operation = "the initial listing"

    init(fixture: ProviderFixture, capabilities: ProviderCapabilities, caseRule: FilenameCaseRule, scratch: URL) {
        self.capabilities = capabilities
        self.caseRule = caseRule
        self.provider = fixture.provider
        self.remote = fixture.remote
        self.scratch = scratch
        self.model = ModelState(caseRule: caseRule)
    }

    /// Runs `operations` in order; returns normally when every step kept every invariant.
    ///
    /// - Throws: `Failure` at the first broken expectation or invariant, or `CancellationError`.
    mutating func run(_ operations: [ModelOperation]) async throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let host = try ProviderHost(
            provider: provider,
            configuration: HostConfiguration(
                scheduling: .manual,
                suggestedPageSize: 64,
                suggestedBatchSize: 5,
                contentCacheParent: scratch,
                contentCacheCapacity: 0
            ),
            monitor: ContractMonitor(policy: .fatal)
        )
        self.host = host
        do {
            try await checkInvariants()
            try await runSteps(operations)
        } catch {
            await host.stop()
            throw error
        }
        await host.stop()
    }

    private mutating func runSteps(_ operations: [ModelOperation]) async throws {
        for (index, operation) in operations.enumerated() {
            try Task.checkCancellation()
            step = index + 1
            self.operation = operation.description
            try await apply(operation)
            try await checkInvariants()
            if step % 25 == 0, let anchor = await host?.replica.anchor {
                savedAnchors.append((anchor, replica))
                if savedAnchors.count > 4 { savedAnchors.removeFirst() }
            }
        }
    }

    // MARK: Steps

    private mutating func apply(_ operation: ModelOperation) async throws {
        switch operation {
        case .createFile(let parent, let name, let content):
            try await create(
                parent: parent,
                name: ModelState.names[name % ModelState.names.count],
                contentSlot: content
            )
        case .createFolder(let parent, let name):
            try await create(parent: parent, name: ModelState.names[name % ModelState.names.count], contentSlot: nil)
        case .write(let item, let content):
            guard let identifier = ModelState.pick(item, from: model.liveItems(filesOnly: true)) else { return }
            try await write(identifier, contentSlot: content, base: replica[identifier]?.version, expecting: nil)
        case .staleWrite(let item, let content):
            guard let identifier = ModelState.pick(item, from: model.liveItems(filesOnly: true)),
                let stale = previousVersions[identifier], stale != replica[identifier]?.version
            else { return }
            try await write(
                identifier,
                contentSlot: content,
                base: stale,
                expecting: .localVersionConflictingWithServer
            )
        case .rename(let item, let name):
            guard let identifier = ModelState.pick(item, from: model.liveItems()), let current = model.items[identifier]
            else { return }
            let newName = ModelState.names[name % ModelState.names.count]
            let expected: FileProviderError.Code? =
                model.collides(newName, in: current.parent, excluding: identifier) ? .filenameCollision : nil
            try await modify(identifier, fields: .filename, expecting: expected) { $0.filename = newName }
            if expected == nil { model.update(identifier) { $0.name = newName } }
        case .move(let item, let parent):
            guard let identifier = ModelState.pick(item, from: model.liveItems()),
                let target = ModelState.pick(parent, from: model.folders()), let current = model.items[identifier]
            else { return }
            let expected: FileProviderError.Code? =
                model.isSelfOrAncestor(identifier, of: target)
                ? .invalidArgument
                : model.collides(current.name, in: target, excluding: identifier) ? .filenameCollision : nil
            try await modify(identifier, fields: .parentItemIdentifier, expecting: expected) {
                $0.parentItemIdentifier = target
            }
            if expected == nil { model.update(identifier) { $0.parent = target } }
        case .trash(let item):
            guard let identifier = ModelState.pick(item, from: model.liveItems()) else { return }
            let outcome = try await modify(
                identifier,
                fields: .parentItemIdentifier,
                expecting: nil,
                allowing: [.filenameCollision]
            ) {
                $0.parentItemIdentifier = .trashContainer
            }
            if outcome { model.update(identifier) { $0.parent = .trashContainer } }
        case .restore(let item, let parent):
            guard let identifier = ModelState.pick(item, from: model.trashed()),
                let target = ModelState.pick(parent, from: model.folders()), let current = model.items[identifier]
            else { return }
            let expected: FileProviderError.Code? =
                model.collides(current.name, in: target, excluding: identifier) ? .filenameCollision : nil
            try await modify(identifier, fields: .parentItemIdentifier, expecting: expected) {
                $0.parentItemIdentifier = target
            }
            if expected == nil { model.update(identifier) { $0.parent = target } }
        case .delete(let item):
            guard let identifier = ModelState.pick(item, from: model.order) else { return }
            try await delete(identifier)
        case .touchDeleted(let item, let kind):
            guard let identifier = ModelState.pick(item, from: model.deleted) else { return }
            try await touchDeleted(identifier, kind: kind % 3)
        case .fetch(let item):
            guard let identifier = ModelState.pick(item, from: model.liveItems(filesOnly: true)),
                let expected = model.items[identifier]
            else {
                return
            }
            let fetched = try await attempt {
                try await provider.fetchContents(for: identifier, version: nil, request: Request())
            }
            defer { ContentFile.remove(fetched.url) }
            let data = try await attempt { try Data(contentsOf: fetched.url) }
            try ensure(
                data == expected.content,
                "fetched content differs from what was written",
                expected: "\(expected.content.count) bytes",
                actual: "\(data.count) bytes"
            )
        case .list(let folder, let pageSize):
            guard let identifier = ModelState.pick(folder, from: model.folders()) else { return }
            let listed = try await attempt {
                try await provider.enumerator(for: identifier, request: Request()).allItems(suggestedPageSize: pageSize)
            }
            let actual = Set(listed.map(\.itemIdentifier))
            let expected = Set(model.children(of: identifier))
            try ensure(
                actual == expected && listed.count == expected.count,
                "the listing of \(identifier) with page size \(pageSize) differs from the model",
                expected: "\(expected.count) children",
                actual:
                    "\(listed.count) items, missing \(expected.subtracting(actual).map(\.rawValue).sorted()), extra \(actual.subtracting(expected).map(\.rawValue).sorted())"
            )
        case .catchUp(let batchSize):
            guard let anchor = await host?.replica.anchor else { return }
            try await replay((anchor, replica), batchSize: batchSize)
        case .replayOldAnchor(let which):
            guard !savedAnchors.isEmpty else { return }
            try await replay(savedAnchors[which % savedAnchors.count], batchSize: 7)
        case .remoteCreate(let parent, let content, let isFolder):
            guard model.items.count < Self.itemLimit, let hooks = remote,
                let target = ModelState.pick(parent, from: model.folders())
            else { return }
            remoteCounter += 1
            let name = "remote-\(remoteCounter)"
            let data = isFolder ? nil : ModelState.content(content)
            let identifier = try await attempt { try await hooks.createItem(named: name, in: target, contents: data) }
            model.add(
                identifier,
                ModelState.Item(parent: target, name: name, isFolder: isFolder, content: data ?? Data())
            )
        case .remoteWrite(let item, let content):
            guard let hooks = remote, let identifier = ModelState.pick(item, from: model.liveItems(filesOnly: true))
            else { return }
            let data = ModelState.content(content)
            try await attempt { try await hooks.replaceContents(of: identifier, with: data) }
            model.update(identifier) { $0.content = data }
        case .remoteRename(let item):
            guard let hooks = remote, let identifier = ModelState.pick(item, from: model.liveItems()) else { return }
            remoteCounter += 1
            let name = "remote-renamed-\(remoteCounter)"
            try await attempt { try await hooks.rename(identifier, to: name) }
            model.update(identifier) { $0.name = name }
        case .remoteMove(let item, let parent):
            guard let hooks = remote, let identifier = ModelState.pick(item, from: model.liveItems()),
                let target = ModelState.pick(parent, from: model.folders()), let current = model.items[identifier],
                !model.isSelfOrAncestor(identifier, of: target),
                !model.collides(current.name, in: target, excluding: identifier)
            else { return }
            try await attempt { try await hooks.move(identifier, to: target) }
            model.update(identifier) { $0.parent = target }
        case .remoteDelete(let item):
            guard let hooks = remote, let identifier = ModelState.pick(item, from: model.liveItems()) else { return }
            try await attempt { try await hooks.delete(identifier) }
            model.removeSubtree(identifier)
        }
    }

    private mutating func create(parent: Int, name: String, contentSlot: Int?) async throws {
        let content = contentSlot.map(ModelState.content)
        if model.items.count >= Self.itemLimit {
            if let doomed = ModelState.pick(parent, from: model.order) { try await delete(doomed) }
            return
        }
        guard let target = ModelState.pick(parent, from: model.folders()) else { return }
        let collides = model.collides(name, in: target)
        let template = ItemSnapshot(
            itemIdentifier: ItemIdentifier("model-template-\(step)"),
            parentItemIdentifier: target,
            filename: name,
            contentType: content == nil ? .folder : .forFilename(name)
        )
        let url = try contentSlot.map { try file(forContent: $0) }
        let fields: ItemFields =
            content == nil ? [.filename, .parentItemIdentifier] : [.filename, .parentItemIdentifier, .contents]
        do {
            let result = try await provider.createItem(
                basedOn: template,
                fields: fields,
                contents: url,
                options: [],
                request: Request()
            )
            try ensure(
                !collides,
                "createItem(\"\(name)\") in \(target) succeeded despite a colliding sibling",
                expected: "filenameCollision"
            )
            let item = try ensureValue(result?.item, "createItem returned no item")
            model.add(
                item.itemIdentifier,
                ModelState.Item(parent: target, name: name, isFolder: content == nil, content: content ?? Data())
            )
        } catch let error as FileProviderError where collides && error.code == .filenameCollision {
            return
        } catch let failure as Failure {
            throw failure
        } catch {
            throw failure(
                "createItem(\"\(name)\") in \(target) failed",
                expected: collides ? "filenameCollision" : "success",
                actual: "\(error)"
            )
        }
    }

    private mutating func write(
        _ identifier: ItemIdentifier,
        contentSlot: Int,
        base: ItemVersion?,
        expecting expected: FileProviderError.Code?
    ) async throws {
        let data = ModelState.content(contentSlot)
        let url = try file(forContent: contentSlot)
        let succeeded = try await modify(
            identifier,
            fields: .contents,
            contents: url,
            base: base,
            options: expected == nil ? [] : .failOnConflict,
            expecting: expected
        ) { _ in }
        if succeeded { model.update(identifier) { $0.content = data } }
    }

    /// Modifies an item from its replica state; returns whether the provider applied the change.
    @discardableResult
    private mutating func modify(
        _ identifier: ItemIdentifier,
        fields: ItemFields,
        contents: URL? = nil,
        base: ItemVersion? = nil,
        options: ModifyItemOptions = [],
        expecting expected: FileProviderError.Code?,
        allowing allowed: Set<FileProviderError.Code> = [],
        _ change: (inout ItemSnapshot) -> Void
    ) async throws -> Bool {
        guard let current = model.items[identifier], let digest = replica[identifier] else { return false }
        var item = ItemSnapshot(
            itemIdentifier: identifier,
            parentItemIdentifier: current.parent,
            filename: current.name,
            contentType: current.isFolder ? .folder : .forFilename(current.name),
            itemVersion: digest.version
        )
        change(&item)
        do {
            let result = try await provider.modifyItem(
                item,
                baseVersion: base ?? digest.version,
                changedFields: fields,
                contents: contents,
                options: options,
                request: Request()
            )
            try ensure(
                expected == nil,
                "modifyItem(\(fields.rawValue)) of \(identifier) succeeded",
                expected: expected.map { "\($0)" }
            )
            try ensure(
                result.stillPendingFields.isEmpty,
                "modifyItem of \(identifier) left fields pending",
                actual: "\(result.stillPendingFields.rawValue)"
            )
            previousVersions[identifier] = digest.version
            return true
        } catch let error as FileProviderError where error.code == expected || allowed.contains(error.code) {
            return false
        } catch let failure as Failure {
            throw failure
        } catch {
            throw failure(
                "modifyItem(fields \(fields.rawValue)) of \(identifier) failed",
                expected: expected.map { "\($0)" } ?? "success",
                actual: "\(error)"
            )
        }
    }

    private mutating func delete(_ identifier: ItemIdentifier) async throws {
        guard let item = model.items[identifier] else { return }
        let version = replica[identifier]?.version ?? ItemVersion()
        try await attempt {
            try await provider.deleteItem(
                identifier: identifier,
                baseVersion: version,
                options: item.isFolder ? .recursive : [],
                request: Request()
            )
        }
        model.removeSubtree(identifier)
    }

    private mutating func touchDeleted(_ identifier: ItemIdentifier, kind: Int) async throws {
        switch kind {
        case 0:
            try await expectFailure(.noSuchItem, "item(for:) of the deleted \(identifier)") {
                _ = try await provider.item(for: identifier, request: Request())
            }
        case 1:
            try await attempt {
                try await provider.deleteItem(
                    identifier: identifier,
                    baseVersion: ItemVersion(),
                    options: [],
                    request: Request()
                )
            }
        default:
            let ghost = ItemSnapshot(
                itemIdentifier: identifier,
                parentItemIdentifier: .rootContainer,
                filename: "ghost",
                contentType: .data
            )
            try await expectFailure(.noSuchItem, "renaming the deleted \(identifier)") {
                _ = try await provider.modifyItem(
                    ghost,
                    baseVersion: ItemVersion(),
                    changedFields: .filename,
                    contents: nil,
                    options: [],
                    request: Request()
                )
            }
        }
    }

    /// Replays the changes since a saved anchor over the replica as it was then, with `batchSize`,
    /// and checks the result equals the replica now; an expired anchor is a legal answer.
    private func replay(
        _ saved: (anchor: SyncAnchor, replica: [ItemIdentifier: ItemDigest]),
        batchSize: Int
    )
        async throws
    {
        var state = saved.replica
        do {
            let changes = try await provider.enumerator(for: .workingSet, request: Request())
                .changes(since: saved.anchor, suggestedBatchSize: batchSize)
            for item in changes.updatedItems {
                state[item.itemIdentifier] = ItemDigest(item)
            }
            for identifier in changes.deletedItemIdentifiers {
                state[identifier] = nil
            }
        } catch let error as FileProviderError where error.code == .syncAnchorExpired {
            return
        } catch {
            throw failure("replaying changes from an older anchor failed", actual: "\(error)")
        }
        let differences = ItemDigest.differences(state, replica)
        try ensure(
            differences.isEmpty,
            "replaying changes from an older anchor does not converge",
            actual: differences.joined(separator: "; ")
        )
    }

    // MARK: Invariants

    /// Catches the host up, then checks that its replica equals a fresh listing of the working
    /// set, and that the listing equals the model.
    private mutating func checkInvariants() async throws {
        guard let host else { return }
        do {
            try await host.synchronize()
        } catch {
            throw failure("the host could not catch up with the working set", actual: "\(error)")
        }
        let hostReplica = await host.replica
        let listing = try await attempt {
            try await provider.enumerator(for: .workingSet, request: Request()).allItems(suggestedPageSize: 64)
        }
        try ensure(
            Set(listing.map(\.itemIdentifier)).count == listing.count,
            "the working set lists an identifier twice",
            actual: "\(listing.count) items"
        )
        let difference = hostReplica.difference(from: listing.map { ItemSnapshot($0) })
        try ensure(
            difference.isEmpty,
            "the host's replica, built from changes, differs from a fresh listing",
            actual: "\(difference)"
        )
        replica = ItemDigest.map(listing)
        var modelDifferences: [String] = []
        for (identifier, item) in model.items {
            guard let listed = replica[identifier] else {
                modelDifferences.append("\(identifier) \"\(item.name)\" is missing")
                continue
            }
            if listed.parent != item.parent || listed.filename != item.name || listed.isDirectory != item.isFolder {
                modelDifferences.append("\(identifier) is \(listed), the model has \"\(item.name)\" in \(item.parent)")
            }
        }
        for (identifier, digest) in replica where model.items[identifier] == nil {
            modelDifferences.append("\(identifier) \(digest) should not exist")
        }
        try ensure(
            modelDifferences.isEmpty,
            "the working set differs from the model",
            actual: modelDifferences.prefix(8).joined(separator: "; ")
        )
    }

    // MARK: Helpers

    private mutating func file(forContent slot: Int) throws -> URL {
        let key = slot % ModelState.contentVariety
        if let url = contentFiles[key] { return url }
        let url = scratch.appendingPathComponent("content-\(key)")
        try ContentFile.write(ModelState.content(key), toNewFileAt: url)
        contentFiles[key] = url
        return url
    }

    private func failure(_ message: String, expected: String? = nil, actual: String? = nil) -> Failure {
        Failure(step: step, operation: operation, message: message, expected: expected, actual: actual)
    }

    private func ensure(
        _ condition: Bool,
        _ message: @autoclosure () -> String,
        expected: String? = nil,
        actual: String? = nil
    ) throws {
        if !condition { throw failure(message(), expected: expected, actual: actual) }
    }

    private func ensureValue<T>(_ value: T?, _ message: String) throws -> T {
        guard let value else { throw failure(message) }
        return value
    }

    /// Runs a call the step expects to fail with `code`, turning a success or another error into a
    /// ``Failure``.
    private func expectFailure(
        _ code: FileProviderError.Code,
        _ call: String,
        _ body: () async throws -> Void
    ) async throws {
        do {
            try await body()
        } catch let error as FileProviderError where error.code == code {
            return
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw failure("\(call) failed wrongly", expected: "\(code)", actual: "\(error)")
        }
        throw failure("\(call) succeeded", expected: "\(code)")
    }

    /// Runs a call the step expects to succeed, turning any error into a `Failure`.
    @discardableResult
    private func attempt<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let failure as Failure {
            throw failure
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw failure("a call expected to succeed failed", actual: "\(error)")
        }
    }
}
