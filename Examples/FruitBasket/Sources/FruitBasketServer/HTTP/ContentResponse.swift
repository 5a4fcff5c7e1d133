import Foundation
import FruitBasketAPI
import Hummingbird

/// The answer to `GET /v1/items/{id}/content`: the bytes streamed chunk by chunk, whole (200)
/// or the single range `Range: bytes=a-b`, `bytes=a-` or `bytes=-n` asks for (206; 416 when it
/// is unsatisfiable), as RFC 9110 §14 defines them (see ``parseRange(_:size:)``). A `Range`
/// header of another form is ignored.
enum ContentResponse {
    static func make(_ request: Request, id: String, account: String, catalogue: Catalogue) async throws -> Response {
        let versionText = request.uri.queryParameters.get("version")
        let version = try versionText.map { text in
            guard let version = Int64(text) else {
                throw APIErrorBody(.invalidRequest, "The version \(text) is not a number.")
            }
            return version
        }
        let source = try await catalogue.content(of: id, version: version, account: account)
        var headers: HTTPFields = [
            .eTag: source.entityTag, .acceptRanges: "bytes", .contentType: "application/octet-stream",
        ]
        var status = HTTPResponse.Status.ok
        var range = 0..<source.size
        if let header = request.headers[.range], let asked = parseRange(header, size: source.size) {
            guard let asked else {
                var response = try APIErrorBody(
                    .rangeNotSatisfiable,
                    "The range \(header) is outside the \(source.size) bytes."
                ).httpResponse()
                response.headers[.contentRange] = "bytes */\(source.size)"
                return response
            }
            range = asked
            status = .partialContent
            headers[.contentRange] = "bytes \(asked.lowerBound)-\(asked.upperBound - 1)/\(source.size)"
        }
        let body = ResponseBody(contentLength: Int(range.count)) { [range] writer in
            let chunkSize = Int64(Catalogue.chunkSize)
            var position = range.lowerBound
            while position < range.upperBound {
                let index = position / chunkSize
                let chunk = try await catalogue.chunk(of: source, index: index)
                let start = Int(position - index * chunkSize)
                let end = Int(min(Int64(chunk.count), range.upperBound - index * chunkSize))
                guard start < end else {
                    throw APIErrorBody(.versionGone, "The content was replaced while it was read.")
                }
                try await writer.write(ByteBuffer(bytes: chunk[start..<end]))
                position += Int64(end - start)
            }
            try await writer.finish(nil)
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// The range a `Range` header asks for, as RFC 9110 §14 reads it: `nil` when the header is
    /// to be ignored (another unit, several ranges, or a range-spec that is not valid, such as
    /// `bytes=5-2`); `.some(nil)` when it is unsatisfiable (416): an int-range whose first byte
    /// is at or past the end, or the suffix range `bytes=-0`. A last byte past the end is the
    /// last byte, and so is a number too large for 64 bits; a suffix longer than the content is
    /// the whole content. An empty file has no satisfiable int-range, and a non-zero suffix of it
    /// is ignored (the empty content answers 200).
    static func parseRange(_ header: String, size: Int64) -> Range<Int64>?? {
        let parts = header.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "bytes" else {
            return nil
        }
        let spec = parts[1].trimmingCharacters(in: .whitespaces)
        guard !spec.contains(",") else { return nil }
        let bounds = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard bounds.count == 2 else { return nil }
        if bounds[0].isEmpty {
            guard let suffix = position(bounds[1]) else { return nil }
            guard suffix > 0 else { return .some(nil) }
            guard size > 0 else { return nil }
            return .some(max(0, size - suffix)..<size)
        }
        guard let first = position(bounds[0]) else { return nil }
        let last: Int64
        if bounds[1].isEmpty {
            last = .max
        } else {
            guard let given = position(bounds[1]), given >= first else { return nil }
            last = given
        }
        guard first < size else { return .some(nil) }
        return .some(first..<min(last, size - 1) + 1)
    }

    /// A byte position: ASCII digits only, saturating at `Int64.max`; `nil` for anything else.
    private static func position(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int64(text) ?? .max
    }
}
