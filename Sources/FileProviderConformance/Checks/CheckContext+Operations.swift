import FileProviderKit
import Foundation

/// Provider operations that note themselves in the trail. Provider errors propagate unchanged.
extension CheckContext {
    /// A template for a new item; its identifier is the harness's, never the provider's.
    func template(
        named filename: String,
        in parent: ItemIdentifier,
        contentType: ContentType,
        symlinkTarget: String? = nil
    ) -> ItemSnapshot {
        ItemSnapshot(
            itemIdentifier: ItemIdentifier("harness-template-\(UUID().uuidString)"),
            parentItemIdentifier: parent,
            filename: filename,
            contentType: contentType,
            symlinkTargetPath: symlinkTarget
        )
    }

    /// Creates a file with `contents` and returns the item as stored.
    ///
    /// - Throws: the provider's error, or stops the check when the provider returns no item.
    @discardableResult
    func createFile(
        named filename: String,
        in parent: ItemIdentifier = .rootContainer,
        contents: Data = Data("hello".utf8),
        options: CreateItemOptions = []
    ) async throws -> ItemSnapshot {
        let template = template(named: filename, in: parent, contentType: .forFilename(filename))
        return try await create(template, contents: contents, options: options)
    }

    /// Creates a folder and returns the item as stored.
    @discardableResult
    func createFolder(named filename: String, in parent: ItemIdentifier = .rootContainer) async throws -> ItemSnapshot {
        try await create(template(named: filename, in: parent, contentType: .folder), contents: nil)
    }

    /// Creates an item from `template` and returns the item as stored.
    func create(
        _ template: ItemSnapshot,
        contents: Data?,
        options: CreateItemOptions = [],
        extraFields: ItemFields = []
    ) async throws -> ItemSnapshot {
        let result = try await createResult(template, contents: contents, options: options, extraFields: extraFields)
        let item = try require(result?.item, "createItem(\(template.filename)) returned no item")
        return ItemSnapshot(item)
    }

    /// Calls `createItem` with `request` and returns its raw result.
    func createResult(
        _ template: ItemSnapshot,
        contents: Data?,
        options: CreateItemOptions = [],
        extraFields: ItemFields = [],
        request: Request = Request()
    ) async throws
        -> ItemMutationResult?
    {
        var fields: ItemFields = extraFields.union([.filename, .parentItemIdentifier])
        if contents != nil { fields.insert(.contents) }
        let url = try contents.map { try file(containing: $0) }
        note(
            "createItem(\"\(template.filename)\" [\(template.contentType)] in \(template.parentItemIdentifier)"
                + (contents.map { ", \($0.count) bytes" } ?? "")
                + (options.isEmpty ? "" : ", options: \(options.rawValue)")
                + ")"
        )
        return try await provider.createItem(
            basedOn: template,
            fields: fields,
            contents: url,
            options: options,
            request: request
        )
    }

    /// Modifies `item`, which exists: `changes` edits a copy, `fields` says which fields changed.
    ///
    /// - Returns: the provider's result.
    /// - Throws: the provider's error; stops the check when the provider returns no item, with a
    ///   finding naming R13.8 when the item still exists (see ``expectGone(_:after:)``), or saying
    ///   the modification lost the item when it is gone.
    func modify(
        _ item: ItemSnapshot,
        fields: ItemFields,
        contents: Data? = nil,
        baseVersion: ItemVersion? = nil,
        options: ModifyItemOptions = [],
        description: String,
        _ changes: (inout ItemSnapshot) -> Void = { _ in }
    ) async throws -> ItemMutationResult {
        let result = try await modifyResult(
            item,
            fields: fields,
            contents: contents,
            baseVersion: baseVersion,
            options: options,
            description: description,
            changes
        )
        if let result { return result }
        let call = "modifyItem(\(item.itemIdentifier): \(description))"
        if await expectGone(item.itemIdentifier, after: call) {
            fail(
                "\(call) returned no item: the item it was asked to modify is gone",
                expected: "the modified item",
                actual: "nil, and the item no longer exists"
            )
        }
        throw CheckAborted()
    }

    /// Calls `modifyItem` for `item` with `request` and returns its raw result, `nil` included:
    /// `changes` edits a copy, `fields` says which fields changed.
    func modifyResult(
        _ item: ItemSnapshot,
        fields: ItemFields,
        contents: Data? = nil,
        baseVersion: ItemVersion? = nil,
        options: ModifyItemOptions = [],
        request: Request = Request(),
        description: String,
        _ changes: (inout ItemSnapshot) -> Void = { _ in }
    ) async throws -> ItemMutationResult? {
        var changed = item
        changes(&changed)
        let url = try contents.map { try file(containing: $0) }
        note("modifyItem(\(item.itemIdentifier): \(description))")
        return try await provider.modifyItem(
            changed,
            baseVersion: baseVersion ?? item.itemVersion,
            changedFields: fields,
            contents: url,
            options: options,
            request: request
        )
    }

    /// Checks what a `nil` result of `call` promises (R13.8): the item is gone — `item(for:)`
    /// fails with `noSuchItem`, or no listing of its parent or of the working set holds it.
    /// Records a finding naming R13.8 otherwise.
    ///
    /// - Returns: whether the item is gone.
    @discardableResult
    func expectGone(_ identifier: ItemIdentifier, after call: String) async -> Bool {
        note("item(for: \(identifier)) after \(call) returned nil")
        let stillThere: ItemSnapshot
        do {
            stillThere = ItemSnapshot(try await provider.item(for: identifier, request: Request()))
        } catch let error as FileProviderError where error.code == .noSuchItem {
            return true
        } catch {
            fail(
                "after \(call) returned nil, item(for: \(identifier)) failed with another error than noSuchItem",
                clauses: ["R13.8"],
                expected: "noSuchItem (\(FileProviderError.Code.noSuchItem.rawValue))",
                actual: "\(error)"
            )
            return false
        }
        var listedIn: [ItemIdentifier] = []
        for container in [stillThere.parentItemIdentifier, .workingSet] {
            let listing = try? await list(container)
            if listing?.contains(where: { $0.itemIdentifier == identifier }) ?? false { listedIn.append(container) }
        }
        fail(
            "\(call) returned nil, which says the item left the domain, but the item still exists",
            clauses: ["R13.8"],
            expected: "item(for:) fails with noSuchItem and no listing holds \(identifier)",
            actual: "item(for:) returned \(stillThere)"
                + (listedIn.isEmpty ? "" : ", listed in \(listedIn.map(\.description).joined(separator: " and "))")
        )
        return false
    }

    /// Runs a modification of `item`, which no longer exists, and expects what the contract allows
    /// for it (R13.7): `noSuchItem`, or no item at all (`nil`) with the item gone afterwards (R13.8).
    /// Records a finding otherwise.
    func expectMissing(
        _ item: ItemSnapshot,
        _ operation: String,
        _ body: () async throws -> ItemMutationResult?
    ) async {
        note(operation)
        let expected = "noSuchItem (\(FileProviderError.Code.noSuchItem.rawValue)) or no item (nil)"
        do {
            if let result = try await body() {
                fail("\(operation) succeeded but must fail", expected: expected, actual: "success: \(result)")
            } else {
                await expectGone(item.itemIdentifier, after: operation)
            }
        } catch let error as FileProviderError where error.code == .noSuchItem {
            return
        } catch {
            fail("\(operation) failed with the wrong error", expected: expected, actual: "\(error)")
        }
    }

    /// Renames `item` and returns it as stored.
    func rename(_ item: ItemSnapshot, to filename: String) async throws -> ItemSnapshot {
        let result = try await modify(item, fields: .filename, description: "rename to \"\(filename)\"") {
            $0.filename = filename
        }
        return ItemSnapshot(result.item)
    }

    /// Renames `item` to `filename`, its own name in another case, and returns it as stored. Such
    /// a rename collides with nothing (R11.2): when it fails, the finding names R11.2 and the check
    /// stops.
    func renameCase(of item: ItemSnapshot, to filename: String) async throws -> ItemSnapshot {
        do {
            return try await rename(item, to: filename)
        } catch let error as FileProviderError {
            fail(
                "renaming \"\(item.filename)\" to \"\(filename)\", its own name in another case, failed",
                clauses: ["R11.2"],
                expected: "success",
                actual: "\(error)"
            )
            throw CheckAborted()
        }
    }

    /// Moves `item` into `parent` and returns it as stored.
    func move(_ item: ItemSnapshot, to parent: ItemIdentifier) async throws -> ItemSnapshot {
        let result = try await modify(item, fields: .parentItemIdentifier, description: "move to \(parent)") {
            $0.parentItemIdentifier = parent
        }
        return ItemSnapshot(result.item)
    }

    /// Replaces the content of `item` and returns it as stored.
    func write(_ contents: Data, to item: ItemSnapshot) async throws -> ItemSnapshot {
        let result = try await modify(
            item,
            fields: .contents,
            contents: contents,
            description: "write \(contents.count) bytes"
        )
        return ItemSnapshot(result.item)
    }

    /// Deletes `item`, based on its version.
    func delete(_ item: ItemSnapshot, options: DeleteItemOptions = []) async throws {
        try await delete(item.itemIdentifier, baseVersion: item.itemVersion, options: options)
    }

    /// Deletes an identifier, based on `baseVersion`.
    func delete(_ identifier: ItemIdentifier, baseVersion: ItemVersion, options: DeleteItemOptions = []) async throws {
        note("deleteItem(\(identifier)\(options.contains(.recursive) ? ", recursive" : ""))")
        try await provider.deleteItem(
            identifier: identifier,
            baseVersion: baseVersion,
            options: options,
            request: Request()
        )
    }

    /// Creates a folder, or a file with the bytes at `contents`, without noting the call: for checks
    /// that build hundreds of items and note them in one line. Returns the stored identifier.
    ///
    /// - Throws: the provider's error, or stops the check when the provider returns no item.
    func createUnnoted(
        named filename: String,
        in parent: ItemIdentifier,
        folder: Bool,
        contents: URL
    ) async throws
        -> ItemIdentifier
    {
        let template = template(named: filename, in: parent, contentType: folder ? .folder : .forFilename(filename))
        let result = try await provider.createItem(
            basedOn: template,
            fields: folder ? [.filename, .parentItemIdentifier] : [.filename, .parentItemIdentifier, .contents],
            contents: folder ? nil : contents,
            options: [],
            request: Request()
        )
        return try require(result?.item, "createItem(\(filename)) returned no item").itemIdentifier
    }

    /// The current state of an item.
    func item(_ identifier: ItemIdentifier) async throws -> ItemSnapshot {
        note("item(for: \(identifier))")
        return ItemSnapshot(try await provider.item(for: identifier, request: Request()))
    }

    /// Fetches an item's content with `request` and returns its bytes and the item; the returned
    /// file is removed.
    func fetch(
        _ identifier: ItemIdentifier,
        version: ItemVersion? = nil,
        request: Request = Request()
    ) async throws -> (Data, ItemSnapshot) {
        note("fetchContents(\(identifier))")
        let fetched = try await provider.fetchContents(for: identifier, version: version, request: request)
        defer { ContentFile.remove(fetched.url) }
        let data = try Data(contentsOf: fetched.url)
        return (data, ItemSnapshot(fetched.item))
    }

    /// An enumerator for `container`.
    func enumerator(_ container: ItemIdentifier) async throws -> any Enumerator {
        note("enumerator(for: \(container))")
        return try await provider.enumerator(for: container, request: Request())
    }

    /// Every item of a container's listing, following pages to the end.
    func list(
        _ container: ItemIdentifier,
        pageSize: Int = 50,
        startingAt page: Page = .initialPageSortedByName
    )
        async throws -> [ItemSnapshot]
    {
        let enumerator = try await enumerator(container)
        note("list \(container) (page size \(pageSize), from \(page))")
        return try await enumerator.allItems(startingAt: page, suggestedPageSize: pageSize).map { ItemSnapshot($0) }
    }

    /// The current sync anchor of a container; see ``requireAnchor(_:of:)`` for `nil`.
    func anchor(_ container: ItemIdentifier = .workingSet) async throws -> SyncAnchor {
        let enumerator = try await enumerator(container)
        note("currentSyncAnchor(\(container))")
        return try requireAnchor(try await enumerator.currentSyncAnchor(), of: container)
    }

    /// Unwraps an anchor `currentSyncAnchor()` returned for `container`. `nil` from the working
    /// set records a finding naming R8.4 and stops the check; `nil` from any other container says
    /// its enumerator does not report changes, which the contract allows: the check is skipped.
    /// So is any other container's anchor when the subject declares `listingOnlyFolders`.
    func requireAnchor(_ anchor: SyncAnchor?, of container: ItemIdentifier) throws -> SyncAnchor {
        if container != .workingSet, capabilities.contains(.listingOnlyFolders) {
            throw CheckSkipped(
                reason: "the subject declares listingOnlyFolders: the enumerator of \(container) reports no changes "
                    + "(CHG-42 checks that it says so, and that the working set carries them)"
            )
        }
        if let anchor { return anchor }
        guard container != .workingSet else {
            fail(
                "the working set's currentSyncAnchor() returned nil",
                clauses: ["R8.4"],
                expected: "a sync anchor: the working set always reports changes",
                actual: "nil"
            )
            throw CheckAborted()
        }
        throw CheckSkipped(
            reason: "the enumerator of \(container) returns no sync anchor: it does not report changes, and a "
                + "consumer re-lists it instead"
        )
    }

    /// The anchor `enumerator` of `container` reports changes from, or `nil` when it reports none:
    /// it returned no anchor, or it is a folder's and the subject declares `listingOnlyFolders`.
    func changeAnchor(of enumerator: any Enumerator, for container: ItemIdentifier) async throws -> SyncAnchor? {
        note("currentSyncAnchor(\(container))")
        let anchor = try await enumerator.currentSyncAnchor()
        return container != .workingSet && capabilities.contains(.listingOnlyFolders) ? nil : anchor
    }

    /// Every change of a container since `anchor`, following `moreComing`.
    func changes(
        _ container: ItemIdentifier = .workingSet,
        since anchor: SyncAnchor,
        batchSize: Int = 50
    )
        async throws -> ChangeSet
    {
        let enumerator = try await enumerator(container)
        note("changes of \(container) since \(anchor) (batch size \(batchSize))")
        return try await enumerator.changes(since: anchor, suggestedBatchSize: batchSize)
    }

    /// The hooks that change the server as another client; stops the check when the fixture has none.
    func remote() throws -> any RemoteChangeHooks {
        try require(remoteHooks, "the subject declares remoteChanges but its fixture has no RemoteChangeHooks")
    }

    /// A second provider instance over the same store; stops the check when the fixture cannot open one.
    func openAnotherInstance() async throws -> any FileProvider {
        let open = try require(
            anotherInstance,
            "the subject declares freshInstances but its fixture cannot open another instance"
        )
        note("open another provider instance over the same store")
        return try await open()
    }

    /// Every item below `container`, depth first, each folder's children in listing order.
    ///
    /// - Throws: the provider's error; `CancellationError` when the check's task is cancelled; stops
    ///   the check with a finding when a folder is listed below itself or in two places, so a
    ///   listing that loops cannot make the walk run away.
    func tree(below container: ItemIdentifier = .rootContainer, pageSize: Int = 50) async throws -> [ItemSnapshot] {
        var result: [ItemSnapshot] = []
        var pending = [container]
        var visited: Set<ItemIdentifier> = [container]
        while let folder = pending.popLast() {
            try Task.checkCancellation()
            let children = try await list(folder, pageSize: pageSize)
            result += children
            let subfolders = children.filter(\.contentType.isDirectory).map(\.itemIdentifier)
            if let repeated = subfolders.first(where: visited.contains) {
                throw abort(
                    "the folder \(repeated) is listed again below \(folder): the tree below \(container) loops",
                    expected: "every folder listed once, in its own parent",
                    actual: "\(repeated) listed in \(folder) after it was walked"
                )
            }
            visited.formUnion(subfolders)
            pending += subfolders.reversed()
        }
        return result
    }
}
