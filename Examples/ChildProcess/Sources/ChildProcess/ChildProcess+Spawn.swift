#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ChildProcess {
    /// Starts the program with `posix_spawn`: standard input from `/dev/null`, each redirection
    /// duplicated onto its target, on Linux every descriptor from 3 up closed, no signal blocked
    /// and every signal at its default.
    static func spawn(
        executable: String,
        arguments: [String],
        redirections: [(descriptor: Int32, target: Int32)]
    ) throws(Failure) -> pid_t {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        for (descriptor, target) in redirections {
            posix_spawn_file_actions_adddup2(&actions, descriptor, target)
        }
        #if os(Linux)
        if let closeFrom = addCloseFrom { _ = closeFrom(&actions, 3) }
        #endif

        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) }
        defer { for argument in argv { free(argument) } }
        var processIdentifier: pid_t = 0
        let status = (argv + [nil]).withUnsafeBufferPointer { argvPointer -> Int32 in
            guard let argvPointer = argvPointer.baseAddress else { return EINVAL }
            return executable.contains("/")
                ? posix_spawn(&processIdentifier, executable, &actions, &attributes, argvPointer, environ)
                : posix_spawnp(&processIdentifier, executable, &actions, &attributes, argvPointer, environ)
        }
        guard status == 0 else { throw Failure(operation: "posix_spawn", path: executable, code: status) }
        return processIdentifier
    }

    /// `path` opened for writing, close-on-exec, with `flags` added (created files get mode 0644).
    static func openForWriting(_ path: String, flags: Int32) throws(Failure) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | flags, 0o644)
        guard descriptor >= 0 else { throw Failure(operation: "open", path: path, code: errno) }
        return descriptor
    }

    /// A pipe whose both ends are close-on-exec, so that no later child inherits them. (Swift's
    /// Glibc module does not declare `pipe2`; a child another thread spawns between `pipe` and
    /// `fcntl` without closing descriptors could inherit them, which no spawn here does.)
    static func closeOnExecPipe() throws(Failure) -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw Failure(operation: "pipe", path: "", code: errno) }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return (descriptors[0], descriptors[1])
    }

    #if os(Linux)
    /// The type of glibc's `posix_spawn_file_actions_addclosefrom_np`.
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc
    /// module does not declare; `nil` with an older glibc.
    private static let addCloseFrom: AddCloseFrom? = {
        let name = "posix_spawn_file_actions_addclosefrom_np"
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()
    #endif
}
