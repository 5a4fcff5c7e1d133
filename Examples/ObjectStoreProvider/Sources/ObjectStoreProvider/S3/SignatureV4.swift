import Crypto
import Foundation

/// AWS Signature Version 4 for S3 requests, with swift-crypto's SHA-256 and HMAC.
struct SignatureV4: Sendable {
    let accessKeyID: String
    let secretAccessKey: String
    let region: String
    let service = "s3"

    /// The headers to add to a request: `x-amz-date`, `x-amz-content-sha256` and `Authorization`.
    ///
    /// - Parameters:
    ///   - method: the HTTP method.
    ///   - path: the request path, already percent-encoded as it is sent.
    ///   - query: the query items, not encoded.
    ///   - headers: the other headers to sign (lowercased names), `host` included.
    ///   - payloadHash: the hex SHA-256 of the body.
    ///   - date: the signing time.
    func sign(
        method: String,
        path: String,
        query: [(String, String)],
        headers: [String: String],
        payloadHash: String,
        date: Date
    ) -> [String: String] {
        let (amzDate, day) = Self.timestamps(date)
        var signed = headers
        signed["x-amz-date"] = amzDate
        signed["x-amz-content-sha256"] = payloadHash
        let names = signed.keys.sorted()
        let canonicalQuery = query.map { (S3Encoding.encode($0.0), S3Encoding.encode($0.1)) }
            .sorted { $0 < $1 }
            .map { "\($0.0)=\($0.1)" }
            .joined(separator: "&")
        let canonicalHeaders = names.map { "\($0):\(signed[$0, default: ""].trimmingCharacters(in: .whitespaces))\n" }
            .joined()
        let signedHeaders = names.joined(separator: ";")
        let canonicalRequest = [method, path, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash]
            .joined(separator: "\n")
        let scope = "\(day)/\(region)/\(service)/aws4_request"
        let stringToSign = [
            "AWS4-HMAC-SHA256", amzDate, scope, Self.hex(SHA256.hash(data: Data(canonicalRequest.utf8))),
        ]
        .joined(separator: "\n")
        var key = SymmetricKey(data: Data("AWS4\(secretAccessKey)".utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        let signature = Self.hex(HMAC<SHA256>.authenticationCode(for: Data(stringToSign.utf8), using: key))
        return [
            "x-amz-date": amzDate,
            "x-amz-content-sha256": payloadHash,
            "authorization":
                "AWS4-HMAC-SHA256 Credential=\(accessKeyID)/\(scope), SignedHeaders=\(signedHeaders), Signature=\(signature)",
        ]
    }

    /// The hex SHA-256 of `data`.
    static func payloadHash(_ data: Data) -> String {
        hex(SHA256.hash(data: data))
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    private static func timestamps(_ date: Date) -> (String, String) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let amzDate = formatter.string(from: date)
        return (amzDate, String(amzDate.prefix(8)))
    }
}
