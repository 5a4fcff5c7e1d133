import FileProviderKit
import FileProviderMount
import Foundation
import InMemoryFileProvider
import LocalFolderProvider

// fileprovider-mount: mounts the reference provider (optionally seeded with a generated tree) or
// LocalFolderProvider over a directory, until unmounted.

let usage = """
    usage: fileprovider-mount <mount-point> [options]

    Mounts a file provider on <mount-point> until `fusermount3 -u <mount-point>`, SIGINT or SIGTERM.

      (default)              the in-memory reference provider, empty
      --seed <count>         seed the reference provider with <count> files, 100 per folder
      --seed-folder-size <n> put <n> seeded files in each folder instead of 100
      --folder <directory>   LocalFolderProvider over <directory> instead
      --state <directory>    LocalFolderProvider's state folder (default: <directory>.fileprovider-state)
      --export-to <dir>      after unmounting, write the provider's own listing (folders, files with
                             their content and modes, symbolic links) into <dir>
      --refresh-ms <ms>      how often to catch up with remote changes (default 500)
      --cache-dir <dir>      where working copies and fetched content live (default: /dev/shm when
                             it is writable, a RAM-backed tmpfs; otherwise the temporary directory)
      -o <options>           extra libfuse mount options, comma-separated (for example allow_other)

    Prints "mounted <mount-point>" once serving, and exits 0 after a clean unmount.
    """

struct Options {
    var mountPoint: URL?
    var seed = 0
    var seedFolderSize = 100
    var folder: URL?
    var state: URL?
    var exportTo: URL?
    var refreshMilliseconds = 500
    var cacheDirectory =
        FileManager.default.isWritableFile(atPath: "/dev/shm")
        ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
    var fuseOptions: [String] = []
}

func parse(_ arguments: [String]) -> Options? {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
        switch argument {
        case "-h", "--help": return nil
        case "--seed", "--seed-folder-size", "--folder", "--state", "--export-to", "--refresh-ms", "--cache-dir", "-o":
            guard let value = remaining.popFirst() else { return nil }
            switch argument {
            case "--seed":
                guard let count = Int(value), count >= 0 else { return nil }
                options.seed = count
            case "--seed-folder-size":
                guard let size = Int(value), size > 0 else { return nil }
                options.seedFolderSize = size
            case "--folder": options.folder = URL(fileURLWithPath: value)
            case "--state": options.state = URL(fileURLWithPath: value)
            case "--export-to": options.exportTo = URL(fileURLWithPath: value)
            case "--cache-dir": options.cacheDirectory = URL(fileURLWithPath: value)
            case "--refresh-ms":
                guard let milliseconds = Int(value), milliseconds > 0 else { return nil }
                options.refreshMilliseconds = milliseconds
            default: options.fuseOptions += value.split(separator: ",").map(String.init)
            }
        default:
            guard options.mountPoint == nil, !argument.hasPrefix("-") else { return nil }
            options.mountPoint = URL(fileURLWithPath: argument)
        }
    }
    return options.mountPoint == nil ? nil : options
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("fileprovider-mount: \(message)\n".utf8))
    exit(2)
}

guard let options = parse(Array(CommandLine.arguments.dropFirst())), let mountPoint = options.mountPoint else {
    print(usage)
    exit(CommandLine.arguments.contains("--help") || CommandLine.arguments.contains("-h") ? 0 : 2)
}

let storeFolder = options.cacheDirectory.appendingPathComponent("fileprovider-mount-store-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: storeFolder) }
let provider: any FileProvider
var beforeRefresh: (@Sendable () async -> Void)?
if let folder = options.folder {
    let state =
        options.state
        ?? folder.deletingLastPathComponent()
        .appendingPathComponent(folder.lastPathComponent + ".fileprovider-state")
    do {
        let local = try LocalFolderProvider(rootDirectory: folder, stateDirectory: state)
        provider = local
        beforeRefresh = { _ = try? await local.rescan() }
    } catch {
        fail("cannot open \(folder.path): \(error)")
    }
} else {
    let domain = Domain(identifier: try DomainIdentifier("fileprovider-mount"), displayName: "Reference provider")
    let store = InMemoryStore(
        domain: domain,
        configuration: InMemoryStoreConfiguration(caseRule: .caseSensitive, temporaryDirectory: storeFolder)
    )
    do {
        try SeedTree.create(files: options.seed, perFolder: options.seedFolderSize, in: store)
    } catch {
        fail("cannot seed the reference provider: \(error)")
    }
    provider = store.makeProvider()
}

let configuration = MountConfiguration(
    refreshInterval: .milliseconds(options.refreshMilliseconds),
    beforeRefresh: beforeRefresh,
    options: options.fuseOptions,
    stagingParent: options.cacheDirectory,
    onMounted: {
        FileHandle.standardOutput.write(Data("mounted \(mountPoint.path)\n".utf8))
    }
)
do {
    let mount = try await FileProviderMount(provider: provider, at: mountPoint, configuration: configuration)
    try await mount.run()
} catch {
    fail("\(error)")
}
if let exportTo = options.exportTo {
    do {
        try await ProviderExport.write(provider, to: exportTo)
    } catch {
        fail("cannot export the provider's listing to \(exportTo.path): \(error)")
    }
}
await provider.invalidate()
