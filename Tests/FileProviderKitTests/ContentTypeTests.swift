import FileProviderKit
import Foundation
import Testing

@Suite("ContentType hierarchy")
struct ContentTypeTests {
    @Test func foldersAndPackagesAreDirectories() {
        #expect(ContentType.folder.isFolder)
        #expect(ContentType.folder.isDirectory)
        #expect(ContentType.package.isDirectory)
        #expect(!ContentType.package.isFolder)
        #expect(!ContentType.data.isDirectory)
        #expect(ContentType.symbolicLink.isSymbolicLink)
        #expect(!ContentType.symbolicLink.isDirectory)
    }

    @Test func conformanceFollowsSupertypesTransitively() {
        #expect(ContentType.utf8PlainText.conforms(to: .text))
        #expect(ContentType.utf8PlainText.conforms(to: .data))
        #expect(ContentType.png.conforms(to: .image))
        #expect(ContentType.png.conforms(to: .content))
        #expect(!ContentType.png.conforms(to: .text))
        #expect(ContentType.folder.conforms(to: .item))
        #expect(ContentType.item.conforms(to: .item))
        #expect(!ContentType.item.conforms(to: .data))
    }

    @Test func customTypesConformToWhatTheyDeclareAndToItem() {
        let notebook = ContentType("com.example.notebook", conformingTo: [.json])
        #expect(notebook.conforms(to: .json))
        #expect(notebook.conforms(to: .text))
        #expect(notebook.conforms(to: .item))
        #expect(!notebook.conforms(to: .image))
        #expect(ContentType("com.example.blob").conforms(to: .item))
    }

    @Test func equalityAndCodingUseTheIdentifier() throws {
        #expect(ContentType("public.folder") == .folder)
        let data = try JSONEncoder().encode(ContentType.png)
        #expect(String(decoding: data, as: UTF8.self) == #""public.png""#)
        let decoded = try JSONDecoder().decode(ContentType.self, from: data)
        #expect(decoded == .png)
        #expect(decoded.conforms(to: .image))
    }

    @Test func guessesTypesFromFilenames() {
        #expect(ContentType.forFilename("notes.TXT") == .plainText)
        #expect(ContentType.forFilename("photo.jpeg") == .jpeg)
        #expect(ContentType.forFilename("archive.unknownext") == .data)
        #expect(ContentType.forFilename("README") == .data)
        #expect(ContentType.forFilename(".profile") == .data)
    }
}
