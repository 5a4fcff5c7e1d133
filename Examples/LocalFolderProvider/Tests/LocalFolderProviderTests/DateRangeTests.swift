import FileProviderKit
import Foundation
import LocalFolderProvider
import Testing

/// Dates a disk cannot hold are bad input: a clear error, nothing created or changed.
@Suite("Dates out of the disk's range")
struct DateRangeTests {
    /// Seconds after 2001 (dates themselves cannot be test arguments: describing a NaN date traps).
    static let intervals: [TimeInterval] = [1e300, -1e300, .infinity, .nan]

    @Test("creating or dating an item with a date no disk holds fails with invalidArgument", arguments: intervals)
    func outOfRange(interval: TimeInterval) async throws {
        let date = Date(timeIntervalSinceReferenceDate: interval)
        let subject = try ProviderUnderTest()
        let file = try await subject.provider.create("file.txt", text: "kept")
        let before = try await subject.provider.workingSet()
        var template = ItemSnapshot(
            itemIdentifier: "t",
            parentItemIdentifier: .rootContainer,
            filename: "new.txt",
            contentType: .plainText
        )
        template.contentModificationDate = date
        for isFolder in [false, true] {
            template.contentType = isFolder ? .folder : .plainText
            let create = await errorCode {
                try await subject.provider.createItem(
                    basedOn: template,
                    fields: [.filename, .contentModificationDate],
                    contents: nil,
                    options: [],
                    request: Request()
                )
            }
            #expect(create == .invalidArgument)
        }
        let modify = await errorCode { try await subject.provider.setDate(of: file, to: date) }
        #expect(modify == .invalidArgument)
        #expect(try await subject.provider.workingSet() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: subject.folders.root.path) == ["file.txt"])
    }
}
