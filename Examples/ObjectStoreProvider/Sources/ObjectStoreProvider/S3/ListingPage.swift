import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// One object of a `ListObjectsV2` answer.
public struct S3Object: Sendable, Hashable {
    /// The object's key.
    public var key: String
    /// Its ETag, quotes removed.
    public var etag: String
    /// Its size in bytes.
    public var size: Int64
}

/// One page of a `ListObjectsV2` answer: its objects, its common prefixes (the implied folders
/// below the prefix, with a delimiter), and the token of the next page.
struct ListingPage: Sendable {
    var objects: [S3Object] = []
    var commonPrefixes: [String] = []
    var nextContinuationToken: String?

    /// Parses S3's `ListBucketResult` XML.
    ///
    /// - Throws: `cannotSynchronize` when the XML is not a listing.
    static func parse(_ data: Data) throws -> ListingPage {
        let delegate = ListingParser()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        guard parser.parse(), delegate.sawResult else { throw S3Error.malformed("ListBucketResult") }
        return delegate.page
    }
}

private final class ListingParser: NSObject, XMLParserDelegate {
    var page = ListingPage()
    var sawResult = false
    private var text = ""
    private var inCommonPrefixes = false
    private var truncated = false
    private var object = S3Object(key: "", etag: "", size: 0)

    func parser(
        _ parser: XMLParser,
        didStartElement elementName: String,
        namespaceURI: String?,
        qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        text = ""
        switch elementName {
        case "ListBucketResult": sawResult = true
        case "CommonPrefixes": inCommonPrefixes = true
        case "Contents": object = S3Object(key: "", etag: "", size: 0)
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(
        _ parser: XMLParser,
        didEndElement elementName: String,
        namespaceURI: String?,
        qualifiedName: String?
    ) {
        switch elementName {
        case "Key": object.key = text
        case "ETag": object.etag = text.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        case "Size": object.size = Int64(text) ?? 0
        case "Contents": page.objects.append(object)
        case "Prefix" where inCommonPrefixes: page.commonPrefixes.append(text)
        case "CommonPrefixes": inCommonPrefixes = false
        case "IsTruncated": truncated = text == "true"
        case "NextContinuationToken": page.nextContinuationToken = text
        case "ListBucketResult": if !truncated { page.nextContinuationToken = nil }
        default: break
        }
        text = ""
    }
}
