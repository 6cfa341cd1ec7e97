import Foundation
import Synchronization

/// The programs the baselines run (nginx, wrk, python3, jq, curl, chafa, djpeg, valgrind):
/// found on `PATH` or in the usual Debian places, run to completion with their output read.
struct ExternalTool {
    let path: String

    /// The tool called `name`, or nil (with a warning naming what installs it) when missing.
    static func find(_ name: String, installedBy package: String, area: String) -> ExternalTool? {
        var folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        folders += ["/usr/bin", "/usr/sbin", "/usr/local/bin", "/bin", "/sbin"]
        for folder in folders {
            let candidate = folder + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return ExternalTool(path: candidate) }
        }
        Bench.warn(area, "\(name) is missing (make deps-bench installs \(package)): its baseline is not measured")
        return nil
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the tool with `arguments`, feeding `input` on standard input, and returns what
    /// it wrote to standard output.
    /// - Throws: when it cannot start or exits with a status other than 0.
    @discardableResult
    func run(_ arguments: [String], input: Data? = nil, environment: [String: String]? = nil) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try process.run()
        if let input {
            // Written from another thread: a tool that answers before reading all of its
            // input would otherwise deadlock against a full output pipe.
            let writer = stdin.fileHandleForWriting
            Thread.detachNewThread {
                writer.write(input)
                try? writer.close()
            }
        }
        let collected = ErrorCollector(errors.fileHandleForReading)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: collected.wait().prefix(400), as: UTF8.self)
            throw Failure(description: "\(path) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus): \(message)")
        }
        return data
    }
}

/// Reads a pipe to its end on its own thread, so a chatty standard error cannot block a tool.
private final class ErrorCollector: Sendable {
    private let data = Mutex(Data())
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            let read = handle.readDataToEndOfFile()
            data.withLock { $0 = read }
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data.withLock { $0 }
    }
}
