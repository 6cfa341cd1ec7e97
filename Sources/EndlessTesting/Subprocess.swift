import Foundation
import Glibc

/// Starts programs from tests with `posix_spawn` and waits for them with `waitpid`: the one
/// helper the test targets share to run a program (a shell tool, the `endless` binary, tmux,
/// this test binary again under a pseudoterminal).
///
/// Foundation's `Process` cannot run `tmux new-session`: the tmux server forks from the client
/// and keeps the descriptor `Process` watches for the child's exit, so `waitUntilExit()` never
/// returns. Waiting on the process id itself has no such problem. Every child starts with the
/// signals of a fresh process: the test process ignores or blocks some (Dispatch signal
/// sources ignore theirs), and an ignored SIGHUP, inherited through exec, would keep a tmux
/// pane's program alive after kill-server.
public enum Subprocess {
    /// Why a program could not be started.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// Runs `path` with `arguments` to its end, in this process's environment.
    /// - Parameters:
    ///   - path: the program.
    ///   - arguments: its arguments (without the program).
    ///   - capturing: captures standard output and error; otherwise they go to /dev/null
    ///     (needed for anything that starts a daemon, which would keep the pipe open).
    ///   - standardError: when capturing, a file that receives standard error instead.
    ///   - standardInput: a descriptor for its standard input; /dev/null by default.
    /// - Returns: the exit status (128 + the signal for a child killed by one) and the output.
    /// - Throws: ``Failure`` when it cannot be started.
    public static func run(
        _ path: String, _ arguments: [String], capturing: Bool = true, standardError: String? = nil,
        standardInput: Int32? = nil
    ) throws -> (status: Int32, output: String) {
        var pipeEnds: [Int32] = [-1, -1]
        if capturing {
            guard pipe(&pipeEnds) == 0 else { throw Failure(description: "pipe failed: errno \(errno)") }
        }
        let pid: pid_t
        do {
            pid = try spawn(
                [path] + arguments, environment: currentEnvironment(),
                actions: { actions in
                    if capturing {
                        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
                        if let standardError {
                            posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                        } else {
                            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
                        }
                        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
                        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
                    } else {
                        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
                        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
                    }
                    if let standardInput {
                        posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
                    } else {
                        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
                    }
                })
        } catch {
            if capturing { pipeEnds.forEach { close($0) } }
            throw error
        }
        var output: [UInt8] = []
        if capturing {
            close(pipeEnds[1])
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(pipeEnds[0], &buffer, buffer.count)
                if count > 0 {
                    output.append(contentsOf: buffer[0..<count])
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            close(pipeEnds[0])
        }
        return (exitStatus(wait(pid)), String(decoding: output, as: UTF8.self))
    }

    /// Starts `arguments[0]` with exactly `environment` (`NAME=value` entries) and returns its
    /// process id; reap it with ``wait(_:)``.
    /// - Parameters:
    ///   - arguments: the program and its arguments.
    ///   - environment: the child's whole environment.
    ///   - configure: sets up the child's descriptors.
    ///   - newSession: the child leads a new session, so a terminal it opens becomes its
    ///     controlling terminal.
    /// - Throws: ``Failure`` when it cannot be started.
    public static func spawn(
        _ arguments: [String], environment: [String], actions configure: (inout posix_spawn_file_actions_t) -> Void,
        newSession: Bool = false
    ) throws -> pid_t {
        guard let program = arguments.first else { throw Failure(description: "no program to run") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        configure(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        sigfillset(&all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        if newSession { flags |= 0x80 }  // POSIX_SPAWN_SETSID (a GNU extension Swift does not import)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid = pid_t()
        let result = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        guard result == 0 else { throw Failure(description: "cannot run \(program): \(String(cString: strerror(result)))") }
        return pid
    }

    /// Waits for a child and returns its raw wait status.
    public static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// The exit status in a raw wait status, or 128 + the signal that ended the child
    /// (`WIFEXITED` / `WEXITSTATUS`, which Glibc's macros do not bring to Swift).
    public static func exitStatus(_ status: Int32) -> Int32 {
        (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// This process's environment, as `NAME=value` entries.
    public static func currentEnvironment() -> [String] {
        var result: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            result.append(String(cString: entry))
            pointer += 1
        }
        return result
    }

    /// This test binary, to run one of its tests again in a process of its own.
    public static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    }
}
