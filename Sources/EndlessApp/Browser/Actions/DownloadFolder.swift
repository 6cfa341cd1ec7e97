import EndlessShared
import Foundation

/// Where `d` saves files: `endless/` in the person's pictures folder. That is
/// `$XDG_PICTURES_DIR`, else the `XDG_PICTURES_DIR` line of `user-dirs.dirs` (in
/// `$XDG_CONFIG_HOME`, else `~/.config`), else `~/Pictures`.
enum DownloadFolder {
    /// The folder's name inside the pictures folder.
    static let name = "endless"
    /// The most of `user-dirs.dirs` read (it is a few lines).
    static let maximumSettingsBytes = 64 * 1024

    /// Why there is nowhere to save.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The folder files are saved in.
    /// - Parameter environment: the process environment (`XDG_PICTURES_DIR`, `XDG_CONFIG_HOME`, `HOME`).
    /// - Throws: ``Failure`` when no pictures folder can be found (no `HOME` either).
    static func resolve(environment: [String: String]) throws(Failure) -> URL {
        try pictures(environment: environment).appendingPathComponent(name, isDirectory: true)
    }

    /// The person's pictures folder.
    static func pictures(environment: [String: String]) throws(Failure) -> URL {
        if let given = environment["XDG_PICTURES_DIR"], given.hasPrefix("/") { return URL(fileURLWithPath: given, isDirectory: true) }
        guard let home = BaseDirectory.home(environment: environment),
            let config = BaseDirectory.config.path(environment: environment)
        else {
            throw Failure(description: "no folder to save in: set XDG_PICTURES_DIR or HOME")
        }
        if let settings = read(config + "/user-dirs.dirs"), let path = picturesLine(in: settings, home: home) {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent("Pictures", isDirectory: true)
    }

    /// The folder of `XDG_PICTURES_DIR="$HOME/Pictures"` in `user-dirs.dirs`, with `$HOME`
    /// expanded; nil when the line is missing or names no absolute folder.
    static func picturesLine(in settings: String, home: String) -> String? {
        for line in settings.split(whereSeparator: \.isNewline) {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("XDG_PICTURES_DIR=") else { continue }
            var value = Substring(text.dropFirst("XDG_PICTURES_DIR=".count))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            let path = value.hasPrefix("$HOME") ? home + value.dropFirst("$HOME".count) : String(value)
            return path.hasPrefix("/") && !path.contains("$") ? path : nil
        }
        return nil
    }

    /// `path` with the home folder as `~`, for the status bar.
    static func shown(_ path: String, environment: [String: String]) -> String {
        guard let home = BaseDirectory.home(environment: environment), home.count > 1, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    private static func read(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumSettingsBytes) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
