/// What the server does with a modification whose `If-Match` names an older version.
public enum ConflictPolicy: String, Codable, Sendable, CaseIterable {
    /// Refuse it: `412 Precondition Failed` with ``APIErrorCode/versionMismatch`` and the current
    /// item; nothing changes.
    case fail
    /// Apply the metadata fields; when the content changed on both sides, keep the server's
    /// content on the item and store the incoming content in a new sibling named
    /// "<name> (conflicted copy).<ext>", returned as ``ModifyItemResponse/conflictCopy``. No
    /// bytes are lost.
    case keepBoth
}
