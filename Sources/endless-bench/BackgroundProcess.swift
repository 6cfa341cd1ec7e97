import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A server program the bench starts, loads and stops: nginx, or `endless serve`.
///
/// It can be started in a session of its own, as a person starts a server from a terminal or
/// as a daemon. The machine groups CPU time by session (the kernel's autogroup), so a server in
/// the bench's own session would share wrk's slice of the machine while one in its own
/// session would get a slice of its own: both sides of a figure must be started alike.
final class BackgroundProcess {
    let pid: pid_t
    private var exited = false

    /// Starts `arguments` (the program's full path first).
    /// - Parameters:
    ///   - ownSession: a session of its own (`setsid`), else the bench's.
    ///   - terminal: the pseudo-terminal side to give it as standard input, output and
    ///     error; /dev/null when nil.
    init(_ arguments: [String], ownSession: Bool, terminal: Int32? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let terminal {
            for target: Int32 in [0, 1, 2] { posix_spawn_file_actions_adddup2(&actions, terminal, target) }
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc 2.26): a session of its own.
        if ownSession { posix_spawnattr_setflags(&attributes, Int16(0x80)) }

        let variables = ProcessInfo.processInfo.environment
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer {
            envp.forEach { free($0) }
            argv.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard status == 0 else { throw BenchFailure("cannot run \(arguments[0]): \(String(cString: strerror(status)))") }
        self.pid = pid
    }

    deinit {
        stop()
    }

    /// Whether it has not exited yet.
    var isRunning: Bool {
        guard !exited else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { exited = true }
        return !exited
    }

    /// Sends SIGTERM and waits for the exit; a program still running 10 s later is killed.
    func stop() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<1000 {
            if waitpid(pid, &status, WNOHANG) == pid {
                exited = true
                return
            }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        exited = true
    }
}
