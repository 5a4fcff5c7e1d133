import ChildProcess
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A `fileprovider-mount` process serving a mount point, for one test. Every wait is bounded;
/// ``cleanUp()`` always leaves the mount point unmounted and the process ended.
final class MountProcess: Sendable {
    let mountPoint: URL
    private let process: ChildProcess

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts the command on `mountPoint` with `arguments` and waits (at most `seconds`) until
    /// it says it is serving.
    init(mountPoint: URL, arguments: [String], seconds: Double = 60) throws {
        guard let command = ChildProcess.builtExecutable(named: "fileprovider-mount") else {
            throw Failure(description: "fileprovider-mount was not built")
        }
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        self.mountPoint = mountPoint
        process = try ChildProcess(
            executable: command,
            arguments: [mountPoint.path] + arguments,
            standardOutput: .lines
        )
        let seconds = Duration.seconds(seconds)
        guard process.blockingWaitForLine(containing: "mounted ", timeout: seconds) != nil, process.isRunning else {
            cleanUp()
            throw Failure(description: "the mount did not start within \(seconds) (or its process ended)")
        }
    }

    /// Mounts the reference provider on `folder("mount")`, exporting its listing to
    /// `folder("export")` after unmounting.
    convenience init(referenceExportingIn folder: TemporaryFolder) throws {
        try self.init(mountPoint: folder("mount"), arguments: ["--export-to", folder("export").path])
    }

    /// Unmounts with `fusermount3 -u` and waits (at most `seconds`) for the process to exit.
    ///
    /// - Returns: the process's exit status.
    @discardableResult
    func unmount(seconds: Double = 60) throws -> Int32 {
        let outcome = try Shell.run([KernelSupport.fusermount ?? "fusermount3", "-u", mountPoint.path], seconds: 30)
        guard outcome.status == 0 else { throw Failure(description: "fusermount3 -u failed: \(outcome.errors)") }
        return try waitForExit(seconds: seconds)
    }

    /// Waits (at most `seconds`) for the process to exit.
    ///
    /// - Returns: its exit status, or 128 plus the number of the signal that ended it.
    func waitForExit(seconds: Double) throws -> Int32 {
        switch process.blockingWaitForExit(timeout: .seconds(seconds)) {
        case .exited(let status): return status
        case .signalled(let signal): return 128 + signal
        case .unobserved: throw Failure(description: "the mount process was reaped by someone else")
        case nil: throw Failure(description: "the mount process did not exit within \(seconds) s")
        }
    }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) {
        process.send(signal)
    }

    /// Kills the process if it still runs and detaches the mount point.
    func cleanUp() {
        send(SIGKILL)
        _ = try? waitForExit(seconds: 30)
        _ = try? Shell.run([KernelSupport.fusermount ?? "fusermount3", "-u", "-z", mountPoint.path], seconds: 30)
    }
}

/// A temporary folder for one test, removed by ``remove()``.
struct TemporaryFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "fileprovider-mount-tests-\(UUID().uuidString)"
    )

    init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func callAsFunction(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
