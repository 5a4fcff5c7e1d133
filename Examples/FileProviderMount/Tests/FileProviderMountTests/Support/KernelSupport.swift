import Foundation
import Testing

/// Whether this machine can mount FUSE file systems: `/dev/fuse` exists and `fusermount3` is on
/// the path. Tests that need the kernel are skipped otherwise, with ``skipReason`` as the message.
enum KernelSupport {
    static let fusermount: String? = ["/usr/bin/fusermount3", "/bin/fusermount3", "/usr/local/bin/fusermount3"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    static let isAvailable = FileManager.default.fileExists(atPath: "/dev/fuse") && fusermount != nil

    static let skipReason: Comment =
        FileManager.default.fileExists(atPath: "/dev/fuse")
        ? "SKIPPED: fusermount3 is not installed (apt-get install fuse3); no FUSE mount can be tested"
        : "SKIPPED: /dev/fuse is missing on this machine; no FUSE mount can be tested"

    /// The package's `Scripts` folder.
    static let scripts = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts")
}
