import Foundation

/// Where the suite writes the content files it hands to providers.
enum ScratchFolder {
    /// A RAM-backed folder when the system has one (`/dev/shm` on Linux), else the temporary
    /// directory. Content files are short-lived hand-overs; on a disk file system, creating and
    /// deleting thousands of them costs more than everything else a randomized run does.
    static let parent: URL = {
        let memory = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        if FileManager.default.isWritableFile(atPath: memory.path) { return memory }
        return FileManager.default.temporaryDirectory
    }()

    /// A new, unique folder URL below `parent` whose name starts with `prefix`; not created yet.
    static func unique(_ prefix: String) -> URL {
        parent.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    }
}
