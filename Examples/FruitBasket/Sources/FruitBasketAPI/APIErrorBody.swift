/// The body of every error answer: what went wrong, in a code a client acts on and a sentence a
/// person reads, with the item the error is about where there is one (the existing sibling of a
/// collision, the current item of a version mismatch).
public struct APIErrorBody: Codable, Sendable, Hashable, Error {
    /// What went wrong.
    public var code: APIErrorCode
    /// A sentence saying what went wrong.
    public var message: String
    /// The item the error is about, or `nil`.
    public var item: WireItem?

    /// Creates an error body.
    public init(_ code: APIErrorCode, _ message: String, item: WireItem? = nil) {
        self.code = code
        self.message = message
        self.item = item
    }
}
