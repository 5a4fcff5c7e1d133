import FileProviderKit
import Foundation

/// Checks of content fetching (`CNT-…`).
///
/// The checks live in the catalogue's folders, one folder per rule of the behavioural contract; this
/// file lists them in report order and holds the helpers that checks of several rules share.
enum ContentChecks {
    static let all: [ConformanceCheck] = [
        byteExact, fetchFolder, fetchUnknown, callerOwnsFile, partialRanges, partialStrictVersion, partialUndeclared,
        largeContent, modificationDateMovesForward, olderVersion, largePartialFetches, containerFetches,
        callerWritesStayInOwnFile, contentWritesLeaveFetchedFile, createdUploadedIsStored, modifiedUploadedIsStored,
        creationReadsContentsInCall, modificationReadsContentsInCall, fetchesFinishTheirProgress,
        uploadsFinishTheirProgress,
        fetchedFilesAreSeparate,
    ]

}
