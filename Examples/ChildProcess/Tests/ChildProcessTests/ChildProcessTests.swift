import ChildProcess
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("ChildProcess")
struct ChildProcessTests {
    static func shell(_ script: String, standardError: ChildProcess.Output = .inherit) throws -> ChildProcess {
        try ChildProcess(
            executable: "/bin/sh",
            arguments: ["-c", script],
            standardOutput: .lines,
            standardError: standardError
        )
    }

    @Test("the exit status and the complete output lines are reported; an unfinished last line is not")
    func exitStatusAndLines() async throws {
        let child = try Self.shell("printf 'one\\ntwo\\n\\nunfinished'; exit 3")
        #expect(await child.waitForExit(timeout: .seconds(30)) == .exited(3))
        let output = await child.waitForOutput(timeout: .seconds(30)) { $0.ended ? $0 : nil }
        #expect(output == ChildProcess.OutputLines(lines: ["one", "two", ""], ended: true))
        #expect(!child.isRunning)
    }

    @Test("a signal that ends the child is reported as such")
    func signalled() async throws {
        let child = try Self.shell("kill -TERM $$; sleep 30")
        #expect(await child.waitForExit(timeout: .seconds(30)) == .signalled(SIGTERM))
    }

    @Test("a wait ends at its deadline with nil, and the child goes on until it is killed")
    func deadline() async throws {
        let child = try Self.shell("echo started; exec sleep 30")
        #expect(await child.waitForLine(containing: "start", timeout: .seconds(30)) == "started")
        #expect(await child.waitForExit(timeout: .milliseconds(50)) == nil)
        #expect(await child.waitForLine(containing: "never", timeout: .milliseconds(50)) == nil)
        #expect(child.isRunning)
        child.send(SIGKILL)
        #expect(await child.waitForExit(timeout: .seconds(30)) == .signalled(SIGKILL))
        child.send(SIGKILL)
        #expect(child.termination == .signalled(SIGKILL))
    }

    @Test("cancelling the waiting task ends its wait with nil, long before its deadline", .timeLimit(.minutes(1)))
    func cancelledWait() async throws {
        let child = try Self.shell("exec sleep 3600")
        defer { child.send(SIGKILL) }
        let waiting = Task { await child.waitForExit(timeout: .seconds(3600)) }
        waiting.cancel()
        #expect(await waiting.value == nil)
        #expect(child.isRunning)
    }

    @Test("waiting for a line that never comes ends with nil when the output ends")
    func lineThatNeverComes() async throws {
        let child = try Self.shell("echo something else")
        #expect(await child.waitForLine(containing: "wanted", timeout: .seconds(30)) == nil)
        #expect(child.standardOutputLines.lines == ["something else"])
    }

    @Test("the blocking waits give the same answers from a thread")
    func blockingWaits() throws {
        let child = try Self.shell("echo ready; read line; exit 4")
        #expect(child.blockingWaitForLine(containing: "ready", timeout: .seconds(30)) == "ready")
        #expect(child.blockingWaitForExit(timeout: .seconds(30)) == .exited(4), "standard input is /dev/null")
        #expect(child.blockingWaitForExit(timeout: .milliseconds(1)) == .exited(4))
    }

    @Test("standard error sent to lines joins standard output's lines")
    func joinedErrors() async throws {
        let child = try Self.shell("echo out; echo err >&2; echo out again", standardError: .lines)
        let output = await child.waitForOutput(timeout: .seconds(30)) { $0.ended ? $0.lines : nil }
        #expect(output == ["out", "err", "out again"])
    }

    @Test("outputs go to files, created or truncated, and to /dev/null")
    func files() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "an older and longer content".write(toFile: path, atomically: false, encoding: .utf8)
        let child = try ChildProcess(
            executable: "sh",
            arguments: ["-c", "echo to the file; echo to nowhere >&2"],
            standardOutput: .file(path),
            standardError: .discard
        )
        #expect(await child.waitForExit(timeout: .seconds(30)) == .exited(0))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "to the file\n")
        #expect(child.standardOutputLines == ChildProcess.OutputLines(lines: [], ended: true))
    }

    @Test("a missing executable or an output file that cannot be created throws the failing call and errno")
    func failures() throws {
        let missing = #expect(throws: ChildProcess.Failure.self) {
            try ChildProcess(executable: "/nonexistent/program")
        }
        #expect(missing?.operation == "posix_spawn" && missing?.path == "/nonexistent/program")
        #expect(missing?.code == ENOENT)
        #expect(missing?.description == "posix_spawn /nonexistent/program: No such file or directory (errno 2)")
        let unwritable = #expect(throws: ChildProcess.Failure.self) {
            try ChildProcess(executable: "/bin/true", standardOutput: .file("/nonexistent/folder/out"))
        }
        #expect(unwritable?.operation == "open" && unwritable?.path == "/nonexistent/folder/out")
        #expect(unwritable?.code == ENOENT)
    }

    @Test("a start that fails after the lines' pipe was made leaves no descriptor open")
    func failedStartClosesItsDescriptors() throws {
        let before = try FileManager.default.contentsOfDirectory(atPath: "/dev/fd").count
        for _ in 0..<40 {
            #expect(throws: ChildProcess.Failure.self) {
                try ChildProcess(executable: "/bin/true", standardOutput: .lines, standardError: .file("/no/such/err"))
            }
        }
        // A leak is one descriptor per attempt; other tests running meanwhile hold a few.
        let after = try FileManager.default.contentsOfDirectory(atPath: "/dev/fd").count
        #expect(after - before < 20)
    }

    @Test("no executable of that name was built beside the tests")
    func builtExecutableMissing() {
        #expect(ChildProcess.builtExecutable(named: "no-such-product") == nil)
    }

    #if os(Linux)
    @Test("the child inherits no descriptor beyond its standard three, not even one without close-on-exec")
    func noInheritedDescriptors() async throws {
        let inheritable = open("/dev/null", O_RDONLY)
        try #require(inheritable >= 3)
        defer { close(inheritable) }
        let child = try Self.shell("ls /proc/$$/fd")
        let listed = await child.waitForOutput(timeout: .seconds(30)) { $0.ended ? $0.lines : nil }
        #expect(listed.map { Set($0) } == ["0", "1", "2"])
    }
    #endif
}
