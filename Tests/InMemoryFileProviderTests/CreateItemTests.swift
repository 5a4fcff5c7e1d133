import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

@Suite("createItem")
struct CreateItemTests {
    @Test("assigns the provider's identifier, versions, dates and content")
    func createsFile() async throws {
        let fixture = try Fixture()
        let file = try await fixture.createFile("Notes.txt", contents: "hello")
        #expect(file.itemIdentifier == "i1")
        #expect(file.parentItemIdentifier == .rootContainer)
        #expect(file.filename == "Notes.txt")
        #expect(file.itemVersion == ItemVersion(contentRevision: 1, metadataRevision: 1))
        #expect(file.documentSize == 5)
        #expect(file.creationDate == fixture.clock.now())
        #expect(try await fixture.contents(of: file.itemIdentifier) == "hello")
        #expect(try await fixture.item(file.itemIdentifier) == file)
        #expect(fixture.store.snapshot().changeLog.map(\.identifier) == ["i1"])
    }

    @Test("takes the fields listed from the template")
    func takesListedFields() async throws {
        let fixture = try Fixture()
        let date = Date(timeIntervalSinceReferenceDate: 42)
        let template = ItemSnapshot(
            itemIdentifier: "x",
            parentItemIdentifier: .rootContainer,
            filename: "a.txt",
            contentType: .plainText,
            creationDate: date,
            tagData: Data([1]),
            favoriteRank: 9
        )
        let result = try await fixture.provider.createItem(
            basedOn: template,
            fields: [.creationDate, .tagData],
            contents: nil,
            options: [],
            request: Request()
        )
        let item = try #require(result?.item)
        #expect(item.creationDate == date)
        #expect(item.tagData == Data([1]))
        #expect(item.favoriteRank == nil)
        #expect(item.documentSize == 0)
    }

    @Test("creates folders and symbolic links")
    func createsFolderAndSymlink() async throws {
        let fixture = try Fixture()
        let folder = try await fixture.createFolder("Docs")
        #expect(folder.contentType == .folder)
        let template = ItemSnapshot(
            itemIdentifier: "x",
            parentItemIdentifier: folder.itemIdentifier,
            filename: "link",
            contentType: .symbolicLink,
            symlinkTargetPath: "../target"
        )
        let link = try #require(
            try await fixture.provider.createItem(
                basedOn: template,
                fields: [],
                contents: nil,
                options: [],
                request: Request()
            )?.item
        )
        #expect(link.symlinkTargetPath == "../target")
        #expect(try await fixture.contents(of: link.itemIdentifier) == "../target")
        #expect(try await fixture.names(folder.itemIdentifier) == ["link"])
    }

    @Test("a collision carries the existing item, case-insensitively by default")
    func collision() async throws {
        let fixture = try Fixture()
        let existing = try await fixture.createFile("Report.txt")
        let before = fixture.store.snapshot()
        do {
            try await fixture.createFile("report.TXT")
            Issue.record("expected a collision")
        } catch let error as FileProviderError {
            #expect(error.code == .filenameCollision)
            #expect(error.item == existing)
        }
        #expect(fixture.store.snapshot() == before)
    }

    @Test("case-sensitive domains keep names that differ in case apart")
    func caseSensitive() async throws {
        let fixture = try Fixture(caseRule: .caseSensitive)
        try await fixture.createFile("Report.txt")
        try await fixture.createFile("report.txt")
        #expect(try await fixture.names() == ["Report.txt", "report.txt"])
    }

    @Test(".mayAlreadyExist returns the matching item instead of a duplicate")
    func mayAlreadyExist() async throws {
        let fixture = try Fixture()
        let existing = try await fixture.createFile("a.txt", contents: "same")
        let again = try await fixture.createFile("A.txt", contents: "same", options: .mayAlreadyExist)
        #expect(again == existing)
        #expect(fixture.store.snapshot().items.count == 1)
        await fixture.expectError(.filenameCollision) {
            try await fixture.createFile("a.txt", contents: "different", options: .mayAlreadyExist)
        }
        let template = ItemSnapshot(
            itemIdentifier: "x",
            parentItemIdentifier: .rootContainer,
            filename: "new.txt",
            contentType: .plainText
        )
        let refused = try await fixture.provider.createItem(
            basedOn: template,
            fields: [],
            contents: nil,
            options: .mayAlreadyExist,
            request: Request()
        )
        #expect(refused == nil)
    }

    @Test("identifiers are never reused after deletion")
    func identifiersNotReused() async throws {
        let fixture = try Fixture()
        let first = try await fixture.createFile("a.txt")
        try await fixture.provider.deleteItem(
            identifier: first.itemIdentifier,
            baseVersion: first.itemVersion,
            options: [],
            request: Request()
        )
        let second = try await fixture.createFile("a.txt")
        #expect(second.itemIdentifier != first.itemIdentifier)
    }
}
