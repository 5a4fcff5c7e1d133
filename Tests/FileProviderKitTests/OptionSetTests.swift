import FileProviderKit
import Testing

@Suite("Option sets carry Apple's bit values")
struct OptionSetTests {
    @Test func itemCapabilities() {
        #expect(ItemCapabilities.allowsReading.rawValue == 1 << 0)
        #expect(ItemCapabilities.allowsWriting.rawValue == 1 << 1)
        #expect(ItemCapabilities.allowsReparenting.rawValue == 1 << 2)
        #expect(ItemCapabilities.allowsRenaming.rawValue == 1 << 3)
        #expect(ItemCapabilities.allowsTrashing.rawValue == 1 << 4)
        #expect(ItemCapabilities.allowsDeleting.rawValue == 1 << 5)
        #expect(ItemCapabilities.allowsEvicting.rawValue == 1 << 6)
        #expect(ItemCapabilities.allowsExcludingFromSync.rawValue == 1 << 7)
        #expect(ItemCapabilities.allowsAddingSubItems == .allowsWriting)
        #expect(ItemCapabilities.allowsContentEnumerating == .allowsReading)
        #expect(ItemCapabilities.defaultCapabilities.rawValue == 63)
        #expect(ItemCapabilities.defaultCapabilities.isDisjoint(with: [.allowsEvicting, .allowsExcludingFromSync]))
        #expect(ItemCapabilities.allowsAllValue == ItemCapabilities.defaultCapabilities)
    }

    @Test func itemFields() {
        let expected: [(ItemFields, UInt)] = [
            (.contents, 1 << 0), (.filename, 1 << 1), (.parentItemIdentifier, 1 << 2), (.lastUsedDate, 1 << 3),
            (.tagData, 1 << 4), (.favoriteRank, 1 << 5), (.creationDate, 1 << 6),
            (.contentModificationDate, 1 << 7), (.fileSystemFlags, 1 << 8), (.extendedAttributes, 1 << 9),
            (.typeAndCreator, 1 << 10),
        ]
        for (field, bit) in expected {
            #expect(field.rawValue == bit)
        }
        #expect(ItemFields.all.rawValue == (1 << 11) - 1)
        #expect(ItemFields.metadata == ItemFields.all.subtracting(.contents))
    }

    @Test func operationOptions() {
        #expect(CreateItemOptions.mayAlreadyExist.rawValue == 1 << 0)
        #expect(CreateItemOptions.deletionConflicted.rawValue == 1 << 1)
        #expect(ModifyItemOptions.mayAlreadyExist.rawValue == 1 << 0)
        #expect(ModifyItemOptions.failOnConflict.rawValue == 1 << 1)
        #expect(ModifyItemOptions.isImmediateUploadRequestByPresentingApplication.rawValue == 1 << 2)
        #expect(DeleteItemOptions.recursive.rawValue == 1 << 0)
        #expect(FetchContentsOptions.strictVersioning.rawValue == 1 << 0)
        #expect(MaterializationFlags.knownSparseRanges.rawValue == 1 << 0)
    }

    @Test func fileSystemFlagsAndContentPolicy() {
        #expect(FileSystemFlags.userExecutable.rawValue == 1 << 0)
        #expect(FileSystemFlags.userReadable.rawValue == 1 << 1)
        #expect(FileSystemFlags.userWritable.rawValue == 1 << 2)
        #expect(FileSystemFlags.hidden.rawValue == 1 << 3)
        #expect(FileSystemFlags.pathExtensionHidden.rawValue == 1 << 4)
        #expect(ContentPolicy.inherited.rawValue == 0)
        #expect(ContentPolicy.downloadLazily.rawValue == 1)
        #expect(ContentPolicy.downloadLazilyAndEvictOnRemoteUpdate.rawValue == 2)
        #expect(ContentPolicy.downloadEagerlyAndKeepDownloaded.rawValue == 3)
    }

    @Test func reservedIdentifiersUseApplesConstantNames() {
        #expect(ItemIdentifier.rootContainer.rawValue == "NSFileProviderRootContainerItemIdentifier")
        #expect(ItemIdentifier.workingSet.rawValue == "NSFileProviderWorkingSetContainerItemIdentifier")
        #expect(ItemIdentifier.trashContainer.rawValue == "NSFileProviderTrashContainerItemIdentifier")
        #expect(ItemIdentifier.trashContainer.isReservedContainer)
        #expect(!ItemIdentifier("item-1").isReservedContainer)
    }
}

/// Reads the deprecated `ItemCapabilities.allowsAll` through a protocol requirement it witnesses,
/// so that the test states its value without a deprecation warning.
private protocol DeprecatedCapabilities {
    static var allowsAll: ItemCapabilities { get }
}

extension ItemCapabilities: DeprecatedCapabilities {}

extension DeprecatedCapabilities {
    static var allowsAllValue: ItemCapabilities { allowsAll }
}
