/// A config file that cannot be used: it names the file and the line, and the program exits 2
/// as for a wrong command line.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, as given or found.
    public let path: String
    /// The line at fault, from 1; nil when the whole file is (missing, too big, not text).
    public let line: Int?
    /// What is wrong.
    public let message: String
    /// What to do instead.
    public let hint: String?

    /// Creates the error.
    /// - Parameters:
    ///   - path: the file.
    ///   - line: the line at fault, or nil for the whole file.
    ///   - message: what is wrong.
    ///   - hint: what to do instead.
    public init(path: String, line: Int?, message: String, hint: String? = nil) {
        self.path = path
        self.line = line
        self.message = message
        self.hint = hint
    }

    /// `FILE:LINE`, as compilers name a place.
    public var place: String { line.map { "\(path):\($0)" } ?? path }

    /// `config FILE:LINE: message`, then the hint, each line ending in a newline.
    public var description: String {
        var text = "config \(place): \(message)\n"
        if let hint { text += "hint: \(hint)\n" }
        return text
    }
}
