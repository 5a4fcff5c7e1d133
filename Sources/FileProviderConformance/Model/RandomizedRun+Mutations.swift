import FileProviderKit
import Foundation

/// Writes: resolving an operation's slots to a `ModelMutation`, and making it alone, together
/// with another one, or in a cancelled task.
extension RandomizedRun {
    /// The mutation `operation` resolves to, or `nil` when nothing in the model fits its slots.
    mutating func mutation(for operation: ModelOperation) async throws -> ModelMutation? {
        switch operation {
        case .createFile(let parent, let name, let content):
            return try await create(
                parent: parent,
                name: name,
                content: (content, ModelState.content(content)),
                date: nil
            )
        case .createFolder(let parent, let name):
            return try await create(parent: parent, name: name, content: nil, date: nil)
        case .createDated(let parent, let name, let content, let date):
            return try await create(
                parent: parent,
                name: name,
                content: (content, ModelState.content(content)),
                date: date
            )
        case .write(let item, let content):
            return try await write(
                item,
                key: content % ModelState.contentVariety,
                ModelState.content(content),
                date: nil
            )
        case .writeDated(let item, let content, let date):
            return try await write(
                item,
                key: content % ModelState.contentVariety,
                ModelState.content(content),
                date: date
            )
        case .writeLarge(let item, let content):
            let variant = content % ModelState.largeContentVariety
            return try await write(item, key: -1 - variant, ModelState.largeContent(variant), date: nil)
        case .staleWrite(let item, let content):
            guard let identifier = ModelState.pick(item, from: model.liveItems(filesOnly: true)),
                let stale = previousVersions[identifier], stale != listed[identifier]?.itemVersion
            else { return nil }
            let data = ModelState.content(content)
            let url = try file(forKey: content % ModelState.contentVariety, data)
            // Every other stale write also says the item may already exist: failOnConflict still rules.
            let options: ModifyItemOptions = content % 2 == 0 ? .failOnConflict : [.failOnConflict, .mayAlreadyExist]
            return try await modify(
                identifier,
                .contents,
                content: (data, url),
                base: stale,
                options: options,
                label: "stale write" + (options.contains(.mayAlreadyExist) ? " with mayAlreadyExist" : "")
            ) { _ in }
        case .editMetadata(let item, let field, let value):
            return try await editMetadata(item, field: field, value: value)
        case .rename(let item, let name):
            let newName = ModelState.names[name % ModelState.names.count]
            // A name canonically equal to the current one is no rename; a provider may keep either form.
            guard let identifier = ModelState.pick(item, from: model.liveItems()),
                model.items[identifier]?.name != newName
            else { return nil }
            return try await modify(identifier, .filename, label: "rename to \"\(newName)\"") { $0.filename = newName }
        case .move(let item, let parent):
            guard let identifier = ModelState.pick(item, from: model.liveItems()),
                let target = ModelState.pick(parent, from: model.folders())
            else { return nil }
            return try await modify(identifier, .parentItemIdentifier, label: "move into \(target)") {
                $0.parentItemIdentifier = target
            }
        case .modifyMany(let item, let name, let parent, let content):
            return try await modifyMany(item, name: name, parent: parent, content: content)
        case .trash(let item):
            guard let identifier = ModelState.pick(item, from: model.liveItems()) else { return nil }
            return try await modify(identifier, .parentItemIdentifier, label: "trash") {
                $0.parentItemIdentifier = .trashContainer
            }
        case .restore(let item, let parent):
            guard let identifier = ModelState.pick(item, from: model.trashed()),
                let target = ModelState.pick(parent, from: model.folders())
            else { return nil }
            return try await modify(identifier, .parentItemIdentifier, label: "restore into \(target)") {
                $0.parentItemIdentifier = target
            }
        case .delete(let item):
            guard let identifier = ModelState.pick(item, from: model.order), let current = model.items[identifier]
            else { return nil }
            let base = try await baseVersion(of: identifier)
            return ModelMutation(
                action: .delete(identifier, base: base, recursive: current.isFolder),
                description: "deleteItem \(identifier) \"\(current.name)\"\(current.isFolder ? " recursively" : "")"
            )
        default:
            return nil
        }
    }

    /// Makes `mutation` and checks its outcome against the model's expectation.
    mutating func perform(_ mutation: ModelMutation) async throws {
        let expectation = mutation.expectation(in: model)
        let outcome = await mutation.perform(on: provider)
        if case .failure(let error) = outcome, error is CancellationError { throw CancellationError() }
        try judge(outcome, of: mutation, expecting: expectation)
    }

    /// Checks `mutation`'s outcome against `expectation` and applies it to the model.
    mutating func judge(
        _ outcome: Result<ItemMutationResult?, any Error>,
        of mutation: ModelMutation,
        expecting expectation: ModelMutation.Expectation
    ) throws {
        try ensure(
            expectation.accepts(outcome),
            "\(mutation) answered wrongly",
            clauses: mutation.clauses(expecting: expectation, outcome: outcome),
            expected: expectation.description,
            actual: Self.describe(outcome)
        )
        if case .failure = outcome { refused(mutation, clauses: ["R16.1"]) }
        try record(outcome, of: mutation)
    }

    /// Notes that `mutation`'s call failed, so it changed nothing: a file it aimed at still holds
    /// the model's bytes, and whatever differs of its target at the next check breaks `clauses`
    /// too.
    mutating func refused(_ mutation: ModelMutation, clauses: [String]) {
        guard let target = mutation.target else { return }
        stepEffects.refused[target, default: []].formUnion(clauses)
        if model.items[target]?.isFolder == false { stepEffects.verify.insert(target) }
    }

    /// Makes two mutations together; their outcomes must be those of one of the two orders.
    mutating func concurrent(_ first: ModelOperation, _ second: ModelOperation) async throws {
        guard let one = try await mutation(for: first), let other = try await mutation(for: second),
            one.target == nil || one.target != other.target, !one.deletesFolder, !other.deletesFolder
        else { return }
        resolve("together: \(one.description) | \(other.description)")
        let provider = self.provider
        async let firstOutcome = one.perform(on: provider)
        async let secondOutcome = other.perform(on: provider)
        let outcomes = await (firstOutcome, secondOutcome)
        let orders = [[(one, outcomes.0), (other, outcomes.1)], [(other, outcomes.1), (one, outcomes.0)]]
        // An order fits when each call answers as the model expects after the one before. Failing
        // that, an order whose only misfit is an existing item a creation returned is recorded, so
        // the run fails on that item (R12.3).
        for returnsChecked in [true, false] {
            for order in orders {
                var candidate = model
                let fits = order.allSatisfy { mutation, outcome in
                    guard mutation.expectation(in: candidate).accepts(outcome) else { return false }
                    if case .success(let result) = outcome {
                        if returnsChecked, !Self.returnsNewOrSibling(result, of: mutation, in: candidate) {
                            return false
                        }
                        mutation.apply(result, to: &candidate)
                    }
                    return true
                }
                guard fits else { continue }
                for (mutation, outcome) in order {
                    try record(outcome, of: mutation)
                }
                return
            }
        }
        throw failure(
            "two writes made together answered as no serialisation of them would",
            clauses: ["API.6", "R12.4"],
            expected: "\(one.expectation(in: model).description) | \(other.expectation(in: model).description) "
                + "in one order or the other",
            actual: "\(Self.describe(outcomes.0)) | \(Self.describe(outcomes.1))"
        )
    }

    /// Runs an operation in a task cancelled before it starts: a write completes fully or not at
    /// all, and a call that stops throws `CancellationError`.
    mutating func cancelled(_ operation: ModelOperation) async throws {
        let provider = self.provider
        switch operation {
        case .fetch, .list:
            try await cancelledRead(operation)
        default:
            guard let mutation = try await mutation(for: operation) else { return }
            resolve("in a cancelled task: \(mutation.description)")
            let expectation = mutation.expectation(in: model)
            let outcome = await Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return await mutation.perform(on: provider)
            }
            .value
            if case .failure(let error) = outcome, error is CancellationError { return }
            try ensure(
                expectation.accepts(outcome),
                "\(mutation) in a cancelled task answered wrongly",
                clauses: ["R16.3"],
                expected: "CancellationError, " + expectation.description,
                actual: Self.describe(outcome)
            )
            try record(outcome, of: mutation)
        }
    }

    private mutating func cancelledRead(_ operation: ModelOperation) async throws {
        let provider = self.provider
        let read: @Sendable () async throws -> Void
        switch operation {
        case .fetch(let item):
            guard let identifier = ModelState.pick(item, from: model.liveItems(filesOnly: true)) else { return }
            resolve("in a cancelled task: fetchContents of \(identifier)")
            read = {
                let fetched = try await provider.fetchContents(for: identifier, version: nil, request: Request())
                ContentFile.remove(fetched.url)
            }
        case .list(let folder, let pageSize):
            guard let identifier = ModelState.pick(folder, from: model.folders()) else { return }
            resolve("in a cancelled task: list \(identifier) with page size \(pageSize)")
            read = {
                _ = try await provider.enumerator(for: identifier, request: Request())
                    .allItems(suggestedPageSize: pageSize)
            }
        default:
            return
        }
        let outcome = await Task { () -> (any Error)? in
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                try await read()
                return nil
            } catch {
                return error
            }
        }
        .value
        if let outcome, !(outcome is CancellationError) {
            throw failure(
                "a read in a cancelled task failed wrongly",
                clauses: ["R16.3"],
                expected: "CancellationError or a full result",
                actual: "\(outcome)"
            )
        }
    }

    /// Applies a call's outcome to the model and notes what it touched.
    mutating func record(_ outcome: Result<ItemMutationResult?, any Error>, of mutation: ModelMutation) throws {
        guard case .success(let result) = outcome else { return }
        if case .modify(_, _, let fields, _, _, _) = mutation.action, let identifier = mutation.target {
            let pending = result?.stillPendingFields ?? []
            try ensure(
                pending.isSubset(of: fields),
                "\(mutation) left fields pending it was not asked to change",
                clauses: ["R13.1"],
                actual: "\(pending.rawValue)"
            )
            if fields.contains(.contents), !pending.contains(.contents) { stepEffects.wrote.insert(identifier) }
        }
        if let identifier = mutation.target {
            stepEffects.targeted.insert(identifier)
            lostResponses.remove(identifier)
        }
        try expectNewOrSibling(result, of: mutation)
        mutation.apply(result, to: &model)
        if let created = result?.item, case .create = mutation.action {
            stepEffects.wrote.insert(created.itemIdentifier)
            stepEffects.targeted.insert(created.itemIdentifier)
        }
    }

    /// Fails when a creation with `mayAlreadyExist` returned an item that exists but is not a
    /// sibling of the same kind and name (under the domain's case rule) in the template's parent:
    /// one in another folder or in the trash is no match (R12.3).
    private func expectNewOrSibling(_ result: ItemMutationResult?, of mutation: ModelMutation) throws {
        guard !Self.returnsNewOrSibling(result, of: mutation, in: model),
            case .create(let template, _, let content, _) = mutation.action,
            let returned = result?.item.itemIdentifier, let existing = model.items[returned]
        else { return }
        let kind = content == nil ? "folder" : "file"
        throw failure(
            "\(mutation) returned an existing item that is no \(kind) of that name in \(template.parentItemIdentifier)",
            clauses: ["R12.3"],
            expected:
                "a new item, or a \(kind) named \(template.filename.debugDescription) in \(template.parentItemIdentifier)",
            actual: "\(returned) \(existing.name.debugDescription) in \(existing.parent)"
        )
    }

    /// Whether `result` of `mutation`, made with the domain in `model`'s state, is a new item or,
    /// for a creation with `mayAlreadyExist`, an existing sibling of the template's kind and name
    /// (under the domain's case rule) in its parent. Two writes made together are judged in each
    /// order, so a sibling a rename made it may come back only in the order the rename went first.
    static func returnsNewOrSibling(
        _ result: ItemMutationResult?,
        of mutation: ModelMutation,
        in model: ModelState
    ) -> Bool {
        guard case .create(let template, _, let content, _) = mutation.action,
            mutation.createOptions.contains(.mayAlreadyExist), let returned = result?.item.itemIdentifier,
            let existing = model.items[returned]
        else { return true }
        return existing.parent == template.parentItemIdentifier && existing.isFolder == (content == nil)
            && model.caseRule.collisionKey(for: existing.name) == model.caseRule.collisionKey(for: template.filename)
    }

    static func describe(_ outcome: Result<ItemMutationResult?, any Error>) -> String {
        switch outcome {
        case .success(let result): result.map { "success: \(ItemDigest($0.item))" } ?? "success"
        case .failure(let error): "\(error)"
        }
    }

    // MARK: Resolving

    /// A creation of a file (with `content`) or a folder in the folder `parent` picks from
    /// `candidates` (by default the root and every folder outside the trash); once the model is
    /// full, the deletion of an item instead.
    mutating func create(
        parent: Int,
        name: Int,
        content: (slot: Int, data: Data)?,
        date: Int?,
        among candidates: [ItemIdentifier]? = nil
    ) async throws -> ModelMutation? {
        if model.items.count >= Self.itemLimit {
            guard let doomed = ModelState.pick(parent, from: model.order), let item = model.items[doomed] else {
                return nil
            }
            return ModelMutation(
                action: .delete(doomed, base: try await baseVersion(of: doomed), recursive: item.isFolder),
                description: "deleteItem \(doomed) \"\(item.name)\" (the model is full)"
            )
        }
        guard let target = ModelState.pick(parent, from: candidates ?? model.folders()) else { return nil }
        let filename = ModelState.names[name % ModelState.names.count]
        var template = ItemSnapshot(
            itemIdentifier: ItemIdentifier("model-template-\(step)"),
            parentItemIdentifier: target,
            filename: filename,
            contentType: content == nil ? .folder : .forFilename(filename)
        )
        var fields: ItemFields =
            content == nil ? [.filename, .parentItemIdentifier] : [.filename, .parentItemIdentifier, .contents]
        if let date {
            template.creationDate = ModelState.date(date + 24)
            template.contentModificationDate = ModelState.date(date)
            template.lastUsedDate = ModelState.lastUsedDate(date)
            template.tagData = ModelState.tagData(date)
            template.favoriteRank = ModelState.favoriteRank(date)
            template.extendedAttributes = ModelState.extendedAttributes(date)
            fields.formUnion([
                .creationDate, .contentModificationDate, .lastUsedDate, .tagData, .favoriteRank, .extendedAttributes,
            ])
        }
        let url = try content.map { try file(forKey: $0.slot % ModelState.contentVariety, $0.data) }
        let size = content?.data.count
        // One creation in three where no sibling has the name says it may already exist: it must
        // create the item all the same, never match one elsewhere (in another folder, in the trash).
        let options: CreateItemOptions =
            (name / ModelState.names.count) % 3 == 0 && !model.collides(filename, in: target) ? .mayAlreadyExist : []
        return ModelMutation(
            action: .create(template: template, fields: fields, content: content?.data, url: url),
            createOptions: options,
            description: "createItem \"\(filename)\" in \(target) ("
                + (size.map { "\($0) bytes" } ?? "folder")
                + (options.isEmpty ? "" : ", mayAlreadyExist")
                + (date.map { ", dates \(ModelState.date($0 + 24))/\(ModelState.date($0)), tags and attributes" } ?? "")
                + ")"
        )
    }

    private mutating func write(_ item: Int, key: Int, _ data: Data, date: Int?) async throws -> ModelMutation? {
        guard let identifier = ModelState.pick(item, from: model.liveItems(filesOnly: true)) else { return nil }
        let url = try file(forKey: key, data)
        let fields: ItemFields = date == nil ? .contents : [.contents, .contentModificationDate]
        let label = "write \(data.count) bytes" + (date.map { " dated \(ModelState.date($0))" } ?? "")
        return try await modify(identifier, fields, content: (data, url), label: label) { template in
            if let date { template.contentModificationDate = ModelState.date(date) }
        }
    }

    private mutating func editMetadata(_ item: Int, field: Int, value: Int) async throws -> ModelMutation? {
        let fields: [ItemFields] = [
            .tagData, .favoriteRank, .lastUsedDate, .extendedAttributes, .creationDate, .contentModificationDate,
            .typeAndCreator, .fileSystemFlags,
        ]
        let changed = fields[field % fields.count]
        let datesOnly: ItemFields = [.creationDate, .contentModificationDate]
        let candidates = datesOnly.contains(changed) ? model.liveItems(filesOnly: true) : model.liveItems()
        guard let identifier = ModelState.pick(item, from: candidates), let current = model.items[identifier] else {
            return nil
        }
        // One edit in three of a field that is set clears it.
        let clears =
            (value / 8) % 3 == 0
            && (changed == .tagData && current.tagData != nil || changed == .favoriteRank && current.favoriteRank != nil
                || changed == .lastUsedDate && current.lastUsedDate != nil
                || changed == .extendedAttributes && !current.extendedAttributes.isEmpty)
        return try await modify(
            identifier,
            changed,
            label: "\(clears ? "clear" : "set") \(Self.fieldName(changed)) only, with other fields stale"
        ) {
            template in
            // Every field not changed differs from the stored one: the provider must keep those.
            template.filename = current.name + " (stale)"
            template.parentItemIdentifier = current.parent == .rootContainer ? .trashContainer : .rootContainer
            template.creationDate = ModelState.date(value + 1)
            template.contentModificationDate = ModelState.date(value + 2)
            template.lastUsedDate = ModelState.date(value + 3)
            template.tagData = Data("stale tags".utf8)
            template.favoriteRank = 4_242
            template.extendedAttributes = ["user.stale": Data("stale".utf8)]
            template.typeAndCreator = TypeAndCreator(type: 0x5354_4C45, creator: 0x5354_4C45)
            template.fileSystemFlags = [.userReadable, .userExecutable]
            switch changed {
            case .tagData: template.tagData = ModelState.tagData(value)
            case .favoriteRank: template.favoriteRank = ModelState.favoriteRank(value)
            case .lastUsedDate: template.lastUsedDate = ModelState.lastUsedDate(value)
            case .extendedAttributes: template.extendedAttributes = ModelState.extendedAttributes(value)
            case .creationDate: template.creationDate = ModelState.date(value)
            case .typeAndCreator: template.typeAndCreator = ModelState.typeAndCreator(value)
            case .fileSystemFlags: template.fileSystemFlags = ModelState.fileSystemFlags(value)
            default: template.contentModificationDate = ModelState.date(value)
            }
            if clears {
                template.tagData = changed == .tagData ? nil : template.tagData
                template.favoriteRank = changed == .favoriteRank ? nil : template.favoriteRank
                template.lastUsedDate = changed == .lastUsedDate ? nil : template.lastUsedDate
                template.extendedAttributes = changed == .extendedAttributes ? [:] : template.extendedAttributes
            }
        }
    }

    /// A modification of `identifier` from the model's state of it, with `change` applied to the
    /// template; with a `stale` base version, its options are `failOnConflict` unless `options` says.
    mutating func modify(
        _ identifier: ItemIdentifier,
        _ fields: ItemFields,
        content: (data: Data, url: URL)? = nil,
        base stale: ItemVersion? = nil,
        options: ModifyItemOptions? = nil,
        label: String,
        _ change: (inout ItemSnapshot) -> Void
    ) async throws -> ModelMutation? {
        guard let current = model.items[identifier] else { return nil }
        let version = try await baseVersion(of: identifier)
        var template = ItemSnapshot(
            itemIdentifier: identifier,
            parentItemIdentifier: current.parent,
            filename: current.name,
            contentType: current.isFolder ? .folder : .forFilename(current.name),
            itemVersion: version,
            creationDate: current.creationDate,
            contentModificationDate: current.modificationDate,
            lastUsedDate: current.lastUsedDate,
            tagData: current.tagData,
            favoriteRank: current.favoriteRank,
            extendedAttributes: current.extendedAttributes
        )
        change(&template)
        return ModelMutation(
            action: .modify(
                template: template,
                base: stale ?? version,
                fields: fields,
                content: content?.data,
                url: content?.url,
                options: options ?? (stale == nil ? [] : .failOnConflict)
            ),
            description: "modifyItem \(identifier) \"\(current.name)\": \(label) (fields \(Self.fieldName(fields)))"
        )
    }

    /// A modification of two or three of the content, the name and the parent at once (`content`
    /// picks which; a folder's content is never among them).
    private mutating func modifyMany(
        _ item: Int,
        name: Int,
        parent: Int,
        content: Int
    ) async throws
        -> ModelMutation?
    {
        guard let identifier = ModelState.pick(item, from: model.liveItems()), let current = model.items[identifier],
            let target = ModelState.pick(parent, from: model.folders())
        else { return nil }
        let newName = ModelState.names[name % ModelState.names.count]
        let combinations: [ItemFields] = [
            [.contents, .filename], [.filename, .parentItemIdentifier], [.contents, .parentItemIdentifier],
            [.contents, .filename, .parentItemIdentifier],
        ]
        var fields = combinations[content % combinations.count]
        if current.isFolder { fields.remove(.contents) }
        // A name canonically equal to the current one is no rename; a provider may keep either form.
        if current.name == newName { fields.remove(.filename) }
        guard fields.rawValue.nonzeroBitCount > 1 else { return nil }
        let data = ModelState.content(content)
        let url = try file(forKey: content % ModelState.contentVariety, data)
        let label = [
            fields.contains(.contents) ? "write \(data.count) bytes" : nil,
            fields.contains(.filename) ? "rename to \"\(newName)\"" : nil,
            fields.contains(.parentItemIdentifier) ? "move into \(target)" : nil,
        ]
        .compactMap { $0 }.joined(separator: ", ")
        return try await modify(
            identifier,
            fields,
            content: fields.contains(.contents) ? (data, url) : nil,
            label: label
        ) { template in
            if fields.contains(.filename) { template.filename = newName }
            if fields.contains(.parentItemIdentifier) { template.parentItemIdentifier = target }
        }
    }

    /// The version a call bases itself on: the last listing's, or within a backlog, where no
    /// listing follows each call, a fresh lookup's.
    func baseVersion(of identifier: ItemIdentifier) async throws -> ItemVersion {
        guard inBacklog else { return listed[identifier]?.itemVersion ?? ItemVersion() }
        return try await attempt { try await provider.item(for: identifier, request: Request()).itemVersion }
    }

    /// The file holding `data`, written once per key.
    mutating func file(forKey key: Int, _ data: Data) throws -> URL {
        if let url = contentFiles[key] { return url }
        let url = scratch.appendingPathComponent("content-\(key)")
        try ContentFile.write(data, toNewFileAt: url)
        contentFiles[key] = url
        return url
    }

    static func fieldName(_ field: ItemFields) -> String {
        let names: [(ItemFields, String)] = [
            (.contents, "contents"), (.filename, "filename"), (.parentItemIdentifier, "parentItemIdentifier"),
            (.lastUsedDate, "lastUsedDate"), (.tagData, "tagData"), (.favoriteRank, "favoriteRank"),
            (.creationDate, "creationDate"), (.contentModificationDate, "contentModificationDate"),
            (.fileSystemFlags, "fileSystemFlags"), (.extendedAttributes, "extendedAttributes"),
            (.typeAndCreator, "typeAndCreator"),
        ]
        return names.filter { field.contains($0.0) }.map(\.1).joined(separator: ", ")
    }
}
