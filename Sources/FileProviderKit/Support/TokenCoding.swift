import Foundation

/// The JSON coding of the tokens ``Page`` and ``SyncAnchor`` offer: keys sorted, so that equal
/// values always make equal bytes, and dates as `Date` encodes itself (seconds since the reference
/// date), which round-trips exactly — seconds since 1970 do not, and a page holding the date of the
/// last child delivered would then repeat or skip it.
enum TokenCoding {
    /// The bytes of `token`.
    ///
    /// - Throws: ``FileProviderError/Code/cannotSynchronize`` carrying the encoder's error when
    ///   `token` cannot be encoded.
    static func encode(_ token: some Encodable) throws(FileProviderError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(token)
        } catch {
            throw FileProviderError(.cannotSynchronize, message: "The token cannot be encoded.", underlyingError: error)
        }
    }

    /// The `Token` in `bytes`.
    ///
    /// - Throws: a ``FileProviderError`` with code `expired`, saying that `token` is not one the
    ///   provider made, when `bytes` hold no `Token`.
    static func decode<Token: Decodable>(
        _ type: Token.Type,
        from bytes: Data,
        describing token: String,
        expired: FileProviderError.Code
    ) throws(FileProviderError) -> Token {
        let decoder = JSONDecoder()
        guard let decoded = try? decoder.decode(type, from: bytes) else {
            throw FileProviderError(expired, message: "\(token) is not one this provider made.")
        }
        return decoded
    }
}
