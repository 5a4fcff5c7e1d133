import Foundation

/// Who asks for an operation, and the progress the provider reports for it.
///
/// Apple's `NSFileProviderRequest` plus the `Progress` its completion-handler methods return: here
/// the caller creates the progress, hands it in, and may observe it; the provider sets its total
/// and completed unit counts as it works.
public struct Request: Sendable {
    /// Whether the system itself (not a user-facing application) asked.
    public var isSystemRequest: Bool
    /// Whether a file viewer (Finder, Files) asked.
    public var isFileViewerRequest: Bool
    /// The executable that asked, when known.
    public var requestingExecutable: URL?
    /// The progress the provider updates while it works.
    ///
    /// A provider either reports no progress and leaves it untouched (0 of 0), or counts the
    /// transfer and finishes it: when `fetchContents`, `fetchPartialContents`, or `createItem` or
    /// `modifyItem` with a contents file returns, a progress the provider started has reached its
    /// total (`Progress.startTransfer(byteCount:)` and
    /// `Progress.finishTransfer()` do both). A progress left short of its end shows
    /// the user a transfer still running after it is over.
    public var progress: Progress

    /// Creates a request. By default it comes from the system and carries a fresh progress with
    /// no parent and a total of 0: it never attaches itself to a progress the calling thread made
    /// current, which under Swift concurrency says nothing about the caller (and looking it up
    /// costs more than the rest of a cheap call).
    public init(
        isSystemRequest: Bool = true,
        isFileViewerRequest: Bool = false,
        requestingExecutable: URL? = nil,
        progress: Progress = Progress(parent: nil, userInfo: nil)
    ) {
        self.isSystemRequest = isSystemRequest
        self.isFileViewerRequest = isFileViewerRequest
        self.requestingExecutable = requestingExecutable
        self.progress = progress
    }
}
