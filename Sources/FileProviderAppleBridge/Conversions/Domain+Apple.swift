import FileProviderKit
import Foundation

#if canImport(FileProvider)
import FileProvider
#endif

extension Domain {
    /// The domain with Apple's identifier, name, trash support, visibility and enablement.
    ///
    /// - Throws: ``FileProviderKit/FileProviderError/invalidValue(_:)`` for an identifier the contract
    ///   refuses (empty, or with `/` or `:`, which Apple forbids too).
    public init(_ apple: NSFileProviderDomain) throws(FileProviderError) {
        self.init(
            identifier: try DomainIdentifier(apple.identifier.rawValue),
            displayName: apple.displayName,
            supportsSyncingTrash: apple.supportsSyncingTrash,
            isHidden: apple.isHidden,
            userEnabled: apple.userEnabled
        )
    }

    /// Apple's domain with the same identifier, name, trash support and visibility (enablement is
    /// the user's, not settable).
    public var apple: NSFileProviderDomain {
        let domain = NSFileProviderDomain(
            identifier: NSFileProviderDomainIdentifier(rawValue: identifier.rawValue),
            displayName: displayName
        )
        domain.supportsSyncingTrash = supportsSyncingTrash
        domain.isHidden = isHidden
        return domain
    }
}

extension Request {
    /// The request Apple's framework made, with the progress the provider reports on.
    public init(_ apple: NSFileProviderRequest, progress: Progress) {
        self.init(
            isSystemRequest: apple.isSystemRequest,
            isFileViewerRequest: apple.isFileViewerRequest,
            requestingExecutable: apple.requestingExecutable,
            progress: progress
        )
    }
}
