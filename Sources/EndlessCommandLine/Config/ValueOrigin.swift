/// Where an option's or a setting's value came from, as `config` shows it.
public enum ValueOrigin: Sendable, Equatable, CustomStringConvertible {
    /// Not given anywhere: the declared default.
    case `default`
    /// The command line.
    case commandLine
    /// A config file's line.
    case configFile(path: String, line: Int)
    /// An environment variable.
    case environment(String)

    /// `default`, `command line`, `FILE:LINE`, `$NAME`.
    public var description: String {
        switch self {
        case .default: "default"
        case .commandLine: "command line"
        case .configFile(let path, let line): "\(path):\(line)"
        case .environment(let name): "environment ($\(name))"
        }
    }
}
