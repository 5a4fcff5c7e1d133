import FileProviderKit
import Foundation

#if canImport(FileProvider)
import FileProvider
#endif

extension ItemIdentifier {
    /// The identifier with the same string: the reserved containers' strings are Apple's constant
    /// names, so `.rootContainer`, `.workingSet` and `.trashContainer` cross as Apple's.
    public init(_ apple: NSFileProviderItemIdentifier) {
        self.init(rawValue: apple.rawValue)
    }

    /// Apple's identifier with the same string.
    public var apple: NSFileProviderItemIdentifier { NSFileProviderItemIdentifier(rawValue: rawValue) }
}

extension DecorationIdentifier {
    /// The decoration with the same string.
    public init(_ apple: NSFileProviderItemDecorationIdentifier) {
        self.init(rawValue: apple.rawValue)
    }

    /// Apple's decoration with the same string.
    public var apple: NSFileProviderItemDecorationIdentifier {
        NSFileProviderItemDecorationIdentifier(rawValue: rawValue)
    }
}

extension ActionIdentifier {
    /// The action with the same string.
    public init(_ apple: NSFileProviderExtensionActionIdentifier) {
        self.init(rawValue: apple.rawValue)
    }

    /// Apple's action with the same string.
    public var apple: NSFileProviderExtensionActionIdentifier {
        NSFileProviderExtensionActionIdentifier(rawValue: rawValue)
    }
}
