import ChildProcess
import Foundation

/// Runs programs for the tests, each bounded in time by coreutils' `timeout` (killed with SIGKILL
/// five seconds after SIGTERM), so that no test can hang.
enum Shell {
    struct Outcome {
        let status: Int32
        let output: String
        let errors: String
    }

    /// Runs `arguments` (the first is the program, looked up on the path) for at most `seconds`.
    static func run(_ arguments: [String], seconds: Int = 120) throws -> Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let errors = folder.appendingPathComponent("err")
        let process = try ChildProcess(
            executable: "/usr/bin/timeout",
            arguments: ["-k", "5", "\(seconds)"] + arguments,
            standardOutput: .file(output.path),
            standardError: .file(errors.path)
        )
        let status: Int32
        switch process.blockingWaitForExit(timeout: .seconds(seconds + 30)) {
        case .exited(let code): status = code
        case .signalled(let signal): status = 128 + signal
        case .unobserved, nil: status = -1
        }
        return Outcome(
            status: status,
            output: try String(contentsOf: output, encoding: .utf8),
            errors: try String(contentsOf: errors, encoding: .utf8)
        )
    }

    /// Runs a bash script from the package's `Scripts` folder.
    static func script(_ name: String, _ arguments: [String], seconds: Int = 120) throws -> Outcome {
        try run(["bash", KernelSupport.scripts.appendingPathComponent(name).path] + arguments, seconds: seconds)
    }

    /// Runs a bash command line.
    static func bash(_ command: String, seconds: Int = 120) throws -> Outcome {
        try run(["bash", "-c", command], seconds: seconds)
    }
}
