import FileProviderKit
import Foundation
import Testing

@Suite("Mapping platform errors to FileProviderError")
struct ErrorMappingTests {
    /// Every row of the table on `FileProviderError.init(_: CocoaError, itemIdentifier:)`.
    static let cocoaRows: [(CocoaError.Code, FileProviderError.Code)] = [
        (.fileNoSuchFile, .fileReadNoSuchFile), (.fileReadNoSuchFile, .fileReadNoSuchFile),
        (.fileReadNoPermission, .fileReadNoPermission),
        (.fileWriteNoPermission, .fileWriteNoPermission), (.fileWriteVolumeReadOnly, .fileWriteNoPermission),
        (.fileReadInvalidFileName, .invalidFilename), (.fileWriteInvalidFileName, .invalidFilename),
        (.fileWriteFileExists, .filenameCollision), (.fileWriteOutOfSpace, .insufficientQuota),
        (.featureUnsupported, .featureUnsupported),
        (.fileReadUnknown, .fileReadUnknown), (.fileReadCorruptFile, .fileReadUnknown),
        (.fileLocking, .unclassified), (.userCancelled, .unclassified),
    ]

    /// ENOTSUP, which on Linux is also EOPNOTSUPP: each platform's `POSIXErrorCode` has one name for it.
    #if canImport(Darwin)
    static let unsupported = POSIXErrorCode.ENOTSUP
    #else
    static let unsupported = POSIXErrorCode.EOPNOTSUPP
    #endif

    /// Every row of the table on `FileProviderError.init(_: POSIXError, itemIdentifier:)`.
    static let posixRows: [(POSIXErrorCode, FileProviderError.Code)] = [
        (.ENOENT, .fileReadNoSuchFile), (.EACCES, .fileWriteNoPermission), (.EPERM, .fileWriteNoPermission),
        (.EROFS, .fileWriteNoPermission), (.EEXIST, .filenameCollision), (.ENOTEMPTY, .directoryNotEmpty),
        (.ENOSPC, .insufficientQuota), (.EDQUOT, .insufficientQuota), (.ENAMETOOLONG, .invalidFilename),
        (.EILSEQ, .invalidFilename), (.EINVAL, .invalidArgument), (.EISDIR, .invalidArgument),
        (.ENOTDIR, .invalidArgument), (unsupported, .featureUnsupported), (.ETIMEDOUT, .serverUnreachable),
        (.ECONNREFUSED, .serverUnreachable), (.ECONNRESET, .serverUnreachable), (.ENETDOWN, .serverUnreachable),
        (.ENETUNREACH, .serverUnreachable), (.EHOSTUNREACH, .serverUnreachable), (.ENOTCONN, .serverUnreachable),
        (.EIO, .unclassified), (.EBUSY, .unclassified),
    ]

    @Test(arguments: cocoaRows)
    func cocoaError(_ cocoaCode: CocoaError.Code, becomes code: FileProviderError.Code) throws {
        let error = FileProviderError(CocoaError(cocoaCode), itemIdentifier: "a")
        #expect((error.underlyingError as? CocoaError)?.code == cocoaCode)
        try expect(error, andMappingOf: CocoaError(cocoaCode), toHave: code)
    }

    @Test(arguments: posixRows)
    func posixError(_ posixCode: POSIXErrorCode, becomes code: FileProviderError.Code) throws {
        let error = FileProviderError(POSIXError(posixCode), itemIdentifier: "a")
        #expect((error.underlyingError as? POSIXError)?.code == posixCode)
        try expect(error, andMappingOf: POSIXError(posixCode), toHave: code)
    }

    /// EOPNOTSUPP is its own number on Darwin (102, where ENOTSUP is 45), one `POSIXErrorCode` has no
    /// case for; both numbers are an unsupported feature on every platform.
    @Test(arguments: [EOPNOTSUPP, ENOTSUP])
    func anUnsupportedOperationByEitherNumber(_ number: Int32) throws {
        let posixError = POSIXError(_nsError: NSError(domain: NSPOSIXErrorDomain, code: Int(number)))
        try expect(
            FileProviderError(posixError, itemIdentifier: "a"),
            andMappingOf: posixError,
            toHave: .featureUnsupported
        )
    }

    /// Expects `error` and `FileProviderError.mapped(platformError)` to have `code` and name item "a".
    private func expect(
        _ error: FileProviderError,
        andMappingOf platformError: any Error,
        toHave code: FileProviderError.Code
    ) throws {
        let mapped = try #require(FileProviderError.mapped(platformError, itemIdentifier: "a") as? FileProviderError)
        for error in [error, mapped] {
            #expect(error.code == code)
            #expect(error.itemIdentifier == "a")
        }
    }

    @Test func aFileProviderErrorKeepsItsCodeAndGainsTheItemItLacks() throws {
        let unnamed = try #require(
            FileProviderError.mapped(FileProviderError(.serverUnreachable), itemIdentifier: "a") as? FileProviderError
        )
        #expect(unnamed.code == .serverUnreachable)
        #expect(unnamed.itemIdentifier == "a")
        let named = try #require(
            FileProviderError.mapped(FileProviderError.nonExistentItem(withIdentifier: "b"), itemIdentifier: "a")
                as? FileProviderError
        )
        #expect(named.code == .noSuchItem)
        #expect(named.itemIdentifier == "b")
    }

    @Test func aMissingFileReadByFoundationIsAMissingFile() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString)")
        #expect {
            try content(of: "a", at: missing)
        } throws: { error in
            guard let error = error as? FileProviderError else { return false }
            return error.code == .fileReadNoSuchFile && error.itemIdentifier == "a"
                && error.underlyingError is CocoaError
        }
    }

    /// Reads the content handed in for the item `identifier` at `url`, as a provider does in
    /// `createItem` and `modifyItem`.
    private func content(of identifier: ItemIdentifier, at url: URL) throws -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw FileProviderError.mapped(error, itemIdentifier: identifier)
        }
    }

    @Test func cancellationStaysCancellation() {
        #expect(FileProviderError.mapped(CancellationError(), itemIdentifier: "a") is CancellationError)
    }

    @Test func anyOtherErrorIsUnclassifiedTransientAndCarriesIt() throws {
        struct Unknown: Error {}
        let error = try #require(FileProviderError.mapped(Unknown()) as? FileProviderError)
        #expect(error.code == .unclassified)
        #expect(error.code.rawValue == 4101)
        #expect(error.code.errorDomain == "NSCocoaErrorDomain")
        #expect(!error.isResolvable)
        #expect(error.itemIdentifier == nil)
        #expect(error.underlyingError is Unknown)
        let named = try #require(FileProviderError.mapped(Unknown(), itemIdentifier: "a") as? FileProviderError)
        #expect(named.code == .unclassified)
        #expect(named.itemIdentifier == "a")
    }
}
