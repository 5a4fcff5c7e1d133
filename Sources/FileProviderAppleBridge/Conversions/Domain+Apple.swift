import FileProviderKit
import Foundation

#if canImport(FileProvider)
import FileProvider
#endif

extension Domain {
    /// The domain with Apple's identifier, name and enablement, and on macOS its trash support and
    /// visibility (iOS domains have neither setting: they read as the defaults, a trash and visible).
    ///
    /// - Throws: `FileProviderError.invalidValue(_:)` for an identifier the contract
    ///   refuses (empty, or with `/` or `:`, which Apple forbids too).
    public init(_ apple: NSFileProviderDomain) throws(FileProviderError) {
        self.init(identifier: try DomainIdentifier(apple.identifier.rawValue), displayName: apple.displayName)
        userEnabled = apple.userEnabled
        #if os(macOS) || !canImport(FileProvider)
        supportsSyncingTrash = apple.supportsSyncingTrash
        isHidden = apple.isHidden
        #endif
    }

    /// Apple's domain with the same identifier and name, and on macOS the same trash support and
    /// visibility (enablement is the user's, not settable).
    public var apple: NSFileProviderDomain {
        let domain = NSFileProviderDomain(
            identifier: NSFileProviderDomainIdentifier(rawValue: identifier.rawValue),
            displayName: displayName
        )
        #if os(macOS) || !canImport(FileProvider)
        domain.supportsSyncingTrash = supportsSyncingTrash
        domain.isHidden = isHidden
        #endif
        return domain
    }
}

extension Request {
    /// The request Apple's framework made, with the progress the provider reports on. The
    /// requesting executable is known on macOS only.
    public init(_ apple: NSFileProviderRequest, progress: Progress) {
        #if os(macOS) || !canImport(FileProvider)
        let executable = apple.requestingExecutable
        #else
        let executable: URL? = nil
        #endif
        self.init(
            isSystemRequest: apple.isSystemRequest,
            isFileViewerRequest: apple.isFileViewerRequest,
            requestingExecutable: executable,
            progress: progress
        )
    }
}
