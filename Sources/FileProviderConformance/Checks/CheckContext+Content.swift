import FileProviderKit
import Foundation

/// Content helpers: large, non-uniform bytes, and partial fetches checked against the bytes written.
extension CheckContext {
    /// `count` seeded, non-uniform bytes (a SplitMix64 stream), so a provider that truncates,
    /// reorders or repeats blocks cannot return equal bytes by chance.
    func largeContent(count: Int, salt: UInt64) -> Data {
        var state = seed ^ salt
        var data = Data(count: count)
        data.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < count {
                state &+= 0x9E37_79B9_7F4A_7C15
                var mixed = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
                mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
                mixed ^= mixed >> 31
                if offset + 8 <= count {
                    buffer.storeBytes(of: mixed, toByteOffset: offset, as: UInt64.self)
                } else {
                    for index in offset..<count {
                        buffer[index] = UInt8(truncatingIfNeeded: mixed >> (8 * (index - offset)))
                    }
                }
                offset += 8
            }
        }
        return data
    }

    /// Fetches `range` of `file` aligned to `alignment` and records a finding unless the returned
    /// range covers it, is aligned (or the whole file, or ends at its end) and holds the right bytes.
    func expectPartialFetch(
        _ fetcher: any PartialContentFetching,
        of file: ItemSnapshot,
        bytes: Data,
        range: Range<Int64>,
        alignment: Int
    ) async throws {
        note("fetchPartialContents(\(range), aligned to \(alignment))")
        let result = try await fetcher.fetchPartialContents(
            for: file.itemIdentifier,
            version: file.itemVersion,
            request: Request(),
            minimalRange: range,
            aligningTo: alignment,
            options: []
        )
        defer { ContentFile.remove(result.url) }
        let data = try Data(contentsOf: result.url)
        let got = result.range
        expect(
            got.lowerBound <= range.lowerBound && got.upperBound >= range.upperBound,
            "the returned range \(got) does not cover \(range)"
        )
        let isWholeFile = got == 0..<Int64(bytes.count)
        expect(
            isWholeFile || got.lowerBound % Int64(alignment) == 0,
            "the returned range \(got) does not start aligned to \(alignment)"
        )
        expect(
            isWholeFile || got.upperBound == Int64(bytes.count) || got.count % alignment == 0,
            "the returned range \(got) is not a multiple of \(alignment) long and does not end at the end of the file"
        )
        expect(
            got.lowerBound >= 0 && got.upperBound <= Int64(bytes.count),
            "the returned range \(got) reaches past the end of the \(bytes.count)-byte file",
            expected: "a range within 0..<\(bytes.count)"
        )
        let end = min(got.upperBound, Int64(bytes.count))
        let expected = bytes.subdata(in: Int(min(max(0, got.lowerBound), end))..<Int(end))
        expect(
            data == expected && Int64(data.count) == Int64(got.count),
            "the file does not hold exactly the bytes of range \(got)",
            expected: "\(got.count) bytes",
            actual: "\(data.count) bytes"
        )
    }
}
