import CFuse3
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP unmount every mount registered here. The signal handler only writes
/// to a pipe; a thread of its own reads the pipe and calls ``FileProviderMount/unmount()``.
final class TerminationSignals: Sendable {
    static let shared = TerminationSignals()

    private struct State {
        var mounts: [ObjectIdentifier: FileProviderMount] = [:]
        var isListening = false
    }

    private let state = Mutex(State())

    /// Unmounts `mount` on the next termination signal.
    ///
    /// - Throws: ``MountFailure`` when the signals cannot be caught.
    func register(_ mount: FileProviderMount) throws(MountFailure) {
        let startListening = state.withLock { state in
            state.mounts[ObjectIdentifier(mount)] = mount
            defer { state.isListening = true }
            return !state.isListening
        }
        guard startListening else { return }
        let descriptor = fpk_catch_termination_signals()
        guard descriptor >= 0 else { throw MountFailure(reason: "cannot catch SIGINT, SIGTERM and SIGHUP") }
        let thread = Thread { [self] in
            var byte: UInt8 = 0
            while Glibc.read(descriptor, &byte, 1) == 1 {
                for mount in state.withLock({ Array($0.mounts.values) }) { mount.unmount() }
            }
        }
        thread.start()
    }

    /// Stops unmounting `mount` on signals.
    func unregister(_ mount: FileProviderMount) {
        _ = state.withLock { $0.mounts.removeValue(forKey: ObjectIdentifier(mount)) }
    }
}
