import FileProviderKit
import Foundation

#if canImport(FileProvider)
import FileProvider
#endif

extension ItemVersion {
    /// The version with Apple's components, each translated by ``component(fromApple:)``.
    ///
    /// - Throws: `FileProviderError.invalidValue(_:)` when a component is longer
    ///   than `ItemVersion.maximumComponentSize`, as Apple's rule also forbids.
    public init(_ apple: NSFileProviderItemVersion) throws(FileProviderError) {
        try self.init(
            contentVersion: Self.component(fromApple: apple.contentVersion),
            metadataVersion: Self.component(fromApple: apple.metadataVersion)
        )
    }

    /// Apple's version with the same components, ``beforeFirstSyncComponent`` becoming Apple's.
    public var apple: NSFileProviderItemVersion {
        NSFileProviderItemVersion(
            contentVersion: Self.appleComponent(contentVersion),
            metadataVersion: Self.appleComponent(metadataVersion)
        )
    }

    /// A component from Apple: Apple's `beforeFirstSyncComponent` becomes
    /// `ItemVersion.beforeFirstSyncComponent`; any other is unchanged.
    public static func component(fromApple component: Data) -> Data {
        component == NSFileProviderItemVersion.beforeFirstSyncComponent ? beforeFirstSyncComponent : component
    }

    private static func appleComponent(_ component: Data) -> Data {
        component == beforeFirstSyncComponent ? NSFileProviderItemVersion.beforeFirstSyncComponent : component
    }
}
