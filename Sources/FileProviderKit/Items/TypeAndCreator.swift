/// The classic Finder type and creator codes of a file, synchronized together.
public struct TypeAndCreator: Hashable, Codable, Sendable {
    /// The four-character type code.
    public var type: UInt32
    /// The four-character creator code.
    public var creator: UInt32

    /// Creates a pair of codes.
    public init(type: UInt32, creator: UInt32) {
        self.type = type
        self.creator = creator
    }
}
