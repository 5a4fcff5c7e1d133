import FileProviderKit
import Foundation

#if canImport(FileProvider)
import FileProvider
import UniformTypeIdentifiers
#endif

extension ItemSnapshot {
    /// A snapshot of Apple's item, every member read once.
    ///
    /// A member the item does not implement gets the contract's default, which is what Apple's
    /// system assumes for it. A type and creator of two zero codes reads as none; user-info values
    /// other than strings, numbers, booleans and dates are dropped (Apple allows no others).
    ///
    /// - Throws: `FileProviderError.invalidValue(_:)` when the item's version has a
    ///   component longer than 128 bytes, which Apple's rule also forbids.
    public init(apple item: NSFileProviderItem) throws(FileProviderError) {
        // Each optional member of Apple's protocol is read into an optional: on Apple's systems an
        // unimplemented member reads as nil; the stand-in's members are always implemented.
        let contentType: UTType? = item.contentType
        let typeAndCreator: NSFileProviderTypeAndCreator? = item.typeAndCreator
        let capabilities: NSFileProviderItemCapabilities? = item.capabilities
        let fileSystemFlags: NSFileProviderFileSystemFlags? = item.fileSystemFlags
        let documentSize: NSNumber?? = item.documentSize
        let childItemCount: NSNumber?? = item.childItemCount
        let creationDate: Date?? = item.creationDate
        let contentModificationDate: Date?? = item.contentModificationDate
        let extendedAttributes: [String: Data]? = item.extendedAttributes
        let lastUsedDate: Date?? = item.lastUsedDate
        let tagData: Data?? = item.tagData
        let isUploaded: Bool? = item.isUploaded
        let isUploading: Bool? = item.isUploading
        let uploadingError: (any Error)?? = item.uploadingError
        let isDownloaded: Bool? = item.isDownloaded
        let isDownloading: Bool? = item.isDownloading
        let downloadingError: (any Error)?? = item.downloadingError
        let isMostRecentVersionDownloaded: Bool? = item.isMostRecentVersionDownloaded
        let isShared: Bool? = item.isShared
        let isSharedByCurrentUser: Bool? = item.isSharedByCurrentUser
        let ownerNameComponents: PersonNameComponents?? = item.ownerNameComponents
        let mostRecentEditorNameComponents: PersonNameComponents?? = item.mostRecentEditorNameComponents
        let itemVersion: NSFileProviderItemVersion? = item.itemVersion
        let symlinkTargetPath: String?? = item.symlinkTargetPath
        let userInfo: [AnyHashable: Any]?? = item.userInfo
        let contentPolicy: NSFileProviderContentPolicy? = item.contentPolicy
        let type = contentType.map { ContentType($0) } ?? .data
        var version = ItemVersion()
        if let itemVersion { version = try ItemVersion(itemVersion) }
        self.init(
            itemIdentifier: ItemIdentifier(item.itemIdentifier),
            parentItemIdentifier: ItemIdentifier(item.parentItemIdentifier),
            filename: item.filename,
            contentType: type,
            capabilities: capabilities.map { ItemCapabilities($0) } ?? .defaultCapabilities,
            itemVersion: version,
            documentSize: documentSize.flatMap { $0 }.map(\.int64Value),
            childItemCount: childItemCount.flatMap { $0 }.map(\.intValue),
            creationDate: creationDate.flatMap { $0 },
            contentModificationDate: contentModificationDate.flatMap { $0 },
            lastUsedDate: lastUsedDate.flatMap { $0 },
            tagData: tagData.flatMap { $0 },
            favoriteRank: Self.favoriteRank(of: item),
            isUploaded: isUploaded ?? true,
            isUploading: isUploading ?? false,
            uploadingError: Self.code(of: uploadingError.flatMap { $0 }),
            isDownloaded: isDownloaded ?? true,
            isDownloading: isDownloading ?? false,
            downloadingError: Self.code(of: downloadingError.flatMap { $0 }),
            isMostRecentVersionDownloaded: isMostRecentVersionDownloaded ?? true,
            isShared: isShared ?? false,
            isSharedByCurrentUser: isSharedByCurrentUser ?? false,
            ownerNameComponents: ownerNameComponents.flatMap { $0 },
            mostRecentEditorNameComponents: mostRecentEditorNameComponents.flatMap { $0 },
            userInfo: Self.userInfo(userInfo.flatMap { $0 }),
            extendedAttributes: extendedAttributes ?? [:],
            fileSystemFlags: fileSystemFlags.map { FileSystemFlags($0) },
            symlinkTargetPath: symlinkTargetPath.flatMap { $0 },
            typeAndCreator: typeAndCreator.flatMap { codes in
                codes.type == 0 && codes.creator == 0 ? nil : TypeAndCreator(type: codes.type, creator: codes.creator)
            },
            contentPolicy: contentPolicy.map { ContentPolicy($0) } ?? .inherited,
            decorations: (item as? any NSFileProviderItemDecorating)?.decorations?.map { DecorationIdentifier($0) }
        )
    }

    private static func favoriteRank(of item: NSFileProviderItem) -> UInt64? {
        #if os(macOS)
        return nil
        #else
        let rank: NSNumber?? = item.favoriteRank
        return rank.flatMap { $0 }.map(\.uint64Value)
        #endif
    }

    private static func code(of error: (any Error)?) -> FileProviderError.Code? {
        guard let error else { return nil }
        return (AppleErrorBridge.error(fromApple: error) as? FileProviderError)?.code ?? .unclassified
    }

    private static func userInfo(_ values: [AnyHashable: Any]?) -> [String: UserInfoValue] {
        guard let values else { return [:] }
        var result: [String: UserInfoValue] = [:]
        for (key, value) in values {
            guard let key = key.base as? String else { continue }
            switch value {
            case let string as String: result[key] = .string(string)
            case let date as Date: result[key] = .date(date)
            case let number as NSNumber: result[key] = Self.value(of: number)
            default: continue
            }
        }
        return result
    }

    /// A number's value by its Objective-C type: `c` or `B` is a Boolean, `f` or `d` a
    /// floating-point number, anything else an integer.
    private static func value(of number: NSNumber) -> UserInfoValue {
        switch String(cString: number.objCType) {
        case "c", "B": .bool(number.boolValue)
        case "f", "d": .double(number.doubleValue)
        default: .integer(number.intValue)
        }
    }
}
