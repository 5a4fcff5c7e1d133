import FileProviderKit
import Foundation

extension ItemSnapshot {
    /// A copy of `item` that shares no storage with it, as a provider decoding its items from a
    /// server or a database returns: a snapshot of its own, its strings and versions copied
    /// (those short enough to be stored inline never share storage).
    public init(independentCopyOf item: some FileProviderItem) {
        self.init(item)
        itemIdentifier = ItemIdentifier(copied(itemIdentifier.rawValue))
        parentItemIdentifier = ItemIdentifier(copied(parentItemIdentifier.rawValue))
        filename = copied(filename)
        if itemVersion.contentVersion.count > inlineDataLimit || itemVersion.metadataVersion.count > inlineDataLimit {
            itemVersion =
                (try? ItemVersion(
                    contentVersion: Data(Array(itemVersion.contentVersion)),
                    metadataVersion: Data(Array(itemVersion.metadataVersion))
                )) ?? itemVersion
        }
        symlinkTargetPath = symlinkTargetPath.map(copied)
    }
}

/// The longest string Swift stores inline, in UTF-8 bytes, on 64-bit platforms.
private let inlineStringLimit = 15

/// The longest `Data` Foundation stores inline on 64-bit platforms.
private let inlineDataLimit = 14

/// A string with storage of its own; a string short enough to be stored inline as it is.
private func copied(_ string: String) -> String {
    string.utf8.count <= inlineStringLimit ? string : string.withCString { String(cString: $0) }
}
