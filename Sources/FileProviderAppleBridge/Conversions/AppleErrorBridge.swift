import FileProviderKit
import Foundation

#if canImport(FileProvider)
import FileProvider
#endif

/// How errors cross between the contract and Apple's framework.
///
/// Apple accepts an extension's error only in `NSFileProviderErrorDomain` or `NSCocoaErrorDomain`
/// and wraps anything else in Cocoa's `NSXPCConnectionReplyInvalid` (4101) with the original as
/// `NSUnderlyingErrorKey`. Every `FileProviderError.Code` therefore crosses as
/// follows, the same both ways:
///
/// | Contract | Apple |
/// | --- | --- |
/// | a code of `NSFileProviderErrorDomain` (-1000 … -2015) | `NSFileProviderErrorDomain`, the same code |
/// | a Cocoa code (256, 257, 260, 513, 514, 3328) | `NSCocoaErrorDomain`, the same code |
/// | `FileProviderError.Code.unclassified` (4101) | `NSCocoaErrorDomain` 4101, the underlying error as `NSUnderlyingErrorKey` |
/// | `FileProviderError.Code.invalidArgument` (POSIX `EINVAL`) | `NSCocoaErrorDomain` 4101 wrapping `NSPOSIXErrorDomain` `EINVAL` |
/// | `CancellationError` | `NSCocoaErrorDomain` `NSUserCancelledError` (3072) |
///
/// The context travels in Apple's keys: the item of a collision or a rejected deletion under
/// `NSFileProviderErrorItemKey` (as an item object), the identifier of a missing item under
/// `NSFileProviderErrorNonExistentItemIdentifierKey`, any other identifier under
/// `NSFileProviderErrorItemKey`, the message under `NSLocalizedDescriptionKey`, and the underlying
/// error under `NSUnderlyingErrorKey`.
///
/// From Apple, any other Cocoa code becomes the code of `FileProviderError.init(_:itemIdentifier:)`,
/// and an error of any other domain — which Apple would have wrapped — becomes
/// `FileProviderError.Code.unclassified` carrying it.
public enum AppleErrorBridge {
    /// Cocoa's `NSXPCConnectionReplyInvalid`, the code Apple wraps foreign errors in.
    public static let replyInvalidCode = 4101
    /// Cocoa's `NSUserCancelledError`.
    public static let userCancelledCode = 3072

    /// The error to hand to Apple's framework for `error`, thrown by a provider.
    public static func appleError(for error: any Error) -> NSError {
        if error is CancellationError {
            return NSError(domain: NSCocoaErrorDomain, code: userCancelledCode)
        }
        guard let error = FileProviderError.mapped(error) as? FileProviderError else {
            return NSError(domain: NSCocoaErrorDomain, code: userCancelledCode)
        }
        var userInfo: [String: Any] = [:]
        if let message = error.message { userInfo[NSLocalizedDescriptionKey] = message }
        if let underlying = error.underlyingError { userInfo[NSUnderlyingErrorKey] = underlying }
        if let item = error.item {
            userInfo[NSFileProviderErrorItemKey] = BridgedItem(item)
        } else if let identifier = error.itemIdentifier {
            let key =
                error.code == .noSuchItem ? NSFileProviderErrorNonExistentItemIdentifierKey : NSFileProviderErrorItemKey
            userInfo[key] = identifier.rawValue
        }
        switch error.code {
        case .invalidArgument:
            var posixInfo: [String: Any] = [:]
            if let message = error.message { posixInfo[NSLocalizedDescriptionKey] = message }
            userInfo[NSUnderlyingErrorKey] = NSError(
                domain: NSPOSIXErrorDomain,
                code: FileProviderError.Code.invalidArgument.rawValue,
                userInfo: posixInfo
            )
            return NSError(domain: NSCocoaErrorDomain, code: replyInvalidCode, userInfo: userInfo)
        default:
            let domain =
                error.code.errorDomain == FileProviderError.errorDomain ? NSFileProviderErrorDomain : NSCocoaErrorDomain
            return NSError(domain: domain, code: error.code.rawValue, userInfo: userInfo)
        }
    }

    /// The contract's error for `error`, reported by an extension through Apple's framework: a
    /// `FileProviderError`, or `CancellationError` for `NSUserCancelledError`.
    public static func error(fromApple error: any Error) -> any Error {
        if error is CancellationError || error is FileProviderError { return error }
        let nsError = error as NSError
        let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error
        let message = nsError.userInfo[NSLocalizedDescriptionKey] as? String
        var result: FileProviderError
        switch nsError.domain {
        case NSFileProviderErrorDomain:
            guard let code = FileProviderError.Code(rawValue: nsError.code),
                code.errorDomain == FileProviderError.errorDomain
            else {
                return FileProviderError(.unclassified, message: message, underlyingError: error)
            }
            result = FileProviderError(code, message: message, underlyingError: underlying)
        case NSCocoaErrorDomain where nsError.code == userCancelledCode:
            return CancellationError()
        case NSCocoaErrorDomain where nsError.code == replyInvalidCode:
            if let posix = underlying.map({ $0 as NSError }), posix.domain == NSPOSIXErrorDomain,
                posix.code == FileProviderError.Code.invalidArgument.rawValue
            {
                result = FileProviderError(
                    .invalidArgument,
                    message: message ?? posix.userInfo[NSLocalizedDescriptionKey] as? String
                )
            } else {
                result = FileProviderError(.unclassified, message: message, underlyingError: underlying ?? error)
            }
        case NSCocoaErrorDomain:
            if let code = FileProviderError.Code(rawValue: nsError.code), code.errorDomain == NSCocoaErrorDomain {
                result = FileProviderError(code, message: message, underlyingError: underlying)
            } else {
                result = FileProviderError(CocoaError(CocoaError.Code(rawValue: nsError.code)))
                result.message = message
            }
        default:
            return FileProviderError(.unclassified, message: message, underlyingError: error)
        }
        switch nsError.userInfo[NSFileProviderErrorItemKey] {
        case let item as NSFileProviderItem:
            let snapshot = try? ItemSnapshot(apple: item)
            result.item = snapshot
            result.itemIdentifier = snapshot?.itemIdentifier
        case let identifier as String:
            result.itemIdentifier = ItemIdentifier(identifier)
        default:
            break
        }
        if let identifier = nsError.userInfo[NSFileProviderErrorNonExistentItemIdentifierKey] as? String {
            result.itemIdentifier = ItemIdentifier(identifier)
        }
        return result
    }
}
