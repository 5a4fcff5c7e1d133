import FileProviderKit
import Foundation
import Testing

@Suite("Size limits at and past their edges")
struct LimitTests {
    @Test func pageHoldsAtMost500Bytes() throws {
        #expect(try Page(Data(count: 500)).rawValue.count == 500)
        expectInvalidValue(.pageTooLarge(byteCount: 501)) { try Page(Data(count: 501)) }
        #expect(try Page(Data()).rawValue.isEmpty)
    }

    @Test func syncAnchorHoldsAtMost500Bytes() throws {
        #expect(try SyncAnchor(Data(count: 500)).rawValue.count == 500)
        expectInvalidValue(.syncAnchorTooLarge(byteCount: 501)) { try SyncAnchor(Data(count: 501)) }
    }

    @Test func versionComponentsHoldAtMost128Bytes() throws {
        let version = try ItemVersion(contentVersion: Data(count: 128), metadataVersion: Data(count: 128))
        #expect(version.contentVersion.count == 128)
        expectInvalidValue(.versionComponentTooLarge(component: .content, byteCount: 129)) {
            try ItemVersion(contentVersion: Data(count: 129), metadataVersion: Data())
        }
        expectInvalidValue(.versionComponentTooLarge(component: .metadata, byteCount: 129)) {
            try ItemVersion(contentVersion: Data(), metadataVersion: Data(count: 129))
        }
    }

    @Test func decodingEnforcesTheLimitsToo() throws {
        let oversizedPage = try JSONEncoder().encode(Data(count: 501))
        expectInvalidValue(.pageTooLarge(byteCount: 501)) {
            try JSONDecoder().decode(Page.self, from: oversizedPage)
        }
        expectInvalidValue(.syncAnchorTooLarge(byteCount: 501)) {
            try JSONDecoder().decode(SyncAnchor.self, from: oversizedPage)
        }
        let oversizedVersion = Data(
            #"{"contentVersion":"\#(Data(count: 129).base64EncodedString())","metadataVersion":""}"#.utf8
        )
        expectInvalidValue(.versionComponentTooLarge(component: .content, byteCount: 129)) {
            try JSONDecoder().decode(ItemVersion.self, from: oversizedVersion)
        }
    }

    @Test func revisionVersionsEncodeBigEndianCounters() {
        let version = ItemVersion(contentRevision: 1, metadataRevision: 258)
        #expect(version.contentVersion == Data([0, 0, 0, 0, 0, 0, 0, 1]))
        #expect(version.metadataVersion == Data([0, 0, 0, 0, 0, 0, 1, 2]))
        #expect(version != ItemVersion(contentRevision: 1, metadataRevision: 259))
        #expect(ItemVersion.beforeFirstSync.contentVersion == ItemVersion.beforeFirstSyncComponent)
    }

    @Test func initialPagesAreDistinctAndWithinTheLimit() throws {
        #expect(Page.initialPageSortedByName != Page.initialPageSortedByDate)
        #expect(Page.initialPageSortedByName.rawValue.count <= Page.maximumSize)
        #expect(Page.initialPageSortedByDate.isInitial)
        #expect(try !Page(Data([1, 2, 3])).isInitial)
    }

    @Test(arguments: ["", "a/b", "a:b", "/", ":"])
    func domainIdentifierRejects(_ text: String) {
        expectInvalidValue(.invalidDomainIdentifier(text)) { try DomainIdentifier(text) }
    }

    @Test func domainIdentifierAcceptsOrdinaryNames() throws {
        #expect(try DomainIdentifier("com.example.account-1").rawValue == "com.example.account-1")
    }

    @Test func errorsDescribeTheLimit() {
        #expect(
            InvalidValueError(.pageTooLarge(byteCount: 501)).description
                == "A page holds 501 bytes; at most 500 are allowed."
        )
        let error = FileProviderError.invalidValue(.pageTooLarge(byteCount: 501))
        #expect(error.code == .invalidArgument)
        #expect(error.message == "A page holds 501 bytes; at most 500 are allowed.")
        #expect(error.invalidValueReason == .pageTooLarge(byteCount: 501))
        #expect(
            error.description
                == "FileProviderError.invalidArgument (22): A page holds 501 bytes; at most 500 are allowed."
        )
        #expect(FileProviderError(.invalidArgument).invalidValueReason == nil)
    }

    /// Expects `body` to throw the ``FileProviderError`` a validating initializer throws for `reason`.
    private func expectInvalidValue<Value>(
        _ reason: InvalidValueError.Reason,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws -> Value
    ) {
        #expect(sourceLocation: sourceLocation) {
            try body()
        } throws: { error in
            guard let error = error as? FileProviderError else { return false }
            return error.code == .invalidArgument && error.invalidValueReason == reason
        }
    }
}
