import EndlessShared
import Foundation

/// A file of default flags, one a line, as ripgrep reads its own: `--graphics=none`,
/// `--offline`, `# comments` and blank lines; and settings that are not flags,
/// `key.quit = x` or `color.selection = cyan`.
///
/// The flags apply before the command line (the command line wins), to the command being run:
/// a flag another command takes is skipped, one no command takes is an error naming the file
/// and the line (``ParsedArguments/applying(_:root:settings:)``).
///
/// ```text
/// # ~/.config/endless/config
/// --graphics=none
/// --per-page=50
/// key.quit = x
/// ```
public struct ConfigFile: Sendable, Equatable {
    /// What a line says.
    public enum Content: Sendable, Equatable {
        /// `--name` or `--name=value` (also `--name value`): a flag, as on the command line.
        case option(name: String, value: String?)
        /// `key = value`, for a declared ``SettingDeclaration``.
        case setting(key: String, value: String)
    }

    /// A line that says something, with its number (from 1).
    public struct Entry: Sendable, Equatable {
        /// The line's number, from 1.
        public let line: Int
        /// What it says.
        public let content: Content
    }

    /// Where it was read from, as messages name it.
    public let path: String
    /// Its lines that say something, in order.
    public let entries: [Entry]

    /// The largest file read: a config file is a few lines; anything bigger is not one.
    public static let maximumBytes = 64 * 1024
    /// The longest line read.
    public static let maximumLineLength = 4096

    /// Reads a config file's text.
    /// - Parameters:
    ///   - path: where it came from, for messages.
    ///   - text: its contents.
    /// - Throws: ``ConfigError`` naming the line that is neither a flag, a setting, a comment nor blank.
    public init(path: String, text: String) throws(ConfigError) {
        self.path = path
        var entries: [Entry] = []
        // Split by scalars, not Characters: "\r\n" is one Character, so a file written on
        // Windows was one long line, refused for the control characters inside it.
        for (index, raw) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = String(raw).trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard line.count <= Self.maximumLineLength else {
                throw ConfigError(path: path, line: number, message: "the line is longer than \(Self.maximumLineLength) characters")
            }
            guard !line.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\t" }) else {
                throw ConfigError(path: path, line: number, message: "the line holds a control character")
            }
            if line.hasPrefix("--") {
                let body = line.dropFirst(2)
                // `--name=value`, or `--name value` for the space people type out of habit.
                let separator = body.firstIndex { $0 == "=" || $0 == " " || $0 == "\t" }
                let name = String(body[..<(separator ?? body.endIndex)])
                let value = separator.map { String(body[body.index(after: $0)...]).trimmingCharacters(in: .whitespaces) }
                guard !name.isEmpty else {
                    throw ConfigError(path: path, line: number, message: "'\(line)' names no flag", hint: Self.shapes)
                }
                entries.append(Entry(line: number, content: .option(name: name, value: value)))
            } else if let equals = line.firstIndex(of: "=") {
                let key = line[..<equals].trimmingCharacters(in: .whitespaces)
                let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                guard !key.isEmpty, !key.contains(" ") else {
                    throw ConfigError(path: path, line: number, message: "'\(line)' names no setting", hint: Self.shapes)
                }
                entries.append(Entry(line: number, content: .setting(key: key, value: value)))
            } else {
                throw ConfigError(
                    path: path, line: number, message: "'\(line)' is not a flag or a setting", hint: Self.shapes)
            }
        }
        self.entries = entries
    }

    private static let shapes = "write --flag, --flag=value, name = value, or # a comment"

    /// Reads the file at `path`.
    /// - Throws: ``ConfigError`` when it cannot be read, is too big, is not UTF-8, or a line is wrong.
    public static func load(path: String) throws(ConfigError) -> ConfigFile {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ConfigError(path: path, line: nil, message: "cannot be read (no such file, or not allowed)")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            throw ConfigError(path: path, line: nil, message: "cannot be read: it is a folder, or unreadable")
        }
        guard data.count <= maximumBytes else {
            throw ConfigError(path: path, line: nil, message: "is larger than \(maximumBytes / 1024) KiB; a config file is a few lines")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(path: path, line: nil, message: "is not UTF-8 text")
        }
        return try ConfigFile(path: path, text: text)
    }

    /// `$XDG_CONFIG_HOME/<program>/config`, else `~/.config/<program>/config`; nil when neither
    /// variable says where. As the XDG Base Directory spec has it, a relative `XDG_CONFIG_HOME`
    /// is ignored; a relative `HOME` is too, since it would name another file from every folder.
    public static func defaultPath(program: String, environment: [String: String]) -> String? {
        BaseDirectory.config.path(environment: environment).map { "\($0)/\(program)/config" }
    }

    /// The config file a command line asks for: `--config FILE` (which must exist), none with
    /// `--no-config`, else the default path when a file is there.
    /// - Parameters:
    ///   - arguments: the words after the program name; read up to `--`.
    ///   - program: the program's name, for the default path.
    ///   - environment: where `XDG_CONFIG_HOME` and `HOME` are read.
    /// - Returns: the file read, or nil for none.
    /// - Throws: ``ConfigError`` when the file named cannot be read or a line is wrong; a
    ///   ``UsageError`` shape (line nil) when both `--config` and `--no-config` are given.
    public static func load(arguments: [String], program: String, environment: [String: String]) throws(ConfigError) -> ConfigFile? {
        var named: String?
        var refused = false
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            if word == "--" { break }
            if word == ConfigOptions.noConfig.declaration.flagText {
                refused = true
            } else if word == "--\(ConfigOptions.configName)", index < arguments.endIndex {
                named = arguments[index]
                index += 1
            } else if word.hasPrefix("--\(ConfigOptions.configName)=") {
                named = String(word.dropFirst(ConfigOptions.configName.count + 3))
            }
        }
        if refused {
            if let named {
                throw ConfigError(
                    path: named, line: nil, message: "is named by --config, and --no-config says to read none", hint: "give one of them")
            }
            return nil
        }
        if let named { return try load(path: named) }
        guard let path = defaultPath(program: program, environment: environment),
            FileManager.default.fileExists(atPath: path)
        else { return nil }
        return try load(path: path)
    }

    /// The flags it gives, as words of a command line (`--graphics=none`): for the redactor,
    /// which hides the values of secret flags wherever they come from.
    public var optionWords: [String] {
        entries.compactMap { entry in
            guard case .option(let name, let value) = entry.content else { return nil }
            return value.map { "--\(name)=\($0)" } ?? "--\(name)"
        }
    }
}

/// `--config FILE` and `--no-config`: every command of a program that reads a config file
/// takes them (``CommandLineTool``). They are read before the command line is parsed, so
/// they may stand anywhere before `--`.
public enum ConfigOptions {
    /// `--config FILE`.
    public static let configName = "config"
    /// `--no-config`.
    public static let noConfig = Flag("no-config", help: "Read no config file: only the command line counts.")

    /// `--config FILE`, with help naming where `program`'s file is.
    public static func config(program: String) -> Option<String?> {
        Option(
            configName, placeholder: "FILE",
            help: "Read default flags from FILE instead of $XDG_CONFIG_HOME/\(program)/config (else "
                + "~/.config/\(program)/config).",
            parser: ValueParsers.file)
    }

    /// Both, as every command lists them.
    public static func declarations(program: String) -> [OptionDeclaration] {
        [config(program: program).declaration, noConfig.declaration]
    }
}
