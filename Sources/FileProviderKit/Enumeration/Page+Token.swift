import Foundation

extension Page {
    /// A page holding `token`, the provider's own description of where a listing continues.
    ///
    /// The token is encoded as JSON with sorted keys, so equal tokens make equal pages; read it
    /// back with ``decode(_:)``. Put in it what a fresh enumerator needs to continue — the store's
    /// epoch, the container, the sort order and the last key delivered — and keep it bounded: a
    /// filename alone may take 255 bytes.
    ///
    /// - Throws: ``FileProviderError/invalidValue(_:)`` (``FileProviderError/Code/invalidArgument``)
    ///   when the encoded token exceeds ``maximumSize`` bytes; ``FileProviderError/Code/cannotSynchronize``
    ///   when it cannot be encoded.
    public init(encoding token: some Encodable) throws(FileProviderError) {
        try self.init(TokenCoding.encode(token))
    }

    /// The token this page holds.
    ///
    /// - Throws: ``FileProviderError/Code/pageExpired`` when the page holds no `Token` — an
    ///   initial page, another provider's page, garbage — so that the consumer restarts the listing.
    public func decode<Token: Decodable>(_ type: Token.Type) throws(FileProviderError) -> Token {
        try TokenCoding.decode(type, from: rawValue, describing: "\(self)", expired: .pageExpired)
    }
}
