import Foundation

extension SyncAnchor {
    /// An anchor holding `token`, the provider's own description of a point in its change history.
    ///
    /// The token is encoded as JSON with sorted keys, so equal tokens make equal anchors — with no
    /// write in between, two anchors must be equal; read it back with ``decode(_:)``. Put in it
    /// what a fresh provider instance needs to continue: the store's epoch and the position in
    /// the change log, plus where a batch with `moreComing` stopped.
    ///
    /// - Throws: ``FileProviderError/invalidValue(_:)`` (``FileProviderError/Code/invalidArgument``)
    ///   when the encoded token exceeds ``maximumSize`` bytes; ``FileProviderError/Code/cannotSynchronize``
    ///   when it cannot be encoded.
    public init(encoding token: some Encodable) throws(FileProviderError) {
        try self.init(TokenCoding.encode(token))
    }

    /// The token this anchor holds.
    ///
    /// - Throws: ``FileProviderError/Code/syncAnchorExpired`` when the anchor holds no `Token` —
    ///   another provider's anchor, garbage — so that the consumer lists again.
    public func decode<Token: Decodable>(_ type: Token.Type) throws(FileProviderError) -> Token {
        try TokenCoding.decode(type, from: rawValue, describing: "\(self)", expired: .syncAnchorExpired)
    }
}
