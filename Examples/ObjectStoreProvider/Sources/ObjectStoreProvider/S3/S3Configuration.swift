import Foundation

/// Where a bucket is and how to sign requests to it (path-style addressing, AWS Signature
/// Version 4).
public struct S3Configuration: Sendable, Hashable {
    /// The service's base URL, `http://127.0.0.1:9000` say.
    public var endpoint: URL
    /// The bucket the provider keeps its objects in.
    public var bucket: String
    /// The region signed into every request.
    public var region: String
    /// The access key's identifier.
    public var accessKeyID: String
    /// The secret access key.
    public var secretAccessKey: String
    /// The most keys one `ListObjectsV2` request asks for (S3's own limit is 1,000); smaller values
    /// exercise continuation.
    public var maxKeys: Int

    /// A configuration; `maxKeys` is clamped to 1...1000.
    public init(
        endpoint: URL,
        bucket: String,
        region: String = "us-east-1",
        accessKeyID: String,
        secretAccessKey: String,
        maxKeys: Int = 1_000
    ) {
        self.endpoint = endpoint
        self.bucket = bucket
        self.region = region
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.maxKeys = min(1_000, max(1, maxKeys))
    }
}
