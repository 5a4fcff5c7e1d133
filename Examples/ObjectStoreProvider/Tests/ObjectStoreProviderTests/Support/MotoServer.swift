import ChildProcess
import Foundation
import ObjectStoreProvider
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// moto's S3 server on loopback, shared by every test of the process: the one in
/// `OBJECTSTORE_S3_ENDPOINT` when set (`Scripts/moto-server.sh` starts it, as `.ci/run` does), or
/// else one this process starts (`moto_server` must be on `PATH`: `pip install 'moto[server]'`)
/// and stops when it exits.
enum MotoServer {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private static let started = Mutex<Result<URL, Failure>?>(nil)
    private static let process = Mutex<ChildProcess?>(nil)

    /// The server's endpoint, starting it on first use.
    static func endpoint() throws -> URL {
        try started.withLock { started in
            if let started { return try started.get() }
            let result: Result<URL, Failure>
            do throws(Failure) {
                result = .success(try start())
            } catch {
                result = .failure(error)
            }
            started = result
            return try result.get()
        }
    }

    /// A configuration for a new, empty bucket of its own.
    static func freshBucket(maxKeys: Int = 1_000) throws -> S3Configuration {
        S3Configuration(
            endpoint: try endpoint(),
            bucket: "fpk-\(UUID().uuidString.lowercased().prefix(18))",
            accessKeyID: "testing",
            secretAccessKey: "testing",
            maxKeys: maxKeys
        )
    }

    private static func start() throws(Failure) -> URL {
        if let configured = ProcessInfo.processInfo.environment["OBJECTSTORE_S3_ENDPOINT"],
            let url = URL(string: configured)
        {
            return url
        }
        let port = 20_000 + Int(getpid() % 20_000)
        guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw Failure(description: "bad port \(port)") }
        let child: ChildProcess
        do {
            child = try ChildProcess(
                executable: "moto_server",
                arguments: ["-H", "127.0.0.1", "-p", String(port)],
                standardOutput: .lines,
                standardError: .lines
            )
        } catch {
            throw Failure(description: "moto_server could not be started (pip install 'moto[server]'): \(error)")
        }
        process.withLock { $0 = child }
        atexit { MotoServer.stop() }
        guard child.blockingWaitForLine(containing: "Running on", timeout: .seconds(60)) != nil else {
            stop()
            throw Failure(description: "moto_server did not start listening on port \(port) within 60 s.")
        }
        return url
    }

    private static func stop() {
        process.withLock { child in
            child?.send(SIGTERM)
            _ = child?.blockingWaitForExit(timeout: .seconds(10))
            child = nil
        }
    }
}
