/// Why a data directory could not be loaded; every case names the file, relative to the
/// data directory (e.g. `DE/lists/last.txt`).
public enum GeneratorDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A required list does not exist.
    case missingFile(String)
    /// The file exists but could not be read.
    case unreadableFile(String, reason: String)
    /// The file has no entry after the loading rule (a pick from it would be undefined).
    case emptyList(String)
    /// A line of the timezone list is not a `{"offset": …, "description": …}` object.
    case invalidTimezone(String, line: Int)

    /// A sentence a person can act on.
    public var description: String {
        switch self {
        case .missingFile(let path): "missing data file \(path)"
        case .unreadableFile(let path, let reason): "cannot read data file \(path): \(reason)"
        case .emptyList(let path): "data file \(path) has no entries (each entry must end with a newline)"
        case .invalidTimezone(let path, let line):
            "data file \(path), line \(line): expected {\"offset\": \"…\", \"description\": \"…\"}"
        }
    }
}
