import Foundation
import Glibc

/// Runs a program and waits for it with `posix_spawn` and `waitpid`.
///
/// Foundation's `Process` cannot run `tmux new-session`: the tmux server forks from the client
/// and keeps the descriptor `Process` watches for the child's exit, so `waitUntilExit()` never
/// returns. Waiting on the process id itself has no such problem.
enum Subprocess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `path` with `arguments`; captures standard output and error when `capturing`,
    /// otherwise sends them to /dev/null (needed for anything that starts a daemon).
    /// `standardError`, when given, is a file that receives standard error instead.
    /// - Returns: the exit status and the captured output.
    static func run(
        _ path: String, _ arguments: [String], capturing: Bool = true, standardError: String? = nil
    ) throws -> (status: Int32, output: String) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipe: [Int32] = [-1, -1]
        if capturing {
            guard Glibc.pipe(&pipe) == 0 else { throw Failure(description: "pipe failed: \(errno)") }
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
            if let standardError {
                posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            } else {
                posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
            }
            posix_spawn_file_actions_addclose(&actions, pipe[0])
            posix_spawn_file_actions_addclose(&actions, pipe[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)

        // Signals as a fresh process has them: the test process ignores or blocks some (Dispatch
        // signal sources ignore theirs), and an ignored SIGHUP, inherited through exec, would
        // keep a tmux pane's program alive after kill-server.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        sigfillset(&all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        if capturing { close(pipe[1]) }
        guard spawned == 0 else {
            if capturing { close(pipe[0]) }
            throw Failure(description: "cannot run \(path): \(String(cString: strerror(spawned)))")
        }
        var output = Data()
        if capturing {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(pipe[0], &buffer, buffer.count)
                if count > 0 {
                    output.append(contentsOf: buffer[0..<count])
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            close(pipe[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, which Glibc's macros do not bring to Swift.
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, String(decoding: output, as: UTF8.self))
    }
}
