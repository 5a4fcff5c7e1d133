import FileProviderAppleBridge
import FileProviderKit
import Foundation
import Testing

#if canImport(FileProvider)
import FileProvider
#endif

/// Every error code crosses to Apple's domains and back unchanged, in the domain Apple accepts.
@Suite("Errors across the bridge")
struct ErrorBridgingTests {
    @Test(
        "every code crosses to Apple and back with its code, item and message",
        arguments: FileProviderError.Code.allCases
    )
    func roundTrip(_ code: FileProviderError.Code) throws {
        let original = FileProviderError(code, itemIdentifier: "item-1", message: "because")
        let apple = AppleErrorBridge.appleError(for: original)
        let back = try #require(AppleErrorBridge.error(fromApple: apple) as? FileProviderError)
        #expect(back.code == code)
        #expect(back.itemIdentifier == "item-1")
        #expect(back.message == "because")
    }

    @Test(
        "every code reaches Apple in NSFileProviderErrorDomain or NSCocoaErrorDomain",
        arguments: FileProviderError.Code.allCases
    )
    func appleDomains(_ code: FileProviderError.Code) {
        let apple = AppleErrorBridge.appleError(for: FileProviderError(code))
        #expect([NSFileProviderErrorDomain, NSCocoaErrorDomain].contains(apple.domain))
        if code.errorDomain == FileProviderError.errorDomain {
            #expect(apple.domain == NSFileProviderErrorDomain && apple.code == code.rawValue)
        }
    }

    @Test("invalidArgument crosses as Cocoa 4101 wrapping POSIX EINVAL")
    func invalidArgument() throws {
        let apple = AppleErrorBridge.appleError(for: FileProviderError(.invalidArgument, message: "into itself"))
        #expect(apple.domain == NSCocoaErrorDomain && apple.code == 4101)
        let underlying = try #require(apple.userInfo[NSUnderlyingErrorKey] as? NSError)
        #expect(underlying.domain == NSPOSIXErrorDomain && underlying.code == 22)
    }

    @Test("cancellation crosses as NSUserCancelledError and back")
    func cancellation() {
        let apple = AppleErrorBridge.appleError(for: CancellationError())
        #expect(apple.domain == NSCocoaErrorDomain && apple.code == 3072)
        #expect(AppleErrorBridge.error(fromApple: apple) is CancellationError)
    }

    @Test("an unknown Swift error crosses as Cocoa 4101 carrying it, and comes back unclassified")
    func unknownError() throws {
        struct BackendDown: Error {}
        let apple = AppleErrorBridge.appleError(for: BackendDown())
        #expect(apple.domain == NSCocoaErrorDomain && apple.code == 4101)
        #expect(apple.userInfo[NSUnderlyingErrorKey] is BackendDown)
        let back = try #require(AppleErrorBridge.error(fromApple: apple) as? FileProviderError)
        #expect(back.code == .unclassified)
        #expect(back.underlyingError is BackendDown)
        #expect(!back.isResolvable)
    }

    @Test("a collision carries the existing item both ways")
    func collisionItem() throws {
        let existing = ItemSnapshot(
            itemIdentifier: "existing",
            parentItemIdentifier: .rootContainer,
            filename: "a.txt",
            contentType: .plainText
        )
        let apple = AppleErrorBridge.appleError(for: FileProviderError.collision(with: existing))
        #expect(apple.domain == NSFileProviderErrorDomain && apple.code == -1001)
        #expect((apple.userInfo[NSFileProviderErrorItemKey] as? BridgedItem)?.snapshot == existing)
        let back = try #require(AppleErrorBridge.error(fromApple: apple) as? FileProviderError)
        #expect(back.item == existing)
        #expect(back.itemIdentifier == "existing")
    }

    @Test("a missing item's identifier travels under NSFileProviderErrorNonExistentItemIdentifierKey")
    func nonExistentItem() throws {
        let apple = AppleErrorBridge.appleError(for: FileProviderError.nonExistentItem(withIdentifier: "gone"))
        #expect(apple.userInfo[NSFileProviderErrorNonExistentItemIdentifierKey] as? String == "gone")
        let back = try #require(AppleErrorBridge.error(fromApple: apple) as? FileProviderError)
        #expect(back.code == .noSuchItem && back.itemIdentifier == "gone")
    }

    @Test("a Cocoa code the contract does not name follows the CocoaError table")
    func otherCocoaCode() throws {
        let apple = NSError(domain: NSCocoaErrorDomain, code: CocoaError.Code.fileWriteOutOfSpace.rawValue)
        let back = try #require(AppleErrorBridge.error(fromApple: apple) as? FileProviderError)
        #expect(back.code == .insufficientQuota)
    }
}
