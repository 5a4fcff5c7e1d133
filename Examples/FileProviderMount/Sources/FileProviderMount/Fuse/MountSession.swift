import Synchronization

/// What libfuse's callbacks reach through the file system's private data.
final class MountSession: Sendable {
    let domain: MountedDomain
    /// How long the kernel may keep names and attributes, in seconds.
    let cacheTimeout: Double
    let listings = Mutex(DirectoryListings())

    init(domain: MountedDomain, cacheTimeout: Double) {
        self.domain = domain
        self.cacheTimeout = cacheTimeout
    }
}
