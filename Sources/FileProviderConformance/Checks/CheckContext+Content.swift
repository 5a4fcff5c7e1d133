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
    /// range covers it, is aligned (or the whole file, or ends at its end), and the file holds the
    /// range's bytes at their own offsets (Apple's layout): at least `range.upperBound` bytes long,
    /// the bytes at offsets `range` those of the content. Only the range is read; what lies outside
    /// it is unspecified.
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
        let lower = max(0, got.lowerBound)
        let upper = max(lower, min(got.upperBound, Int64(bytes.count)))
        let (data, length) = try ContentFile.read(result.url, in: lower..<upper)
        expect(
            length >= got.upperBound,
            "the file is shorter than the returned range's end: its bytes must sit at their own offsets",
            expected: "at least \(got.upperBound) bytes (range \(got) at offsets \(got))",
            actual: "\(length) bytes"
        )
        let expected = bytes.subdata(in: Int(lower)..<Int(upper))
        guard data != expected else { return }
        // The layout the contract had before Apple's: the range's bytes from offset 0.
        let head = try? ContentFile.read(result.url, in: 0..<Int64(expected.count))
        let fromZero = lower > 0 && head?.bytes == expected
        fail(
            "the file does not hold the bytes of range \(got) at offsets \(lower)..<\(upper)"
                + (fromZero ? ": it holds them from offset 0, not at their own offset" : ""),
            expected: "the content's \(expected.count) bytes at offset \(lower)",
            actual: fromZero ? "the range's bytes at offset 0" : "\(data.count) bytes at offset \(lower), differing"
        )
    }
}
