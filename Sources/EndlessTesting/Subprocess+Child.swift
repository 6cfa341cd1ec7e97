import Foundation
import Glibc

extension Subprocess {
    /// Where a child's standard output or standard error goes.
    public enum Destination: Sendable, Equatable {
        /// A pipe that this process drains from the start, so the child never blocks on it:
        /// read it while the child runs with ``Child/waitForLine(in:within:where:)`` and
        /// ``Child/waitForOutput(in:within:until:)``, or all of it once it ended.
        case pipe
        /// `/dev/null`. Needed for a program that starts a daemon, which would keep a pipe
        /// open after the program ended.
        case discard
        /// A file, created or emptied (mode 0600).
        case file(String)
        /// For standard error only: wherever standard output goes (`2>&1`).
        case standardOutput
    }

    /// One of a child's two output streams.
    public enum Stream: Sendable, Equatable {
        /// Its standard output.
        case standardOutput
        /// Its standard error.
        case standardError
    }

    /// Starts `path` and returns at once with a handle on the running program.
    ///
    /// A test talks to the program while it runs, then ends it; the handle never leaves it
    /// behind (when the handle goes away, a program still running is killed with SIGKILL and
    /// reaped):
    ///
    /// ```swift
    /// let server = try Subprocess.start(binary, ["serve", "--port", "0"])
    /// let line = try await server.waitForLine { $0.contains("listening on") }
    /// // … talk to it …
    /// server.terminate()
    /// #expect(try await server.wait() == 0)
    /// ```
    ///
    /// - Parameters:
    ///   - path: the program.
    ///   - arguments: its arguments (without the program).
    ///   - environment: its variables; this process's by default.
    ///   - workingDirectory: the folder it starts in; this process's by default.
    ///   - standardInput: a descriptor for its standard input; `/dev/null` by default.
    ///   - standardOutput: where its standard output goes; a pipe by default.
    ///   - standardError: where its standard error goes; a pipe of its own by default.
    /// - Returns: the running program.
    /// - Throws: ``Failure`` when it cannot be started.
    public static func start(
        _ path: String, _ arguments: [String], environment: Environment = .inherited, workingDirectory: String? = nil,
        standardInput: Int32? = nil, standardOutput: Destination = .pipe, standardError: Destination = .pipe
    ) throws -> Child {
        try Child(
            [path] + arguments, environment: environment, workingDirectory: workingDirectory, standardInput: standardInput,
            standardOutput: standardOutput, standardError: standardError)
    }

    /// A program started by ``Subprocess/start(_:_:environment:workingDirectory:standardInput:standardOutput:standardError:)``:
    /// running, or ended and reaped.
    ///
    /// Every wait is bounded (its `within` budget, times ``TimeBudget/scale``): a program that
    /// never says what a test waits for fails the test in seconds instead of hanging the run.
    /// When the handle goes away, a program still running is killed with SIGKILL and reaped,
    /// so a failing test leaves no process behind.
    public final class Child: Sendable {
        /// The program's process id (it may name another process once the program is reaped).
        public let processIdentifier: pid_t
        /// The program and its arguments, for messages.
        private let commandLine: String
        private let monitor: Monitor
        /// The write end of the pipe that tells the reader to stop; closed by deinit.
        private let stopReading: Int32?

        init(
            _ arguments: [String], environment: Environment, workingDirectory: String?, standardInput: Int32?,
            standardOutput: Destination, standardError: Destination
        ) throws {
            guard standardOutput != .standardOutput else {
                throw Failure(description: "standard output cannot go to standard output; use .pipe, .discard or .file")
            }
            commandLine = arguments.joined(separator: " ")
            // Closed when this ends: every end if the child cannot be started, else the write ends
            // the child now holds.
            var toClose: [Int32] = []
            defer { for descriptor in toClose { close(descriptor) } }
            func pipeEnds() throws -> (read: Int32, write: Int32) {
                let ends = try Subprocess.pipe()
                toClose += [ends.read, ends.write]
                return ends
            }
            let output = standardOutput == .pipe ? try pipeEnds() : nil
            let error = standardError == .pipe ? try pipeEnds() : nil
            let stop = output != nil || error != nil ? try pipeEnds() : nil
            if workingDirectory != nil && Self.changeDirectory == nil {
                throw Failure(description: "this C library cannot set a child's working directory (posix_spawn_file_actions_addchdir_np)")
            }
            processIdentifier = try spawn(
                arguments, environment: environment.entries,
                actions: { actions in
                    if let standardInput {
                        posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
                    } else {
                        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
                    }
                    Self.direct(standardOutput, to: 1, pipe: output?.write, &actions)
                    Self.direct(standardError, to: 2, pipe: error?.write, &actions)
                    // Nothing else: other tests' descriptors without close-on-exec (their
                    // clients' sockets, their children's pipes) would stay open in this child.
                    _ = Self.closeFrom?(&actions, 3)
                    if let workingDirectory { _ = Self.changeDirectory?(&actions, workingDirectory) }
                })
            // This process keeps the read ends and stop's write end.
            toClose = [output?.write, error?.write].compactMap { $0 }
            stopReading = stop?.write
            monitor = Monitor(processIdentifier: processIdentifier, output: output?.read, error: error?.read, stop: stop?.read)
        }

        deinit {
            monitor.killAndReap()
            if let stopReading { close(stopReading) }
        }

        /// Whether the program has not been reaped yet: it runs (or has just ended).
        public var isRunning: Bool { monitor.state.status == nil }

        /// Its exit status once reaped: 128 + the signal for a program a signal ended.
        public var exitStatus: Int32? { monitor.state.status }

        /// What it has written to its standard output pipe so far.
        public var standardOutput: String { monitor.state.text(of: .standardOutput).text }

        /// What it has written to its standard error pipe so far.
        public var standardError: String { monitor.state.text(of: .standardError).text }

        /// Kills the program with SIGKILL, as a crash or `kill -9` would, and reaps it; returns
        /// at once if it was reaped already. Its output pipes may still hold what it wrote
        /// last: ``wait(within:)`` returns once they are read to their end.
        public func kill() {
            monitor.killAndReap()
        }

        /// Sends `signal` (SIGTERM by default) to the program, unless it was reaped already.
        public func terminate(signal: Int32 = SIGTERM) {
            monitor.send(signal)
        }

        /// Waits for the program to end and for its output pipes to close, at most `limit`
        /// (times ``TimeBudget/scale``); a program still running then is killed with SIGKILL
        /// and reaped, and the wait throws.
        ///
        /// - Parameter limit: the budget in an ordinary debug build.
        /// - Returns: its exit status: 128 + the signal for a program a signal ended.
        /// - Throws: ``Failure`` when `limit` passed first; `CancellationError` when the
        ///   waiting task was cancelled first (the program is killed too).
        @discardableResult
        public func wait(within limit: Duration = TimeBudget.standardWait) async throws -> Int32 {
            let ending = await monitor.wait(until: { $0.isOver }, deadline: .now + TimeBudget.scaled(limit))
            let before = monitor.state
            if ending == .resumed, let status = before.status { return status }
            monitor.killAndReap()
            try Task.checkCancellation()
            let what =
                before.status == nil
                ? "did not end within \(Self.describe(limit)); it was killed with SIGKILL"
                : "ended, but its output was still open after \(Self.describe(limit)) (a program it started holds it?)"
            throw Failure(description: "\(commandLine) \(what)\(Self.printed(before))")
        }

        /// Waits until the program has written a whole line to `stream` for which `condition`
        /// holds, at most `limit` (times ``TimeBudget/scale``). The program goes on running.
        ///
        /// - Parameters:
        ///   - stream: the stream to read, which must go to a ``Destination/pipe``.
        ///   - limit: the budget in an ordinary debug build.
        ///   - condition: tested on each line, without its line feed.
        /// - Returns: the first such line.
        /// - Throws: ``Failure`` when the stream ended without such a line, or `limit` passed
        ///   first (saying what the program wrote); `CancellationError` when the waiting task
        ///   was cancelled first.
        @discardableResult
        public func waitForLine(
            in stream: Stream = .standardOutput, within limit: Duration = TimeBudget.standardWait,
            where condition: @escaping @Sendable (String) -> Bool
        ) async throws -> String {
            try await waitFor(stream, within: limit) { text, ended in
                Self.lines(of: text, ended: ended).first(where: condition)
            }
        }

        /// Waits until what the program has written to `stream` satisfies `condition`, at most
        /// `limit` (times ``TimeBudget/scale``). The program goes on running.
        ///
        /// - Parameters:
        ///   - stream: the stream to read, which must go to a ``Destination/pipe``.
        ///   - limit: the budget in an ordinary debug build.
        ///   - condition: tested on everything written to `stream` so far.
        /// - Returns: everything written to `stream` so far, once `condition` holds.
        /// - Throws: ``Failure`` when the stream ended before `condition` held, or `limit`
        ///   passed first (saying what the program wrote); `CancellationError` when the waiting
        ///   task was cancelled first.
        @discardableResult
        public func waitForOutput(
            in stream: Stream = .standardOutput, within limit: Duration = TimeBudget.standardWait,
            until condition: @escaping @Sendable (String) -> Bool
        ) async throws -> String {
            try await waitFor(stream, within: limit) { text, _ in condition(text) ? text : nil }
        }

        /// Waits until `find` finds something in `stream`, the stream ends, or `limit` passes.
        private func waitFor(
            _ stream: Stream, within limit: Duration,
            find: @escaping @Sendable (_ text: String, _ ended: Bool) -> String?
        ) async throws -> String {
            let ending = await monitor.wait(
                until: { state in
                    let (text, ended) = state.text(of: stream)
                    return ended || find(text, ended) != nil
                }, deadline: .now + TimeBudget.scaled(limit))
            let state = monitor.state
            let (text, ended) = state.text(of: stream)
            if let found = find(text, ended) { return found }
            try Task.checkCancellation()
            let name = stream == .standardOutput ? "standard output" : "standard error"
            let why =
                ending == .timedOut
                ? "nothing matched on its \(name) within \(Self.describe(limit))"
                : "its \(name) ended before anything matched"
                    + (state.status.map { " (exit status \($0))" } ?? "")
            throw Failure(description: "\(commandLine): \(why)\(Self.printed(state))")
        }

        /// Blocks the calling thread until the program has ended and its output pipes have
        /// closed, with no deadline; for ``Subprocess/run(_:_:capturing:standardError:standardInput:environment:)``.
        func waitBlocking() -> Int32 {
            monitor.waitBlocking(until: { $0.isOver })
            return monitor.state.status ?? 128 + SIGKILL
        }

        /// The lines of `text`: each whole line, and the unfinished last one once the stream ended.
        static func lines(of text: String, ended: Bool) -> [String] {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let last = lines.removeLast()  // after the last line feed: unfinished, or empty
            if ended && !last.isEmpty { lines.append(last) }
            return lines
        }

        /// A budget as scaled here, for messages.
        private static func describe(_ limit: Duration) -> String {
            TimeBudget.scale == 1 ? "\(limit)" : "\(TimeBudget.scaled(limit)) (\(limit) × \(TimeBudget.scale))"
        }

        /// What the program wrote, for a failure message.
        private static func printed(_ state: Monitor.State) -> String {
            let output = state.text(of: .standardOutput).text
            let error = state.text(of: .standardError).text
            var said = ""
            if !output.isEmpty { said += "\nstandard output:\n\(output)" }
            if !error.isEmpty { said += "\nstandard error:\n\(error)" }
            return said.isEmpty ? "; it wrote nothing (to its pipes)" : said
        }

        /// Adds the file actions that send stream `descriptor` (1 or 2) to `destination`.
        private static func direct(
            _ destination: Destination, to descriptor: Int32, pipe: Int32?, _ actions: inout posix_spawn_file_actions_t
        ) {
            switch destination {
            case .pipe:
                if let pipe { posix_spawn_file_actions_adddup2(&actions, pipe, descriptor) }
            case .discard:
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .standardOutput:
                posix_spawn_file_actions_adddup2(&actions, 1, descriptor)
            }
        }

        /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34) and
        /// `posix_spawn_file_actions_addchdir_np` (2.29), which Swift does not import (they
        /// are GNU extensions).
        private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
        private typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?) -> Int32
        private static let closeFrom: CloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
            unsafeBitCast($0, to: CloseFrom.self)
        }
        private static let changeDirectory: ChangeDirectory? = dlsym(nil, "posix_spawn_file_actions_addchdir_np").map {
            unsafeBitCast($0, to: ChangeDirectory.self)
        }
    }
}
