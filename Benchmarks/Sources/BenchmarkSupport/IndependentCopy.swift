import FileProviderKit
import Foundation

extension ItemSnapshot {
    /// A copy of `item` that shares no storage with it, as a provider decoding its items from a
    /// server or a database returns: a snapshot of its own, its strings and versions copied.
    public init(independentCopyOf item: some FileProviderItem) {
        self.init(item)
        itemIdentifier = ItemIdentifier(copied(itemIdentifier.rawValue))
        parentItemIdentifier = ItemIdentifier(copied(parentItemIdentifier.rawValue))
        filename = copied(filename)
        itemVersion =
            (try? ItemVersion(
                contentVersion: Data(Array(itemVersion.contentVersion)),
                metadataVersion: Data(Array(itemVersion.metadataVersion))
            )) ?? itemVersion
        symlinkTargetPath = symlinkTargetPath.map(copied)
    }
}

/// A string with storage of its own (a small string is stored inline either way).
private func copied(_ string: String) -> String {
    string.withCString { String(cString: $0) }
}
