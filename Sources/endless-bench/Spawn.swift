import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program to completion the cheapest way (posix_spawn, output to /dev/null) and
/// reports its wall time and, from `wait4`, the CPU time it and its children used.
enum Spawn {
    struct Outcome {
        var wallSeconds: Double
        var cpuSeconds: Double
    }

    /// Runs `arguments` (the program's full path first) with standard output and error to
    /// /dev/null.
    /// - Throws: when it cannot start or exits with a status other than 0.
    @discardableResult
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { _, new in new }
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer {
            envp.forEach { free($0) }
            argv.forEach { free($0) }
        }
        let start = ContinuousClock.now
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        guard status == 0 else { throw BenchFailure("cannot run \(arguments[0]): \(String(cString: strerror(status)))") }
        var exitStatus: Int32 = 0
        var usage = rusage()
        while wait4(pid, &exitStatus, 0, &usage) < 0 && errno == EINTR {}
        let wall = Bench.seconds(ContinuousClock.now - start)
        guard exitStatus == 0 else {
            throw BenchFailure("\(arguments.joined(separator: " ")) exited with status \(exitStatus >> 8)")
        }
        let cpu =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Outcome(wallSeconds: wall, cpuSeconds: cpu)
    }

    /// `command` run by /bin/sh (for pipelines such as `curl … | jq .`).
    @discardableResult
    static func shell(_ command: String) throws -> Outcome {
        try run(["/bin/sh", "-c", command])
    }
}
