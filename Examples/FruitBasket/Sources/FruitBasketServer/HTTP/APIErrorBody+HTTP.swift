import Foundation
import FruitBasketAPI
import Hummingbird

extension APIErrorBody: HTTPResponseError {
    /// The status of the error's code.
    public var status: HTTPResponse.Status { HTTPResponse.Status(code: code.status) }

    /// The JSON answer: the body, with `WWW-Authenticate` on 401.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try httpResponse()
    }

    /// The JSON answer: the body, with `WWW-Authenticate` on 401.
    func httpResponse() throws -> Response {
        var headers: HTTPFields = [:]
        if code == .notAuthenticated { headers[.wwwAuthenticate] = "Bearer error=\"invalid_token\"" }
        return try JSONResponse.make(self, status: status, headers: headers)
    }
}

/// Builds JSON answers.
enum JSONResponse {
    /// `value` as JSON with `status` and `headers` (and `Content-Type: application/json`).
    static func make(
        _ value: some Encodable,
        status: HTTPResponse.Status = .ok,
        headers: HTTPFields = [:]
    ) throws -> Response {
        var headers = headers
        headers[.contentType] = "application/json"
        let data = try JSONEncoder().encode(value)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// An item as JSON, with its `ETag`.
    static func item(_ item: WireItem, status: HTTPResponse.Status = .ok) throws -> Response {
        try make(item, status: status, headers: [.eTag: item.entityTag])
    }
}
