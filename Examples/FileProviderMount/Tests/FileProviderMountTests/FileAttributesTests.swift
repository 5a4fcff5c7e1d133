import FileProviderKit
import Testing

@testable import FileProviderMount

#if canImport(Glibc)
import Glibc
#endif

/// Permission bits through `FileSystemFlags`: the owner's bits are kept, group and others follow.
@Suite("File attributes")
struct FileAttributesTests {
    @Test("0644, 0755, 0444 and 0555 round-trip; 0600 reads back as 0644 and 0000 as 0000")
    func modesRoundTrip() {
        let readBack = { (mode: mode_t) in
            FileAttributes.permissions(of: FileAttributes.flags(for: mode, hidden: false))
        }
        #expect(readBack(0o644) == 0o644)
        #expect(readBack(0o755) == 0o755)
        #expect(readBack(0o444) == 0o444)
        #expect(readBack(0o555) == 0o555)
        #expect(readBack(0o600) == 0o644)
        #expect(readBack(0) == 0)
        #expect(FileAttributes.flags(for: 0o644, hidden: true) == [.userReadable, .userWritable, .hidden])
    }

    @Test("a file's size is its open working copy's when one is given; folders and links have their own types")
    func typesAndSizes() {
        let attributes = FileAttributes(uid: 1000, gid: 1000)
        let file = ItemSnapshot(
            itemIdentifier: "f",
            parentItemIdentifier: .rootContainer,
            filename: "f.txt",
            contentType: .plainText,
            documentSize: 10
        )
        #expect(attributes.of(file).st_size == 10)
        #expect(attributes.of(file, size: 42).st_size == 42)
        #expect(attributes.of(file).st_mode == S_IFREG | 0o644)
        let link = ItemSnapshot(
            itemIdentifier: "l",
            parentItemIdentifier: .rootContainer,
            filename: "l",
            contentType: .symbolicLink,
            symlinkTargetPath: "f.txt"
        )
        #expect(attributes.of(link).st_mode == S_IFLNK | 0o777)
        #expect(attributes.of(link).st_size == 5)
        let folder = ItemSnapshot(
            itemIdentifier: "d",
            parentItemIdentifier: .rootContainer,
            filename: "d",
            contentType: .folder
        )
        #expect(attributes.of(folder).st_mode == S_IFDIR | 0o755)
        #expect(attributes.root().st_uid == 1000)
    }
}
