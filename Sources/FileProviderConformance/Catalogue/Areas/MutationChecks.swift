import FileProviderKit
import Foundation

/// Checks of creations, modifications and deletions (`MUT-…`).
///
/// The checks live in the catalogue's folders, one folder per rule of the behavioural contract; this
/// file lists them in report order and holds the helpers that checks of several rules share.
enum MutationChecks {
    static let all: [ConformanceCheck] = [
        createFile, createNested, missingParent, createCollision, caseRule, mayAlreadyExist, writeContent,
        allFieldsInOneCall, failOnConflict, conflictCopy, renameCollision, moveIntoDescendant, moveToMissingParent,
        deleteFile, deleteNonEmptyFolder, staleDeletion, deleteUnknown, modifyUnknown, invalidNames, metadataFields,
        symbolicLinks, concurrentCompareAndSwap, reservedContainers, invalidNamesInMoves, normalisationCollisions,
        unchangedFieldsStay, staleRename, staleMetadataEdit, conflictCopyBesideItsName, conflictCopyBesideLookAlike,
        mayAlreadyExistFile, staleDeletionAfterRename, reservedContainersCannotMove,
        remoteConflictCopyBesideCaseVariant, deleteRemotelyDeleted, modifyRemotelyDeleted, cycleThroughRemoteMove,
        contentWriteKeepsFields, metadataEditKeepsFields, caseOnlyRename, mayAlreadyExistFileElsewhere,
        mayAlreadyExistFolderElsewhere, fractionalDatesAtCreation, fractionalDatesInEdits, moveIntoGrandchild,
        moveIntoGrandchildThroughRemoteMove, moveKeepsFields, contentWriteKeepsExplicitDate, staleRenameApplied,
        staleMetadataEditApplied, staleRecursiveDeletionAfterRename, staleRecursiveDeletionAfterMove,
        binaryExtendedAttributesAtCreation, binaryExtendedAttributesInEdits, modifyExistingReturnsItem,
        fileCreationKeepsUnlistedDefaults, folderCreationKeepsUnlistedDefaults, createUnderFileRefused,
        createUnderFileReportsNothing, contentTypeKept, contentTypeKeptInChanges, fileWithoutContentsIsEmptyFile,
        fileWithoutContentsIsNoFolder, createdSizeIsStoredSize, createdSizeMatchesLookups,
        mayAlreadyExistOtherKindCollides, mayAlreadyExistOtherKindChangesNothing, mayAlreadyExistKeepsIncomingBytes,
        mayAlreadyExistKeepsIncomingBytesNested, attributeNamesKeepCaseInCreations, attributeNamesKeepCaseInEdits,
        extremeValuesKeptInCreations, extremeValuesKeptInEdits, createFromSymbolicLink, writeFromSymbolicLink,
        deepChain, everyFieldStoredOrPending, everyFieldEditReported,
        namedFieldsStoredAtCreation, everyFieldKeptThroughOperations, failingEditsChangeNoField,
        everyCollisionCarriesTheItem, modificationOptionsApplyFields, creationOptionsCreate,
        foreignReservedNamesAccepted, folderWithUnusualChildNotDeleted, wideRecursiveDeletion,
        ownNameInEveryContainer, longPathChain, staleRecursiveDeletionInTrash, creationOptionsInEveryParent,
    ]

    static let precomposed = "Caf\u{E9}.txt"

    /// A metadata field a template can set, how to give it a value no provider defaults to, and
    /// how a finding shows it.
    struct TemplateField {
        let name: String
        let field: ItemFields
        /// Whether the provider's default is a date it chooses (now), so that only the template's
        /// value is ruled out; otherwise the default is the one a template without the field gets.
        let isChosenDate: Bool
        let set: @Sendable (inout ItemSnapshot) -> Void
        let value: @Sendable (ItemSnapshot) -> String
    }

    static let templateFields: [TemplateField] = [
        TemplateField(
            name: "tagData",
            field: .tagData,
            isChosenDate: false,
            set: { $0.tagData = Data("template tags".utf8) },
            value: { FindingValue.describe($0.tagData as Any) }
        ),
        TemplateField(
            name: "favoriteRank",
            field: .favoriteRank,
            isChosenDate: false,
            set: { $0.favoriteRank = 42 },
            value: { FindingValue.describe($0.favoriteRank as Any) }
        ),
        TemplateField(
            name: "lastUsedDate",
            field: .lastUsedDate,
            isChosenDate: true,
            set: { $0.lastUsedDate = Date(timeIntervalSince1970: 1_234_567_890.5) },
            value: { FindingValue.describe($0.lastUsedDate as Any) }
        ),
        TemplateField(
            name: "extendedAttributes",
            field: .extendedAttributes,
            isChosenDate: false,
            set: { $0.extendedAttributes = ["com.example.template": Data("template".utf8)] },
            value: { item in
                let names = item.extendedAttributes.keys.sorted()
                return names.map { "\($0): \(FindingValue.describe(item.extendedAttributes[$0] as Any))" }
                    .joined(separator: ", ")
            }
        ),
        TemplateField(
            name: "creationDate",
            field: .creationDate,
            isChosenDate: true,
            set: { $0.creationDate = Date(timeIntervalSince1970: 1_111_111_111.25) },
            value: { FindingValue.describe($0.creationDate as Any) }
        ),
        TemplateField(
            name: "contentModificationDate",
            field: .contentModificationDate,
            isChosenDate: true,
            set: { $0.contentModificationDate = Date(timeIntervalSince1970: 1_222_222_222.75) },
            value: { FindingValue.describe($0.contentModificationDate as Any) }
        ),
        TemplateField(
            name: "fileSystemFlags",
            field: .fileSystemFlags,
            isChosenDate: false,
            set: { $0.fileSystemFlags = [.userReadable, .hidden, .pathExtensionHidden] },
            value: { "\($0.fileSystemFlags.rawValue)" }
        ),
        TemplateField(
            name: "typeAndCreator",
            field: .typeAndCreator,
            isChosenDate: false,
            set: { $0.typeAndCreator = TypeAndCreator(type: 0x5445_5854, creator: 0x7474_7874) },
            value: { $0.typeAndCreator.map { "\($0.type)/\($0.creator)" } ?? "nil" }
        ),
    ]

    /// A quarter of a second past a whole second: the first date the date checks try.
    static let quarterPast = Date(timeIntervalSinceReferenceDate: 1_000.25)

    /// A date with a fraction of a second that a binary floating-point interval and a nanosecond
    /// timestamp both hold exactly: a provider that stores either keeps it to the last bit.
    static func fractionalDate(_ context: CheckContext, after seconds: TimeInterval) -> Date {
        let fraction = context.random { Double(UInt8.random(in: 1...255, using: &$0)) / 256 }
        return Date(timeIntervalSinceReferenceDate: seconds + fraction)
    }

    /// Records a finding for every date of `actual` that differs from `expected`'s.
    static func expectDates(
        _ context: CheckContext,
        _ actual: ItemSnapshot,
        as expected: ItemSnapshot,
        _ fields: ItemFields,
        _ situation: String
    ) {
        let dates: [(String, ItemFields, KeyPath<ItemSnapshot, Date?>)] = [
            ("creationDate", .creationDate, \.creationDate),
            ("contentModificationDate", .contentModificationDate, \.contentModificationDate),
            ("lastUsedDate", .lastUsedDate, \.lastUsedDate),
        ]
        for (name, field, path) in dates where fields.contains(field) {
            context.expectEqual(actual[keyPath: path], expected[keyPath: path], "\(name) \(situation) is not exact")
        }
    }

    /// How many folders deep ``deepChain`` and `CHG-44` nest: past the 16 levels a provider with
    /// a fixed-depth path buffer or recursion limit stops at.
    static let chainDepth = 24

    /// A symbolic link in the context's scratch folder to a new file holding `data`.
    static func symbolicLink(_ context: CheckContext, to data: Data) throws -> URL {
        let target = try context.file(containing: data)
        let link = target.deletingLastPathComponent().appendingPathComponent(target.lastPathComponent + "-link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        return link
    }

    /// Dates before 1970: a fraction of a second before the epoch's first hour, and 1900.
    static let earlyDates = (
        creation: Date(timeIntervalSince1970: -2_208_988_800),
        modification: Date(timeIntervalSince1970: -1_000.25),
        lastUsed: Date(timeIntervalSince1970: -86_400.5)
    )

    /// Extended-attribute values that are not UTF-8: a lone 0xFF, a NUL, a truncated sequence, an
    /// overlong encoding and an encoded surrogate.
    static let binaryAttributes: [String: Data] = [
        "com.example.binary": Data([0xFF, 0x00, 0xC3]),
        "com.example.overlong": Data([0xC0, 0xAF, 0xED, 0xA0, 0x80, 0x80]),
        "com.example.text": Data("plain".utf8),
    ]

    /// Templates of a file, a folder and, when the subject declares them, a symbolic link, named
    /// `name` under `parent`, each with the contents its kind takes.
    static func templates(
        _ context: CheckContext,
        named name: String,
        under parent: ItemIdentifier
    ) -> [(ItemSnapshot, Data?)] {
        var templates: [(ItemSnapshot, Data?)] = [
            (context.template(named: "\(name).txt", in: parent, contentType: .plainText), Data("child".utf8)),
            (context.template(named: name, in: parent, contentType: .folder), nil),
        ]
        if context.capabilities.contains(.symbolicLinks) {
            let link = context.template(
                named: "\(name)-link",
                in: parent,
                contentType: .symbolicLink,
                symlinkTarget: "x"
            )
            templates.append((link, nil))
        }
        return templates
    }
}
