import FileProviderKit
import Testing

@Suite("FileProviderError codes")
struct ErrorCodeTests {
    /// Apple's `NSFileProviderError.Code` raw values (NSFileProviderError.h), plus the Cocoa and
    /// POSIX codes the contract uses (FoundationErrors.h, errno.h).
    static let expectedRawValues: [(FileProviderError.Code, Int)] = [
        (.notAuthenticated, -1000), (.filenameCollision, -1001), (.syncAnchorExpired, -1002),
        (.insufficientQuota, -1003), (.serverUnreachable, -1004), (.noSuchItem, -1005),
        (.deletionRejected, -1006), (.directoryNotEmpty, -1007), (.providerNotFound, -2001),
        (.providerTranslocated, -2002), (.olderExtensionVersionRunning, -2003),
        (.newerExtensionVersionFound, -2004), (.cannotSynchronize, -2005), (.nonEvictableChildren, -2006),
        (.unsyncedEdits, -2007), (.nonEvictable, -2008), (.versionNoLongerAvailable, -2009),
        (.excludedFromSync, -2010), (.domainDisabled, -2011), (.providerDomainTemporarilyUnavailable, -2012),
        (.providerDomainNotFound, -2013), (.applicationExtensionNotFound, -2014),
        (.localVersionConflictingWithServer, -2015), (.invalidArgument, 22), (.fileReadUnknown, 256),
        (.fileReadNoPermission, 257), (.fileReadNoSuchFile, 260), (.fileWriteNoPermission, 513),
        (.invalidFilename, 514), (.featureUnsupported, 3328), (.unclassified, 4101),
    ]

    @Test func everyCodeHasItsPlatformRawValue() {
        for (code, rawValue) in Self.expectedRawValues {
            #expect(code.rawValue == rawValue, "\(code)")
            #expect(FileProviderError.Code(rawValue: rawValue) == code)
        }
        #expect(FileProviderError.Code.allCases.count == Self.expectedRawValues.count)
    }

    @Test func pageExpiredIsAnAliasOfSyncAnchorExpired() {
        #expect(FileProviderError.Code.pageExpired == .syncAnchorExpired)
        #expect(FileProviderError.Code.pageExpired.rawValue == -1002)
    }

    @Test func exactlyTheFiveThrottledCodesAreResolvable() {
        let resolvable = Set(FileProviderError.Code.allCases.filter(\.isResolvable))
        #expect(
            resolvable == [
                .notAuthenticated, .serverUnreachable, .insufficientQuota, .cannotSynchronize, .excludedFromSync,
            ]
        )
        #expect(FileProviderError(.serverUnreachable).isResolvable)
        #expect(!FileProviderError(.noSuchItem).isResolvable)
    }

    @Test func errorDomainsMatchTheRawValues() {
        for code in FileProviderError.Code.allCases {
            let expected =
                code.rawValue < 0
                ? "NSFileProviderErrorDomain" : code == .invalidArgument ? "NSPOSIXErrorDomain" : "NSCocoaErrorDomain"
            #expect(code.errorDomain == expected, "\(code)")
        }
    }

    @Test func factoriesCarryTheItemTheErrorConcerns() {
        let existing = ItemSnapshot(
            itemIdentifier: "a",
            parentItemIdentifier: .rootContainer,
            filename: "A.txt",
            contentType: .plainText
        )
        let collision = FileProviderError.collision(with: existing)
        #expect(collision.code == .filenameCollision)
        #expect(collision.item == existing)
        #expect(collision.itemIdentifier == "a")

        let rejected = FileProviderError.rejectedDeletion(of: existing)
        #expect(rejected.code == .deletionRejected)
        #expect(rejected.item == existing)

        let missing = FileProviderError.nonExistentItem(withIdentifier: "x")
        #expect(missing.code == .noSuchItem)
        #expect(missing.itemIdentifier == "x")
        #expect(missing.item == nil)
    }

    @Test func descriptionNamesTheCodeTheItemAndTheMessage() {
        let error = FileProviderError(.noSuchItem, itemIdentifier: "item-7", message: "It is gone.")
        #expect(error.description == "FileProviderError.noSuchItem (-1005) [item: item-7]: It is gone.")
    }
}
