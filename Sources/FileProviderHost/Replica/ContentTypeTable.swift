import FileProviderKit

/// The distinct content types a ``Replica`` holds, each stored once and referred to by a 2-byte
/// index, with whether it is a directory or a symbolic link worked out once.
///
/// Two content types share an index only when both their identifiers and their supertypes are
/// equal, so an item gets back exactly the type it was stored with. The last type looked up is
/// checked first, without hashing, as most items of a listing share their type.
struct ContentTypeTable: Sendable {
    private var types: [ContentType] = []
    private var kinds: [CompactItem.Flags] = []
    private var indexes: [String: UInt16] = [:]
    private var last: UInt16?

    /// The type with `index`.
    subscript(index: UInt16) -> ContentType {
        types[Int(index)]
    }

    /// The `isDirectory` and `isSymbolicLink` flags of the type with `index`.
    func kind(_ index: UInt16) -> CompactItem.Flags {
        kinds[Int(index)]
    }

    /// The index of `type`, adding it if needed; `nil` when the table is full or holds another
    /// type with the same identifier and other supertypes.
    mutating func index(of type: ContentType) -> UInt16? {
        if let last, matches(types[Int(last)], type) { return last }
        if let index = indexes[type.identifier] {
            guard matches(types[Int(index)], type) else { return nil }
            last = index
            return index
        }
        guard let index = UInt16(exactly: types.count) else { return nil }
        types.append(type)
        kinds.append(Self.kind(of: type))
        indexes[type.identifier] = index
        last = index
        return index
    }

    /// Whether `type` is the type with `index` (its identifier and supertypes equal).
    func holds(_ type: ContentType, at index: UInt16) -> Bool {
        matches(types[Int(index)], type)
    }

    /// The `isDirectory` and `isSymbolicLink` flags of `type`.
    static func kind(of type: ContentType) -> CompactItem.Flags {
        var kind: CompactItem.Flags = []
        if type.isDirectory { kind.insert(.isDirectory) }
        if type.isSymbolicLink { kind.insert(.isSymbolicLink) }
        return kind
    }

    private func matches(_ held: ContentType, _ type: ContentType) -> Bool {
        held.identifier == type.identifier && held.supertypeIdentifiers == type.supertypeIdentifiers
    }
}
