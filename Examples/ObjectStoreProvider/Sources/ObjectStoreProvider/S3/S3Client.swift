import AsyncHTTPClient
import FileProviderBackendSupport
import FileProviderKit
import Foundation
import NIOCore
import NIOHTTP1

/// The S3 REST calls the provider makes, over AsyncHTTPClient, each signed with Signature
/// Version 4. Every request goes through one place, ``send(_:_:query:headers:body:)``, where
/// ``faults`` can fail it.
public struct S3Client: Sendable, KeyMoveBackend {
    /// A response: status, headers, body.
    struct Response: Sendable {
        var status: UInt
        var headers: HTTPHeaders
        var body: Data
    }

    /// The bucket and credentials.
    public let configuration: S3Configuration
    /// Failures to inject, for tests.
    public let faults: RequestFaults
    private let signer: SignatureV4

    /// A client of `configuration`'s bucket.
    public init(configuration: S3Configuration, faults: RequestFaults = RequestFaults()) {
        self.configuration = configuration
        self.faults = faults
        signer = SignatureV4(
            accessKeyID: configuration.accessKeyID,
            secretAccessKey: configuration.secretAccessKey,
            region: configuration.region
        )
    }

    /// Creates the bucket; an existing bucket of this account is fine.
    ///
    /// - Throws: a `FileProviderError` for any other answer.
    public func createBucket() async throws {
        let response = try await send("PUT", nil)
        guard response.status == 200 || response.status == 409 else {
            throw S3Error.status(
                response.status,
                "PUT",
                configuration.bucket,
                body: String(decoding: response.body, as: UTF8.self)
            )
        }
    }

    /// Stores `body` at `key` with user `metadata` (sent as `x-amz-meta-` headers) and returns the
    /// object's ETag.
    @discardableResult
    public func putObject(_ key: String, body: Data, metadata: [String: String] = [:]) async throws -> String {
        var headers: [String: String] = [:]
        for (name, value) in metadata { headers["x-amz-meta-\(name)"] = value }
        let response = try await expect(200, send("PUT", key, headers: headers, body: body), "PUT", key)
        return response.headers.first(name: "etag")?.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) ?? ""
    }

    /// The content of the object at `key`.
    ///
    /// - Throws: `noSuchItem` when there is none.
    public func getObject(_ key: String) async throws -> Data {
        try await expect(200, send("GET", key), "GET", key).body
    }

    /// The user metadata of the object at `key`, or `nil` when there is no object.
    public func headObject(_ key: String) async throws -> [String: String]? {
        let response = try await send("HEAD", key)
        if response.status == 404 { return nil }
        _ = try expect(200, response, "HEAD", key)
        var metadata: [String: String] = [:]
        for (name, value) in response.headers where name.lowercased().hasPrefix("x-amz-meta-") {
            metadata[String(name.lowercased().dropFirst("x-amz-meta-".count))] = value
        }
        return metadata
    }

    /// Copies the object at `source` to `destination`, metadata included.
    public func copyObject(from source: String, to destination: String) async throws {
        let copySource = "/\(configuration.bucket)/" + S3Encoding.encode(source, keepingSlashes: true)
        _ = try await expect(200, send("PUT", destination, headers: ["x-amz-copy-source": copySource]), "COPY", source)
    }

    /// Deletes the object at `key`; a missing object is already deleted.
    public func deleteObject(_ key: String) async throws {
        let response = try await send("DELETE", key)
        guard response.status == 204 || response.status == 200 || response.status == 404 else {
            throw S3Error.status(response.status, "DELETE", key, body: String(decoding: response.body, as: UTF8.self))
        }
    }

    /// Every object whose key starts with `prefix` — with a delimiter, the objects directly below
    /// it and the common prefixes of the deeper ones — following every continuation token, at most
    /// ``S3Configuration/maxKeys`` keys a request.
    public func listObjects(
        prefix: String,
        delimiter: String? = nil
    ) async throws -> (
        objects: [S3Object], commonPrefixes: [String]
    ) {
        var objects: [S3Object] = []
        var prefixes: [String] = []
        var token: String?
        repeat {
            var query = [("list-type", "2"), ("prefix", prefix), ("max-keys", String(configuration.maxKeys))]
            if let delimiter { query.append(("delimiter", delimiter)) }
            if let token { query.append(("continuation-token", token)) }
            let response = try await expect(200, send("GET", nil, query: query), "LIST", prefix)
            let page = try ListingPage.parse(response.body)
            objects += page.objects
            prefixes += page.commonPrefixes
            token = page.nextContinuationToken
        } while token != nil
        return (objects, prefixes)
    }

    /// Sends one signed request to the bucket (`key == nil`) or an object: the one place every
    /// request goes through.
    func send(
        _ method: String,
        _ key: String?,
        query: [(String, String)] = [],
        headers: [String: String] = [:],
        body: Data = Data()
    ) async throws -> Response {
        try faults.admit("\(method) \(key ?? configuration.bucket)")
        var path = "/" + S3Encoding.encode(configuration.bucket)
        if let key { path += "/" + S3Encoding.encode(key, keepingSlashes: true) }
        let endpoint = configuration.endpoint.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let host =
            configuration.endpoint.port.map { "\(configuration.endpoint.host ?? ""):\($0)" }
            ?? (configuration.endpoint.host ?? "")
        var signedHeaders = headers
        signedHeaders["host"] = host
        let signature = signer.sign(
            method: method,
            path: path,
            query: query,
            headers: signedHeaders,
            payloadHash: SignatureV4.payloadHash(body),
            date: Date()
        )
        let queryString = query.map { "\(S3Encoding.encode($0.0))=\(S3Encoding.encode($0.1))" }.joined(separator: "&")
        var request = HTTPClientRequest(url: endpoint + path + (queryString.isEmpty ? "" : "?" + queryString))
        request.method = HTTPMethod(rawValue: method)
        for (name, value) in headers.merging(signature, uniquingKeysWith: { $1 }) {
            request.headers.add(name: name, value: value)
        }
        if !body.isEmpty || method == "PUT" {
            request.body = .bytes(ByteBuffer(bytes: body))
            request.headers.replaceOrAdd(name: "content-length", value: String(body.count))
        }
        do {
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
            var buffer = try await response.body.collect(upTo: 1 << 30)
            let bytes = buffer.readBytes(length: buffer.readableBytes) ?? []
            return Response(status: response.status.code, headers: response.headers, body: Data(bytes))
        } catch {
            throw S3Error.transport(error, method, key ?? configuration.bucket)
        }
    }

    private func expect(_ status: UInt, _ response: Response, _ method: String, _ key: String) throws -> Response {
        guard response.status == status else {
            throw S3Error.status(response.status, method, key, body: String(decoding: response.body, as: UTF8.self))
        }
        return response
    }
}
