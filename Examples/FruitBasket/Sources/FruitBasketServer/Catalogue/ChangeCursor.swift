/// A position in the change feed: the store's epoch, the sequence up to which updates were
/// reported, and the sequence up to which deletions were (never past the updates').
///
/// Its text form, `<epoch>.<updates>.<deletions>`, is opaque to clients.
struct ChangeCursor: Hashable, Sendable {
    var epoch: String
    var updates: Int64
    var deletions: Int64

    /// The text form.
    var encoded: String { "\(epoch).\(updates).\(deletions)" }

    init(epoch: String, updates: Int64, deletions: Int64) {
        self.epoch = epoch
        self.updates = updates
        self.deletions = deletions
    }

    /// Parses the text form; `nil` for anything else.
    init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, let updates = Int64(parts[1]), let deletions = Int64(parts[2])
        else { return nil }
        self.init(epoch: String(parts[0]), updates: updates, deletions: deletions)
    }
}
