import Foundation
import Glibc

/// Starts programs from tests with `posix_spawn` and waits for them with `waitpid`: the one
/// helper the test targets share to run a program (a shell tool, the `endless` binary, tmux,
/// this test binary again under a pseudoterminal).
///
/// ``run(_:_:capturing:standardError:standardInput:environment:)`` runs a program to its end;
/// ``start(_:_:environment:workingDirectory:standardInput:standardOutput:standardError:)``
/// returns a ``Child`` to talk to while it runs (read its output as it comes, signal it, wait
/// for it, every wait bounded), which never leaves the program behind.
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

    /// Runs `path` with `arguments` to its end: the simple case of
    /// ``start(_:_:environment:workingDirectory:standardInput:standardOutput:standardError:)``,
    /// for a program that ends by itself.
    /// - Parameters:
    ///   - path: the program.
    ///   - arguments: its arguments (without the program).
    ///   - capturing: captures standard output and error; otherwise they go to /dev/null
    ///     (needed for anything that starts a daemon, which would keep the pipe open).
    ///   - standardError: when capturing, a file that receives standard error instead.
    ///   - standardInput: a descriptor for its standard input; /dev/null by default.
    ///   - environment: its variables; this process's by default.
    /// - Returns: the exit status (128 + the signal for a child killed by one) and the output.
    /// - Throws: ``Failure`` when it cannot be started.
    public static func run(
        _ path: String, _ arguments: [String], capturing: Bool = true, standardError: String? = nil,
        standardInput: Int32? = nil, environment: Environment = .inherited
    ) throws -> (status: Int32, output: String) {
        let child = try start(
            path, arguments, environment: environment, standardInput: standardInput,
            standardOutput: capturing ? .pipe : .discard,
            standardError: capturing ? standardError.map { .file($0) } ?? .standardOutput : .discard)
        let status = child.waitBlocking()
        return (status, child.standardOutput)
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

    /// A pipe whose two ends are closed on exec, so that no other child started meanwhile
    /// (by another test, on another thread) holds them: a child holding another's write end
    /// would keep that pipe open after its writer ended.
    static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        if let pipe2 = pipeWithFlags {
            guard pipe2(&ends, O_CLOEXEC) == 0 else { throw Failure(description: "pipe2 failed: errno \(errno)") }
        } else {
            guard Glibc.pipe(&ends) == 0 else { throw Failure(description: "pipe failed: errno \(errno)") }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        return (ends[0], ends[1])
    }

    /// glibc's `pipe2`, which Swift does not import (a GNU extension): it sets close-on-exec
    /// as it creates the pipe, where `fcntl` afterwards leaves a moment for a spawn to copy it.
    private typealias PipeWithFlags = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
    private static let pipeWithFlags: PipeWithFlags? = dlsym(nil, "pipe2").map { unsafeBitCast($0, to: PipeWithFlags.self) }

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
