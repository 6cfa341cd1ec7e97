import Glibc

/// Runs a short helper command (tmux asking its server) and collects what it prints.
enum ChildProcess {
    /// Standard output of `arguments` (looked up on `PATH`), or nil when it cannot start,
    /// fails, or takes longer than `timeout` (it is then killed).
    static func output(of arguments: [String], environment: [String: String], timeout: Duration) -> String? {
        guard !arguments.isEmpty else { return nil }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { return nil }
        defer { close(pipeEnds[0]) }
        _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        close(pipeEnds[1])
        guard spawned == 0 else { return nil }

        let deadline = ContinuousClock.now + timeout
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        var finished = false
        while !finished {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { break }
            var poller = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = read(pipeEnds[0], &buffer, buffer.count)
            if count > 0 {
                output.append(contentsOf: buffer[0..<count])
                if output.count > 4096 { break }
            } else if count == 0 || errno != EINTR {
                finished = true
            }
        }
        if !finished { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard finished, status & 0x7F == 0, (status >> 8) & 0xFF == 0 else { return nil }
        return String(decoding: output, as: UTF8.self)
    }
}
