import FileProviderKit
import Foundation

#if canImport(FileProvider)
import FileProvider
#endif

// Every option set of the contract has Apple's bit values, so each crosses bit for bit; a bit one
// side does not name crosses unchanged.

extension ItemCapabilities {
    /// The same bits.
    public init(_ apple: NSFileProviderItemCapabilities) { self.init(rawValue: apple.rawValue) }
    /// Apple's set with the same bits.
    public var apple: NSFileProviderItemCapabilities { NSFileProviderItemCapabilities(rawValue: rawValue) }
}

extension ItemFields {
    /// The same bits.
    public init(_ apple: NSFileProviderItemFields) { self.init(rawValue: apple.rawValue) }
    /// Apple's set with the same bits.
    public var apple: NSFileProviderItemFields { NSFileProviderItemFields(rawValue: rawValue) }
}

extension FileSystemFlags {
    /// The same bits.
    public init(_ apple: NSFileProviderFileSystemFlags) { self.init(rawValue: apple.rawValue) }
    /// Apple's set with the same bits.
    public var apple: NSFileProviderFileSystemFlags { NSFileProviderFileSystemFlags(rawValue: rawValue) }
}

extension CreateItemOptions {
    /// The same bits.
    public init(_ apple: NSFileProviderCreateItemOptions) { self.init(rawValue: apple.rawValue) }
    /// Apple's set with the same bits.
    public var apple: NSFileProviderCreateItemOptions { NSFileProviderCreateItemOptions(rawValue: rawValue) }
}

extension ModifyItemOptions {
    /// The same bits.
    public init(_ apple: NSFileProviderModifyItemOptions) { self.init(rawValue: apple.rawValue) }
    /// Apple's set with the same bits.
    public var apple: NSFileProviderModifyItemOptions { NSFileProviderModifyItemOptions(rawValue: rawValue) }
}

extension DeleteItemOptions {
    /// The same bits.
    public init(_ apple: NSFileProviderDeleteItemOptions) { self.init(rawValue: apple.rawValue) }
    /// Apple's set with the same bits.
    public var apple: NSFileProviderDeleteItemOptions { NSFileProviderDeleteItemOptions(rawValue: rawValue) }
}

// Partial content is macOS-only in Apple's framework, and so are its two option sets.
#if os(macOS) || !canImport(FileProvider)
extension FetchContentsOptions {
    /// The same bits.
    public init(_ apple: NSFileProviderFetchContentsOptions) { self.init(rawValue: apple.rawValue) }
    /// Apple's set with the same bits.
    public var apple: NSFileProviderFetchContentsOptions { NSFileProviderFetchContentsOptions(rawValue: rawValue) }
}

extension MaterializationFlags {
    /// The same bits.
    public init(_ apple: NSFileProviderMaterializationFlags) { self.init(rawValue: apple.rawValue) }
    /// Apple's set with the same bits.
    public var apple: NSFileProviderMaterializationFlags { NSFileProviderMaterializationFlags(rawValue: rawValue) }
}
#endif

extension ContentPolicy {
    /// The policy with the same raw value; one the contract does not know reads as ``inherited``.
    public init(_ apple: NSFileProviderContentPolicy) { self = ContentPolicy(rawValue: apple.rawValue) ?? .inherited }
    /// Apple's policy with the same raw value.
    public var apple: NSFileProviderContentPolicy { NSFileProviderContentPolicy(rawValue: rawValue) ?? .inherited }
}
