import FruitBasketAPI
import Hummingbird

/// The answer to `GET /v1/items/{id}/content`: the bytes streamed chunk by chunk, whole (200)
/// or the single range `Range: bytes=a-b`, `bytes=a-` or `bytes=-n` asks for (206; 416 when it
/// starts past the end). A `Range` header of another form is ignored.
enum ContentResponse {
    static func make(_ request: Request, id: String, catalogue: Catalogue) async throws -> Response {
        let versionText = request.uri.queryParameters.get("version")
        let version = try versionText.map { text in
            guard let version = Int64(text) else {
                throw APIErrorBody(.invalidRequest, "The version \(text) is not a number.")
            }
            return version
        }
        let source = try await catalogue.content(of: id, version: version)
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

    /// The range a `Range` header asks for: `nil` when the header is not a single byte range
    /// (ignored); `.some(nil)` when it is unsatisfiable.
    static func parseRange(_ header: String, size: Int64) -> Range<Int64>?? {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return nil }
        let spec = header.dropFirst("bytes=".count)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        if parts[0].isEmpty {
            guard let suffix = Int64(parts[1]), suffix > 0 else { return nil }
            guard size > 0 else { return .some(nil) }
            return .some(max(0, size - suffix)..<size)
        }
        guard let first = Int64(parts[0]) else { return nil }
        let last = parts[1].isEmpty ? size - 1 : Int64(parts[1])
        guard let last, last >= first else { return nil }
        guard first < size else { return .some(nil) }
        return .some(first..<min(last, size - 1) + 1)
    }
}
