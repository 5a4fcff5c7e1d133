import Testing

/// The tests that mount through the real kernel, one at a time (the machine may have two cores).
/// Each is skipped, with a message saying why, where `/dev/fuse` or `fusermount3` is missing.
@Suite("Mounted through the kernel", .serialized, .enabled(if: KernelSupport.isAvailable, KernelSupport.skipReason))
struct KernelMountTests {}
