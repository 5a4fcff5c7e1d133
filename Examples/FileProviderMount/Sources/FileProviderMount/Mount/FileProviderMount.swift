import CFuse3
import FileProviderHost
import FileProviderKit
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Any `FileProvider` as a folder on Linux: a FUSE file system driven by a `ProviderHost`.
///
/// ```swift
/// let mount = try await FileProviderMount(provider: MyProvider(), at: URL(fileURLWithPath: "/mnt/mine"))
/// try await mount.run()  // until `fusermount3 -u /mnt/mine`, SIGINT or SIGTERM
/// ```
///
/// Guarantees:
/// - Lookups, attributes and listings come from the host's replica; every change a program makes
///   is one provider call (`createItem`, `modifyItem`, `deleteItem`) that has returned before the
///   program's system call does, and a failure reaches the program as the `errno` of
///   ``POSIXErrno``.
/// - Writes go to a local working copy and reach the provider with `modifyItem` on every
///   `close` and `fsync`; an `fsync` or `close` that returned 0 means the provider has the
///   content. Writes a provider refused stay local and are sent again on each refresh and at
///   unmount.
/// - Remote changes show within ``MountConfiguration/refreshInterval``: each catch-up that
///   changes the tree tells the kernel to drop the attributes and cached content of every path
///   it changed and of their folders (`fuse_invalidate_path`); ``MountConfiguration/cacheTimeout``
///   bounds what the kernel keeps of a name besides.
/// - On unmount (or SIGINT, SIGTERM, SIGHUP) unsaved writes are sent before ``run()`` returns.
public final class FileProviderMount: Sendable {
    /// The folder the provider is mounted on.
    public let mountPoint: URL
    /// The host driving the provider. Its scheduling is manual: the mount runs each operation
    /// when a program asks for it.
    public let host: ProviderHost
    /// How the mount serves the provider.
    public let configuration: MountConfiguration
    let session: MountSession
    /// This mount's folder in ``MountConfiguration/stagingParent``, holding the host's content
    /// cache and the working copies; removed after unmounting, and by the next mount's start
    /// when this process is killed first.
    let cacheFolder: CacheFolder
    private let control = MountControl()

    /// Prepares a mount of `provider` on `mountPoint`: creates the host and synchronizes it
    /// (a full listing of the working set). Nothing is mounted until ``run()``.
    ///
    /// Folders earlier mounts left in ``MountConfiguration/stagingParent`` when their process
    /// was killed are removed first (see ``CacheFolder``).
    ///
    /// - Throws: the provider's error from the first synchronization, or the file system's
    ///   when the staging folders cannot be created.
    public init(
        provider: any FileProvider,
        at mountPoint: URL,
        configuration: MountConfiguration = MountConfiguration()
    ) async throws {
        let cacheFolder = try CacheFolder.claim(in: configuration.stagingParent)
        var hostConfiguration = HostConfiguration()
        hostConfiguration.scheduling = .manual
        hostConfiguration.contentCacheParent = cacheFolder.url
        let domain: MountedDomain
        do {
            host = try ProviderHost(provider: provider, configuration: hostConfiguration)
            domain = try MountedDomain(
                host: host,
                stagingParent: cacheFolder.url,
                partialFetcher: provider as? any PartialContentFetching
            )
        } catch {
            cacheFolder.release()
            throw error
        }
        self.cacheFolder = cacheFolder
        self.mountPoint = mountPoint
        self.configuration = configuration
        session = MountSession(domain: domain, cacheTimeout: configuration.cacheTimeout)
        do {
            try await domain.refresh()
        } catch {
            await host.stop()
            domain.removeStagingFolder()
            cacheFolder.release()
            throw error
        }
    }

    /// Mounts the provider and serves it until it is unmounted — by `fusermount3 -u`,
    /// ``unmount()``, or a signal when ``MountConfiguration/unmountsOnSignals`` — then sends
    /// unsaved writes, unmounts, and stops the host. A mount runs once.
    ///
    /// - Throws: ``MountFailure`` when libfuse refuses the options or the mount point.
    public func run() async throws {
        let fuse = try mount()
        let refresher = Task { [session, configuration] in
            while !Task.isCancelled {
                try? await Task.sleep(for: configuration.refreshInterval)
                await configuration.beforeRefresh?()
                _ = try? await session.domain.refresh()
            }
        }
        if configuration.unmountsOnSignals { try TerminationSignals.shared.register(self) }
        configuration.onMounted?()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let thread = Thread { [control] in
                control.state.withLock { $0.loopThread = pthread_self() }
                _ = fpk_fuse_loop(fuse.pointer)
                control.state.withLock { $0.isFinished = true }
                continuation.resume()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        TerminationSignals.shared.unregister(self)
        refresher.cancel()
        await refresher.value
        await session.domain.commitAll()
        session.domain.invalidation.withLock { $0 = nil }
        fuse_unmount(fuse.pointer)
        fuse_destroy(fuse.pointer)
        control.state.withLock { $0.fuse = nil }
        await host.stop()
        session.domain.removeStagingFolder()
        cacheFolder.release()
    }

    /// Ends ``run()``: sends unsaved writes, then stops serving and unmounts. Returns at once.
    public func unmount() {
        Task { [session, control] in
            await session.domain.commitAll()
            guard let fuse = control.state.withLock({ $0.fuse }) else { return }
            fuse_exit(fuse.pointer)
            while let thread = control.state.withLock({ $0.isFinished ? nil : $0.loopThread }) {
                pthread_kill(thread, SIGUSR2)
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
    }

    private func mount() throws(MountFailure) -> FusePointer {
        var options = ["fsname=\(configuration.fileSystemName)", "subtype=fileprovider", "default_permissions"]
        options += configuration.options
        let arguments = ["fileprovider-mount", "-o", options.joined(separator: ",")]
        var pointers = arguments.map { strdup($0) }
        defer { for pointer in pointers { free(pointer) } }
        var operations = FuseOperations.table()
        let data = Unmanaged.passUnretained(session).toOpaque()
        guard fpk_install_wake_handler() == 0 else { throw MountFailure(reason: "cannot install the SIGUSR2 handler") }
        guard let fuse = fpk_fuse_new(Int32(pointers.count), &pointers, &operations, data) else {
            throw MountFailure(reason: "libfuse refused the options \(options.joined(separator: ","))")
        }
        guard fuse_mount(fuse, mountPoint.path) == 0 else {
            fuse_destroy(fuse)
            throw MountFailure(reason: "cannot mount on \(mountPoint.path) (is /dev/fuse there, and fusermount3?)")
        }
        let pointer = FusePointer(pointer: fuse)
        control.state.withLock { $0.fuse = pointer }
        session.domain.invalidation.withLock {
            $0 = { paths in
                // -ENOENT means the kernel holds nothing for the path: nothing to drop.
                for path in paths { _ = fuse_invalidate_path(pointer.pointer, path) }
            }
        }
        return pointer
    }
}

/// Where a mount's serving loop stands, shared with the loop's thread and signal handlers.
final class MountControl: Sendable {
    struct State {
        var fuse: FusePointer?
        var loopThread: pthread_t?
        var isFinished = false
    }

    let state = Mutex(State())
}

/// libfuse's handle of a mounted file system, which its own calls synchronize.
final class FusePointer: @unchecked Sendable {
    let pointer: OpaquePointer

    init(pointer: OpaquePointer) {
        self.pointer = pointer
    }
}

/// Why a provider could not be mounted.
public struct MountFailure: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in a sentence.
    public let reason: String

    /// The reason.
    public var description: String { reason }
}
