import Glibc

/// Why a terminal session could not start or write.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file descriptor is not a terminal (output redirected to a file or a pipe).
    case notATerminal(fileDescriptor: Int32)
    /// Another session is open in this process; there is one terminal and one set of
    /// signal handlers.
    case sessionAlreadyOpen
    /// A system call failed.
    case systemCall(String, errno: Int32)

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case .notATerminal(let descriptor):
            return "file descriptor \(descriptor) is not a terminal; run endless in a terminal, not through a pipe"
        case .sessionAlreadyOpen:
            return "a terminal session is already open in this process"
        case .systemCall(let name, let code):
            return "\(name) failed: \(String(cString: strerror(code))) (errno \(code))"
        }
    }

    /// The error for a failed call, from the current `errno`.
    static func lastError(_ name: String) -> TerminalError {
        .systemCall(name, errno: errno)
    }
}
