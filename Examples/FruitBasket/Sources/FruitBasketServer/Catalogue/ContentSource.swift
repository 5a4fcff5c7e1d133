import FruitBasketAPI

/// One version of a file's content, located for reading chunk by chunk with
/// ``Catalogue/chunk(of:index:)``.
public struct ContentSource: Sendable, Hashable {
    /// The blob holding the bytes.
    public var blob: String
    /// The number of bytes.
    public var size: Int64
    /// The content version served.
    public var version: Int64
    /// The entity tag of the answer: the item's when its current content is served, otherwise
    /// `"<version>.<version>"`.
    public var entityTag: String
}
