import FileProviderKit
import Foundation
import InMemoryFileProvider

/// A layer over the reference provider whose partial fetches return files that are legal but not
/// sparse: the bytes before the range are `0xEE`, and the file runs `tail` bytes of `0xEE` past
/// the range's end. The contract leaves every byte outside the range unspecified, so the suite
/// must read only the range, at its own offsets.
struct UnspecifiedBytesProvider: ReferenceProviderLayer, PartialContentFetching {
    let inner: InMemoryFileProvider
    var tail = 100

    func fetchPartialContents(
        for identifier: ItemIdentifier,
        version: ItemVersion,
        request: Request,
        minimalRange: Range<Int64>,
        aligningTo alignment: Int,
        options: FetchContentsOptions
    ) async throws -> FetchedPartialContents {
        var fetched = try await inner.fetchPartialContents(
            for: identifier,
            version: version,
            request: request,
            minimalRange: minimalRange,
            aligningTo: alignment,
            options: options
        )
        let (bytes, _) = try ContentFile.read(fetched.url, in: fetched.range)
        var filled = Data(repeating: 0xEE, count: Int(fetched.range.lowerBound))
        filled.append(bytes)
        filled.append(Data(repeating: 0xEE, count: tail))
        let url = ScratchFile.unique()
        try ContentFile.write(filled, toNewFileAt: url)
        ContentFile.remove(fetched.url)
        fetched.url = url
        return fetched
    }
}
