import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Content larger than the store's `maximumContentSize` is refused with `insufficientQuota`
/// (underlying `EFBIG`) before it is read, whatever size the caller's file claims: no trap.
@Suite("Content size limit")
struct ContentSizeLimitTests {
    static let template = ItemSnapshot(
        itemIdentifier: "t",
        parentItemIdentifier: .rootContainer,
        filename: "limited.txt",
        contentType: .plainText
    )

    @Test("content at the limit is stored; one byte more is refused with insufficientQuota and EFBIG")
    func limitIsExact() async throws {
        let fixture = try Fixture(maximumContentSize: 10)
        let created = try #require(
            try await fixture.provider.createItem(
                basedOn: Self.template,
                fields: [.filename, .contents],
                contents: try fixture.files.write("0123456789"),
                options: [],
                request: Request()
            )
        )
        #expect(try await fixture.contents(of: created.item.itemIdentifier) == "0123456789")
        do {
            _ = try await fixture.provider.modifyItem(
                created.item,
                baseVersion: created.item.itemVersion,
                changedFields: .contents,
                contents: try fixture.files.write("0123456789A"),
                options: [],
                request: Request()
            )
            Issue.record("11 bytes were stored past a limit of 10")
        } catch let error as FileProviderError {
            #expect(error.code == .insufficientQuota)
            #expect((error.underlyingError as? POSIXError)?.code == .EFBIG)
        }
        #expect(try await fixture.contents(of: created.item.itemIdentifier) == "0123456789")
    }

    @Test("a sparse file of 8 TiB is refused on create and modify, without a trap")
    func hugeSparseFileIsRefused() async throws {
        let fixture = try Fixture()
        let huge = try fixture.files.write("")
        // 8 TiB: past what any Data can hold here, and within what ext4 lets a file claim.
        try #require(truncate(huge.path, 1 << 43) == 0)
        await #expect(throws: FileProviderError.self) {
            _ = try await fixture.provider.createItem(
                basedOn: Self.template,
                fields: [.filename, .contents],
                contents: huge,
                options: [],
                request: Request()
            )
        }
        let created = try await fixture.createFile("small.txt", contents: "small")
        do {
            _ = try await fixture.provider.modifyItem(
                created,
                baseVersion: created.itemVersion,
                changedFields: .contents,
                contents: huge,
                options: [],
                request: Request()
            )
            Issue.record("an 8 TiB file was stored")
        } catch let error as FileProviderError {
            #expect(error.code == .insufficientQuota)
        }
        #expect(try await fixture.contents(of: created.itemIdentifier) == "small")
    }
}
