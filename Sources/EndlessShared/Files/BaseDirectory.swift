/// The XDG Base Directory rules, once: where a program's cache and configuration go.
///
/// Each folder is its variable (`XDG_CACHE_HOME`…) when that is an absolute path (the spec says a
/// relative one is to be ignored), else the home folder's default (`~/.cache`…) when `HOME` is
/// an absolute path, else unknown. A relative `HOME` is refused like a relative variable: it
/// would name a different folder from every working directory. The crash report's folder
/// (`XDG_STATE_HOME`) is found by the same rules in C, before the Swift runtime starts
/// (`CBacktraceSettings`).
package enum BaseDirectory: Sendable {
    /// Files that can be made again (`XDG_CACHE_HOME`, else `~/.cache`).
    case cache
    /// Settings a person writes (`XDG_CONFIG_HOME`, else `~/.config`).
    case config

    /// The folder's absolute path, without a trailing slash; nil when neither the variable nor
    /// `HOME` is an absolute path.
    /// - Parameter environment: the environment to read.
    package func path(environment: [String: String]) -> String? {
        if let given = environment[variable].flatMap(Self.absolute) { return given }
        guard let home = Self.home(environment: environment) else { return nil }
        return home == "/" ? "/" + inHome : home + "/" + inHome
    }

    /// The home folder, when `HOME` is an absolute path, without a trailing slash.
    /// - Parameter environment: the environment to read.
    package static func home(environment: [String: String]) -> String? {
        environment["HOME"].flatMap(absolute)
    }

    /// The environment variable that names the folder.
    private var variable: String {
        switch self {
        case .cache: "XDG_CACHE_HOME"
        case .config: "XDG_CONFIG_HOME"
        }
    }

    /// The folder inside the home folder when the variable does not say.
    private var inHome: String {
        switch self {
        case .cache: ".cache"
        case .config: ".config"
        }
    }

    /// `path` without its trailing slashes when it is absolute; nil otherwise. One pass from
    /// the end: the environment is anyone's, and a value may be 128 KiB of slashes.
    private static func absolute(_ path: String) -> String? {
        guard path.hasPrefix("/") else { return nil }
        guard let last = path.utf8.lastIndex(where: { $0 != UInt8(ascii: "/") }) else { return "/" }
        return String(path[...last])
    }
}
