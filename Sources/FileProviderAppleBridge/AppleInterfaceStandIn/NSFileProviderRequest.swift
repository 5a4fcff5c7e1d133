#if !canImport(FileProvider)
import Foundation

/// Apple's `NSFileProviderRequest` (stand-in on Linux): who asks for an operation. As on Apple's
/// systems, a request made with `init()` comes from no one in particular.
open class NSFileProviderRequest: NSObject {
    /// Whether the system itself asked.
    open var isSystemRequest: Bool { false }
    /// Whether a file viewer asked.
    open var isFileViewerRequest: Bool { false }
    /// The executable that asked, when known.
    open var requestingExecutable: URL? { nil }
}
#endif
