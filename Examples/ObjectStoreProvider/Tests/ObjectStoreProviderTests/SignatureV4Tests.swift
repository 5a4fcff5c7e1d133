import Foundation
import Testing

@testable import ObjectStoreProvider

@Suite struct SignatureV4Tests {
    /// The "GET Object" example of AWS's Signature Version 4 documentation for S3: moto does not
    /// check signatures, so this vector is what proves the signing.
    @Test func awsDocumentationExampleGetObject() {
        let signer = SignatureV4(
            accessKeyID: "AKIAIOSFODNN7EXAMPLE",
            secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            region: "us-east-1"
        )
        let headers = signer.sign(
            method: "GET",
            path: "/test.txt",
            query: [],
            headers: ["host": "examplebucket.s3.amazonaws.com", "range": "bytes=0-9"],
            payloadHash: SignatureV4.payloadHash(Data()),
            date: Date(timeIntervalSince1970: 1_369_353_600)
        )
        #expect(headers["x-amz-date"] == "20130524T000000Z")
        #expect(
            headers["authorization"]
                == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
                + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, "
                + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
        )
    }

    @Test func encodingKeepsOnlyUnreservedCharacters() {
        #expect(S3Encoding.encode("a b/c+é~", keepingSlashes: true) == "a%20b/c%2B%C3%A9~")
        #expect(S3Encoding.encode("a/b") == "a%2Fb")
    }
}
