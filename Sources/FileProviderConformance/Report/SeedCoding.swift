/// Seeds in JSON reports: decimal strings, since many JSON tools read numbers as doubles and a
/// 64-bit seed read back that way would replay another run.
enum SeedCoding {
    /// Encodes `seed` as its decimal string under `key`.
    static func encode<Key: CodingKey>(
        _ seed: UInt64,
        to container: inout KeyedEncodingContainer<Key>,
        forKey key: Key
    )
        throws
    {
        try container.encode(String(seed), forKey: key)
    }

    /// Decodes the decimal string under `key`.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when it is not a whole number from 0 to `UInt64.max`.
    static func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> UInt64 {
        let text = try container.decode(String.self, forKey: key)
        guard let seed = UInt64(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key,
                in: container,
                debugDescription: "a seed is a decimal string from 0 to \(UInt64.max), not \"\(text)\""
            )
        }
        return seed
    }
}
