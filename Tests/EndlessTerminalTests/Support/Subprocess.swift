import Glibc

/// posix_spawn for tests: a child with chosen descriptors, environment and session.
enum Subprocess {
    /// Runs a command to completion and returns its standard output.
    static func run(_ arguments: [String], standardInput: Int32) throws -> String {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { throw TestFailure("pipe: errno \(errno)") }
        let pid = try spawn(arguments, environment: currentEnvironment(), actions: { actions in
            posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        }, newSession: false)
        close(pipeEnds[1])
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(pipeEnds[0], &buffer, buffer.count)
            if count <= 0 { break }
            output.append(contentsOf: buffer[0..<count])
        }
        close(pipeEnds[0])
        _ = wait(pid)
        return String(decoding: output, as: UTF8.self)
    }

    /// Starts a child; `actions` sets up its descriptors. With `newSession`, the child leads
    /// a new session (so a terminal it opens becomes its controlling terminal).
    static func spawn(
        _ arguments: [String], environment: [String], actions configure: (inout posix_spawn_file_actions_t) -> Void,
        newSession: Bool
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        configure(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if newSession { flags |= 0x80 }  // POSIX_SPAWN_SETSID (a GNU extension Swift does not import)
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH, SIGSEGV, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid = pid_t()
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard result == 0 else { throw TestFailure("posix_spawn \(arguments[0]): \(result)") }
        return pid
    }

    /// Waits for a child and returns its raw wait status.
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// Waits for a child while reading what it writes to `pty`; past `deadline` the child is
    /// killed with SIGKILL. Returns the raw wait status.
    static func wait(_ pid: pid_t, collecting pty: Pseudoterminal, deadline: Duration) -> Int32 {
        let end = ContinuousClock.now + deadline
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno != EINTR) { return status }
            if ContinuousClock.now >= end {
                kill(pid, SIGKILL)
                return wait(pid)
            }
            // Waits on the child's output; the timeout only bounds how late its exit is seen.
            pty.waitForOutput(milliseconds: 20)
        }
    }

    static func currentEnvironment() -> [String] {
        var result: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            result.append(String(cString: entry))
            pointer += 1
        }
        return result
    }

    /// This test binary.
    static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    }
}
