#if !canImport(FileProvider)
import Foundation

/// Apple's `NSFileProviderErrorDomain` (stand-in on Linux).
public let NSFileProviderErrorDomain = "NSFileProviderErrorDomain"
/// Apple's `NSFileProviderErrorItemKey` (stand-in on Linux): the item an error concerns.
public let NSFileProviderErrorItemKey = "NSFileProviderErrorItemKey"
/// Apple's `NSFileProviderErrorNonExistentItemIdentifierKey` (stand-in on Linux).
public let NSFileProviderErrorNonExistentItemIdentifierKey = "NSFileProviderErrorNonExistentItemIdentifierKey"
#endif
