import FileProviderKit
import Foundation
import FuzzSupport
import LocalFolderProvider

/// The harness over a LocalFolderProvider on fresh folders in the temporary directory.
let harness: TokenHarness = {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-localfolder-\(UUID().uuidString)")
    let root = base.appendingPathComponent("root")
    do {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let provider = try LocalFolderProvider(
            rootDirectory: root,
            stateDirectory: base.appendingPathComponent("state")
        )
        return TokenHarness(provider: provider, name: "localfolder")
    } catch {
        fatalError("cannot open a LocalFolderProvider in \(base.path): \(error)")
    }
}()
