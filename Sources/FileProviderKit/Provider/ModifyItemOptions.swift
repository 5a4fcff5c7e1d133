/// Options of ``FileProvider/modifyItem(_:baseVersion:changedFields:contents:options:request:)``.
/// Bit values are Apple's.
public struct ModifyItemOptions: OptionSet, Hashable, Codable, Sendable {
    /// The bits of the set.
    public let rawValue: UInt

    /// Creates a set from its bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The change may already be applied on the server (part of a directory merge).
    public static let mayAlreadyExist = ModifyItemOptions(rawValue: 1 << 0)
    /// When the base version is older than the server's, fail with
    /// ``FileProviderError/Code/localVersionConflictingWithServer`` instead of resolving the
    /// conflict.
    public static let failOnConflict = ModifyItemOptions(rawValue: 1 << 1)
    /// The application presenting the item wants the upload finished before the call returns.
    public static let isImmediateUploadRequestByPresentingApplication = ModifyItemOptions(rawValue: 1 << 2)
}
