import ArgumentParser
import FileProviderKit
import FileProviderMount
import Foundation
import FruitBasketProvider
import InMemoryFileProvider
import LocalFolderProvider

/// `fileprovider-mount`: mounts the reference provider (optionally seeded with a generated tree),
/// LocalFolderProvider over a directory, or a FruitBasket server over HTTP, until unmounted.
@main
struct MountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fileprovider-mount",
        abstract: "Mounts a file provider on a directory through FUSE.",
        discussion: """
            Serves until `fusermount3 -u <mount-point>`, SIGINT or SIGTERM. By default the \
            in-memory reference provider, empty; --folder mounts a directory through \
            LocalFolderProvider, --fruitbasket a FruitBasket server. Prints "mounted <mount-point>" \
            once serving, and exits 0 after a clean unmount.
            """
    )

    @Argument(help: "The directory to mount on.", transform: { URL(fileURLWithPath: $0) })
    var mountPoint: URL

    @Option(help: ArgumentHelp("Seed the reference provider with <count> files.", valueName: "count"))
    var seed = 0

    @Option(help: ArgumentHelp("Put <n> seeded files in each folder.", valueName: "n"))
    var seedFolderSize = 100

    @Option(
        help: ArgumentHelp(
            "Make each seeded file <bytes> long, its path repeated (default: the path once).",
            valueName: "bytes"
        )
    )
    var seedFileSize: Int?

    @Option(
        help: ArgumentHelp(
            "Give the reference provider a quota of <bytes> of content (writes beyond it fail with EDQUOT).",
            valueName: "bytes"
        )
    )
    var quota: Int64?

    @Option(
        help: ArgumentHelp("Mount LocalFolderProvider over <directory> instead.", valueName: "directory"),
        transform: { URL(fileURLWithPath: $0) }
    )
    var folder: URL?

    @Option(
        help: ArgumentHelp(
            "LocalFolderProvider's state folder (default: <folder>.fileprovider-state).",
            valueName: "directory"
        ),
        transform: { URL(fileURLWithPath: $0) }
    )
    var state: URL?

    @Option(
        help: ArgumentHelp(
            "Mount the FruitBasket server at <url> instead (see Examples/FruitBasket).",
            valueName: "url"
        )
    )
    var fruitbasket: String?

    @Option(
        help: ArgumentHelp(
            """
            A file holding the FruitBasket account to sign in with, one NAME:SECRET line \
            (default: $FRUITBASKET_ACCOUNT, which holds NAME:SECRET).
            """,
            valueName: "path"
        )
    )
    var accountFile: String?

    @Option(
        help: ArgumentHelp(
            "The FruitBasket account, on the command line, where ps shows its secret to every user: prefer --account-file.",
            valueName: "name:secret"
        )
    )
    var account: String?

    @Option(
        help: ArgumentHelp(
            """
            After unmounting, write the provider's own listing (folders, files with their content \
            and modes, symbolic links) into <directory>.
            """,
            valueName: "directory"
        ),
        transform: { URL(fileURLWithPath: $0) }
    )
    var exportTo: URL?

    @Option(
        name: .customLong("refresh-ms"),
        help: ArgumentHelp("How often to catch up with remote changes, in milliseconds.", valueName: "ms")
    )
    var refreshMilliseconds = 500

    @Option(
        help: ArgumentHelp(
            "How long the kernel may keep names and attributes, in seconds; remote changes invalidate them sooner.",
            valueName: "seconds"
        )
    )
    var cacheTimeout = 0.5

    @Option(
        name: .customLong("cache-dir"),
        help: ArgumentHelp(
            """
            Where working copies and fetched content live (default: /dev/shm when it is writable, \
            a RAM-backed tmpfs; otherwise the temporary directory).
            """,
            valueName: "directory"
        ),
        transform: { URL(fileURLWithPath: $0) }
    )
    var cacheDirectory: URL?

    @Option(
        name: .customShort("o"),
        help: ArgumentHelp(
            "Extra libfuse mount options, comma-separated (for example allow_other); repeatable.",
            valueName: "options"
        )
    )
    var fuseOptions: [String] = []

    func validate() throws {
        if account != nil {
            FileHandle.standardError.write(Data(Self.accountWarning.utf8))
        }
        guard seed >= 0 else { throw ValidationError("--seed must be 0 or more, not \(seed).") }
        guard seedFolderSize > 0 else {
            throw ValidationError("--seed-folder-size must be 1 or more, not \(seedFolderSize).")
        }
        if let seedFileSize, seedFileSize < 0 {
            throw ValidationError("--seed-file-size must be 0 or more, not \(seedFileSize).")
        }
        guard refreshMilliseconds > 0 else {
            throw ValidationError("--refresh-ms must be 1 or more, not \(refreshMilliseconds).")
        }
        guard cacheTimeout >= 0, cacheTimeout.isFinite else {
            throw ValidationError("--cache-timeout must be a number of seconds, 0 or more, not \(cacheTimeout).")
        }
        if let quota, quota < 0 { throw ValidationError("--quota must be 0 or more, not \(quota).") }
        guard quota == nil || (folder == nil && fruitbasket == nil) else {
            throw ValidationError("--quota applies to the reference provider only.")
        }
        guard folder == nil || seed == 0 else {
            throw ValidationError("--seed applies to the reference provider only, not with --folder.")
        }
        guard fruitbasket == nil || (folder == nil && seed == 0) else {
            throw ValidationError("--fruitbasket mounts a server; it does not go with --folder or --seed.")
        }
        guard accountFile == nil || account == nil else {
            throw ValidationError("Give the account once: --account-file or --account, not both.")
        }
        if fruitbasket == nil {
            guard accountFile == nil, account == nil else {
                throw ValidationError("--account-file and --account go with --fruitbasket only.")
            }
        } else {
            _ = try AccountCredential.resolve(
                file: accountFile,
                flag: account,
                environment: ProcessInfo.processInfo.environment
            )
        }
    }

    /// Printed to standard error when the secret came on the command line.
    static let accountWarning = """
        fileprovider-mount: warning: --account puts the secret on the command line, where ps shows it to \
        every user of this machine; put NAME:SECRET in a file for --account-file, or in FRUITBASKET_ACCOUNT.

        """

    func run() async throws {
        let cacheDirectory =
            self.cacheDirectory
            ?? (FileManager.default.isWritableFile(atPath: "/dev/shm")
                ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory)
        // The reference provider's fetched files go to a folder of this process's, which the
        // next start reclaims if this one is killed.
        let storeFolder: CacheFolder
        do {
            storeFolder = try CacheFolder.claim(in: cacheDirectory)
        } catch {
            throw Self.failure("cannot create a folder in \(cacheDirectory.path): \(error)")
        }
        defer { storeFolder.release() }
        let (provider, beforeRefresh) = try makeProvider(storeFolder: storeFolder.url)
        let mountPoint = mountPoint
        let configuration = MountConfiguration(
            refreshInterval: .milliseconds(refreshMilliseconds),
            cacheTimeout: cacheTimeout,
            beforeRefresh: beforeRefresh,
            options: fuseOptions.flatMap { $0.split(separator: ",").map(String.init) },
            stagingParent: cacheDirectory,
            onMounted: {
                FileHandle.standardOutput.write(Data("mounted \(mountPoint.path)\n".utf8))
            }
        )
        do {
            let mount = try await FileProviderMount(provider: provider, at: mountPoint, configuration: configuration)
            try await mount.run()
        } catch {
            throw Self.failure("\(error)")
        }
        if let exportTo {
            do {
                try await ProviderExport.write(provider, to: exportTo)
            } catch {
                throw Self.failure("cannot export the provider's listing to \(exportTo.path): \(error)")
            }
        }
        await provider.invalidate()
    }

    /// The provider to mount, and the hook that looks for its changes before each refresh.
    private func makeProvider(
        storeFolder: URL
    ) throws -> (any FileProvider, (@Sendable () async -> Void)?) {
        if let fruitbasket {
            let credential = try AccountCredential.resolve(
                file: accountFile,
                flag: account,
                environment: ProcessInfo.processInfo.environment
            )
            let configuration = FruitBasketConfiguration(
                baseURL: fruitbasket,
                account: credential.name,
                secret: credential.secret
            )
            return (FruitBasketProvider(configuration: configuration), nil)
        }
        if let folder {
            let state =
                self.state
                ?? folder.deletingLastPathComponent()
                .appendingPathComponent(folder.lastPathComponent + ".fileprovider-state")
            do {
                let local = try LocalFolderProvider(rootDirectory: folder, stateDirectory: state)
                let provider: any FileProvider = local
                let beforeRefresh: (@Sendable () async -> Void)? = { _ = try? await local.rescan() }
                return (provider, beforeRefresh)
            } catch {
                throw Self.failure("cannot open \(folder.path): \(error)")
            }
        }
        let domain = Domain(identifier: try DomainIdentifier("fileprovider-mount"), displayName: "Reference provider")
        let store = InMemoryStore(
            domain: domain,
            configuration: InMemoryStoreConfiguration(caseRule: .caseSensitive, temporaryDirectory: storeFolder)
        )
        do {
            try SeedTree.create(files: seed, perFolder: seedFolderSize, fileSize: seedFileSize, in: store)
        } catch {
            throw Self.failure("cannot seed the reference provider: \(error)")
        }
        store.quota = quota
        return (store.makeProvider(), nil)
    }

    /// Prints `message` to standard error and gives the exit code 2 to throw.
    private static func failure(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("fileprovider-mount: \(message)\n".utf8))
        return ExitCode(2)
    }
}
