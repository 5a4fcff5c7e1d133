import FileProviderKit
import Foundation

/// One resolved write of a randomized run: the provider call, ready to be made, and what the
/// model predicts of it from its own state alone, so the run can check a call made on its own,
/// together with another one (either serialisation), or in a cancelled task.
struct ModelMutation: Sendable, CustomStringConvertible {
    enum Action: Sendable {
        /// A creation; `content` is `nil` for a folder.
        case create(template: ItemSnapshot, fields: ItemFields, content: Data?, url: URL?)
        /// A modification of `changedFields`; `content` is the new bytes when they change. The
        /// options carry `failOnConflict` only for a write on a stale base version.
        case modify(
            template: ItemSnapshot,
            base: ItemVersion,
            fields: ItemFields,
            content: Data?,
            url: URL?,
            options: ModifyItemOptions
        )
        /// A deletion, recursive for a folder.
        case delete(ItemIdentifier, base: ItemVersion, recursive: Bool)
    }

    /// What the model expects of the call.
    struct Expectation: Equatable {
        /// Whether success is a right answer.
        var success: Bool
        /// The error codes that are right answers.
        var codes: Set<FileProviderError.Code>
        /// For a modification: whether returning no item (the item left the domain, R13.8) is a
        /// right answer — only when the item does not exist. `nil` for creations and deletions,
        /// whose `nil` result is judged as a success.
        var noItem: Bool? = nil

        static let succeeds = Expectation(success: true, codes: [])

        static func fails(_ code: FileProviderError.Code) -> Expectation {
            Expectation(success: false, codes: [code])
        }

        func accepts(_ outcome: Result<ItemMutationResult?, any Error>) -> Bool {
            switch outcome {
            case .success(nil) where noItem != nil: noItem == true
            case .success: success
            case .failure(let error as FileProviderError): codes.contains(error.code)
            case .failure: false
            }
        }

        var description: String {
            ((success ? ["success"] : []) + codes.map { "\($0)" }.sorted() + (noItem == true ? ["no item (nil)"] : []))
                .joined(separator: " or ")
        }
    }

    let action: Action
    /// The options of a creation (`mayAlreadyExist` for the invalid-operation generator's steps).
    let createOptions: CreateItemOptions
    /// What the call must answer when the step that made it knows better than the model's general
    /// rules (a stale deletion, a deletion without `recursive`), with the clauses a wrong answer
    /// violates.
    let override: (expectation: Expectation, clauses: [String])?
    /// Whether the call puts the item in a folder in the trash: a wrong answer to a call the model
    /// expected to succeed then also breaks R14.7, which the finding names first.
    var arrivesInTrashedFolder = false
    private let describe: @Sendable () -> String

    /// A mutation making `action`, described (only when needed) by `description`.
    init(
        action: Action,
        createOptions: CreateItemOptions = [],
        override: (expectation: Expectation, clauses: [String])? = nil,
        description: @escaping @autoclosure @Sendable () -> String
    ) {
        self.action = action
        self.createOptions = createOptions
        self.override = override
        self.describe = description
    }

    /// The call with the item's identifier and name and the fields it changes.
    var description: String { describe() }

    /// The item the call writes to, `nil` for a creation.
    var target: ItemIdentifier? {
        switch action {
        case .create: nil
        case .modify(let template, _, _, _, _, _): template.itemIdentifier
        case .delete(let identifier, _, _): identifier
        }
    }

    /// Whether the call deletes a folder, whose base version a provider may bump for changes
    /// inside it, so it is never paired with another call.
    var deletesFolder: Bool {
        if case .delete(_, _, let recursive) = action { recursive } else { false }
    }

    /// Makes the call; never throws, the outcome carries the error.
    func perform(on provider: any FileProvider) async -> Result<ItemMutationResult?, any Error> {
        do {
            switch action {
            case .create(let template, let fields, _, let url):
                return .success(
                    try await provider.createItem(
                        basedOn: template,
                        fields: fields,
                        contents: url,
                        options: createOptions,
                        request: Request()
                    )
                )
            case .modify(let template, let base, let fields, _, let url, let options):
                return .success(
                    try await provider.modifyItem(
                        template,
                        baseVersion: base,
                        changedFields: fields,
                        contents: url,
                        options: options,
                        request: Request()
                    )
                )
            case .delete(let identifier, let base, let recursive):
                try await provider.deleteItem(
                    identifier: identifier,
                    baseVersion: base,
                    options: recursive ? .recursive : [],
                    request: Request()
                )
                return .success(nil)
            }
        } catch {
            return .failure(error)
        }
    }

    /// What the call should answer when the domain is in `model`'s state.
    func expectation(in model: ModelState) -> Expectation {
        if let override { return override.expectation }
        switch action {
        case .create(let template, _, let content, _):
            let parent = template.parentItemIdentifier
            if Filename.problem(in: template.filename) != nil { return .fails(.invalidFilename) }
            if !model.isContainer(parent) { return .fails(.noSuchItem) }
            guard model.collides(template.filename, in: parent) else { return .succeeds }
            // With mayAlreadyExist, a sibling of the name and kind may come back instead (two such
            // creations made together), or the call fails with the collision.
            let sameKind = model.collides(template.filename, in: parent, kind: content == nil)
            return createOptions.contains(.mayAlreadyExist) && sameKind
                ? Expectation(success: true, codes: [.filenameCollision]) : .fails(.filenameCollision)
        case .modify(let template, _, let fields, _, _, let options):
            let identifier = template.itemIdentifier
            if identifier.isReservedContainer { return Self.reservedContainerRefusal }
            guard let current = model.items[identifier] else {
                return Expectation(success: false, codes: [.noSuchItem], noItem: true)
            }
            var expectation = modifyExpectation(template, fields: fields, options: options, current: current, in: model)
            expectation.noItem = false
            return expectation
        case .delete(let identifier, _, _):
            return identifier.isReservedContainer ? Self.reservedContainerRefusal : .succeeds
        }
    }

    /// What a write to the root, the trash or the working set answers (rule 16): one of the codes
    /// the contract allows, never success.
    static let reservedContainerRefusal = Expectation(
        success: false,
        codes: [.fileWriteNoPermission, .invalidArgument, .noSuchItem]
    )

    /// What a modification of `current`, which exists, should answer.
    private func modifyExpectation(
        _ template: ItemSnapshot,
        fields: ItemFields,
        options: ModifyItemOptions,
        current: ModelState.Item,
        in model: ModelState
    ) -> Expectation {
        let identifier = template.itemIdentifier
        if options.contains(.failOnConflict) { return .fails(.localVersionConflictingWithServer) }
        if fields.contains(.filename), Filename.problem(in: template.filename) != nil {
            return .fails(.invalidFilename)
        }
        let parent = fields.contains(.parentItemIdentifier) ? template.parentItemIdentifier : current.parent
        let name = fields.contains(.filename) ? template.filename : current.name
        if fields.contains(.parentItemIdentifier) {
            if !model.isContainer(parent) { return .fails(.noSuchItem) }
            if model.isSelfOrAncestor(identifier, of: parent) { return .fails(.invalidArgument) }
        }
        guard model.collides(name, in: parent, excluding: identifier) else { return .succeeds }
        // Whether names collide inside the trash is the provider's choice.
        return parent == .trashContainer
            ? Expectation(success: true, codes: [.filenameCollision]) : .fails(.filenameCollision)
    }

    /// The clauses a wrong answer to the call violates, given what the model expected of it and,
    /// when known, what the call answered: no item from a modification of an item that exists
    /// violates R13.8, a collision where the folder holds no sibling of the name R11.2 as well.
    func clauses(
        expecting expectation: Expectation,
        outcome: Result<ItemMutationResult?, any Error>? = nil
    ) -> [String] {
        if expectation.noItem == false, case .success(nil)? = outcome { return ["R13.8"] }
        if let override, override.expectation == expectation { return override.clauses }
        if let target, target.isReservedContainer { return ["R16.4"] }
        // A collision with no sibling of the name: the call counted an item of another folder (or
        // of the trash) as one.
        if expectation.success, case .failure(let error as FileProviderError)? = outcome,
            error.code == .filenameCollision
        {
            return ["R11.2"] + clauses(expecting: expectation)
        }
        if !expectation.success {
            return expectation.codes.sorted { $0.rawValue < $1.rawValue }.flatMap { code -> [String] in
                switch (code, action) {
                case (.noSuchItem, .create): ["R12.2"]
                case (.noSuchItem, _): ["R13.7", "R16.2"]
                case (.filenameCollision, _): ["R11.2", "R11.3"]
                case (.localVersionConflictingWithServer, _): ["R13.3"]
                case (.invalidArgument, _): ["R13.6"]
                case (.invalidFilename, _): ["R11.1"]
                default: ["R16.1"]
                }
            }
        }
        let arrival = arrivesInTrashedFolder ? ["R14.7"] : []
        switch action {
        case .create: return arrival + ["R12.1"]
        case .modify(let template, _, let fields, _, _, _):
            guard fields.contains(.parentItemIdentifier) else { return ["R13.1"] }
            if !arrival.isEmpty { return arrival + ["R13.1"] }
            return template.parentItemIdentifier == .trashContainer ? ["R14.1", "R13.1"] : ["R13.1", "R14.2"]
        case .delete: return ["R14.3", "R15.3"]
        }
    }

    /// Applies a successful call's effect to `model`: the fields the provider did not leave
    /// pending.
    func apply(_ result: ItemMutationResult?, to model: inout ModelState) {
        let pending = result?.stillPendingFields ?? []
        switch action {
        case .create(let template, let fields, let content, _):
            guard let created = result?.item else { return }
            // Under mayAlreadyExist, the existing item came back: nothing was created.
            if createOptions.contains(.mayAlreadyExist), model.items[created.itemIdentifier] != nil { return }
            var item = ModelState.Item(
                parent: template.parentItemIdentifier,
                name: template.filename,
                isFolder: content == nil,
                content: content ?? Data()
            )
            Self.copyMetadata(fields.subtracting(pending), from: template, to: &item)
            model.add(created.itemIdentifier, item)
        case .modify(let template, _, let fields, let content, _, _):
            let applied = fields.subtracting(pending)
            model.update(template.itemIdentifier) { item in
                if applied.contains(.filename) { item.name = template.filename }
                if applied.contains(.parentItemIdentifier) { item.parent = template.parentItemIdentifier }
                // A write with a date takes that date (copied below). Without one, the provider
                // stamps the date of new content; the bytes the file already holds are no new
                // content (R10.1): the date stays as stored (rule 13), or moves forward for a
                // provider that treats them as new. Within a backlog the listing from before the
                // step is no baseline for it: the date may be an older, explicit one set since.
                if applied.contains(.contents), let content, !applied.contains(.contentModificationDate) {
                    if content != item.content {
                        item.modificationDate = nil
                        item.modificationDateMayMoveForward = false
                    } else if item.modificationDate != nil {
                        item.modificationDateMayMoveForward = true
                    }
                }
                if applied.contains(.contents), let content { item.content = content }
                Self.copyMetadata(applied, from: template, to: &item)
            }
        case .delete(let identifier, _, _):
            model.removeSubtree(identifier)
        }
    }

    private static func copyMetadata(_ fields: ItemFields, from template: ItemSnapshot, to item: inout ModelState.Item)
    {
        if fields.contains(.creationDate) { item.creationDate = template.creationDate }
        if fields.contains(.contentModificationDate) {
            item.modificationDate = template.contentModificationDate
            item.modificationDateMayMoveForward = false
        }
        if fields.contains(.lastUsedDate) { item.lastUsedDate = template.lastUsedDate }
        if fields.contains(.tagData) { item.tagData = template.tagData }
        if fields.contains(.favoriteRank) { item.favoriteRank = template.favoriteRank }
        if fields.contains(.extendedAttributes) { item.extendedAttributes = template.extendedAttributes }
        if fields.contains(.typeAndCreator) { item.editedTypeAndCreator = .some(template.typeAndCreator) }
        if fields.contains(.fileSystemFlags) { item.editedFlags = template.fileSystemFlags }
    }
}
