import Foundation

/// Files a broken provider writes itself.
enum ScratchFile {
    /// A new, unique file URL in the temporary directory; not created yet.
    static func unique() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("broken-provider-\(UUID().uuidString)")
    }

    /// A new empty file.
    static func empty() throws -> URL {
        let url = unique()
        try Data().write(to: url)
        return url
    }

    /// A new file holding `bytes`.
    static func containing(_ bytes: Data) throws -> URL {
        let url = unique()
        try bytes.write(to: url)
        return url
    }
}
