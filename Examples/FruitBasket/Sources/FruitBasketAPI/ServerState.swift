/// Where the store is: `GET /v1/state`, and the answer to the push channel
/// `GET /v1/changes/wait?after=<sequence>&timeout=<seconds>`.
///
/// The push channel is a long poll: it answers as soon as ``sequence`` is past `after` (something
/// changed, by this or any other server process sharing the database), or after `timeout`
/// seconds (1 to 60, default 30) with the same sequence. A client asks again straight away.
public struct ServerState: Codable, Sendable, Hashable {
    /// The store's epoch: chosen when the store is created or reset; cursors of another epoch
    /// have expired.
    public var epoch: String
    /// The sequence of the latest change.
    public var sequence: Int64
    /// The change-feed cursor of the current state: the changes since it are empty until the
    /// next change.
    public var cursor: String

    /// Creates a state.
    public init(epoch: String, sequence: Int64, cursor: String) {
        self.epoch = epoch
        self.sequence = sequence
        self.cursor = cursor
    }
}
