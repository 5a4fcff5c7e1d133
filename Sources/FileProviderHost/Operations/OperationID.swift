/// The identifier a host gives an operation when it is submitted. Identifiers increase in
/// submission order and are never reused by a host.
public struct OperationID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The operation's position in the host's submission order, from 1.
    public let rawValue: Int

    /// Creates an identifier from its position.
    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Orders identifiers by submission.
    public static func < (lhs: OperationID, rhs: OperationID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// `#` and the position.
    public var description: String { "#\(rawValue)" }
}
