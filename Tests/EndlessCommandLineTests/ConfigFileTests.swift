import Foundation
import Testing

@testable import EndlessCommandLine

/// A config file of default flags, ripgrep's way: one a line, applied under the command line
/// to the command that takes them; mistakes name the file and the line.
@Suite("Config file")
struct ConfigFileTests {
    enum Mode: String, CaseIterable, Sendable { case auto, none }

    static let mode = Option("mode", placeholder: "MODE", help: "How.", default: Mode.auto, parser: ValueParsers.choice(Mode.self))
    static let count = Option("count", placeholder: "N", help: "How many.", default: 1, parser: ValueParsers.integer(in: 1...9))
    static let key = Option("key", placeholder: "KEY", help: "A key.", parser: ValueParsers.nonEmpty, secret: true)
    static let quiet = Flag("quiet", help: "Quiet.")
    static let port = Option("port", placeholder: "N", help: "Port.", default: 80, parser: ValueParsers.integer(in: 1...65535))
    static let run = CommandDeclaration(
        name: "run", abstract: "Run.",
        options: [mode.declaration, count.declaration, key.declaration, quiet.declaration])
    static let serve = CommandDeclaration(name: "serve", abstract: "Serve.", options: [port.declaration])
    static let root = CommandDeclaration(name: "tool", abstract: "A tool.", subcommands: [run, serve], defaultSubcommand: "run")
    static let settings = [
        SettingDeclaration("key.quit", help: "Quits.", default: "q", parser: ValueParsers.nonEmpty)
    ]

    static func applied(_ text: String, _ arguments: [String] = []) throws -> ParsedArguments {
        let file = try ConfigFile(path: "/home/me/.config/tool/config", text: text)
        return try ArgumentParser.parse(arguments, for: root).applying(file, root: root, settings: settings)
    }

    static func configError(_ text: String, _ arguments: [String] = []) -> ConfigError? {
        do {
            _ = try applied(text, arguments)
            return nil
        } catch {
            return error as? ConfigError
        }
    }

    @Test("flags one a line, with comments and blank lines; the command line wins")
    func applies() throws {
        let text = """
            # defaults
            --mode=none

            --count 3
            --quiet
            key.quit = x
            """
        let parsed = try Self.applied(text)
        #expect(try parsed[Self.mode] == .none)
        #expect(try parsed[Self.count] == 3)
        #expect(parsed[Self.quiet])
        #expect(parsed.setting("key.quit") == "x")
        #expect(parsed.origin(of: Self.mode.declaration) == .configFile(path: "/home/me/.config/tool/config", line: 2))
        #expect(parsed.origin(ofSetting: "key.quit") == .configFile(path: "/home/me/.config/tool/config", line: 6))
        #expect(parsed.origin(of: Self.key.declaration) == .default)

        let overridden = try Self.applied(text, ["--count", "5"])
        #expect(try overridden[Self.count] == 5)
        #expect(overridden.origin(of: Self.count.declaration) == .commandLine)
        #expect(try overridden[Self.mode] == .none)
    }

    @Test("a flag only another command takes is skipped; one no command takes is an error naming file and line")
    func otherCommands() throws {
        let parsed = try Self.applied("--port=8080\n--count=2\n")
        #expect(try parsed[Self.count] == 2)
        let served = try Self.applied("--port=8080\n--count=2\n", ["serve"])
        #expect(try served[Self.port] == 8080)

        let error = try #require(Self.configError("--count=2\n\n--mdoe=none\n"))
        #expect(error.place == "/home/me/.config/tool/config:3")
        #expect(error.message == "unknown option '--mdoe'")
        #expect(error.hint == "did you mean '--mode'?")
        #expect(error.description.hasPrefix("config /home/me/.config/tool/config:3: unknown option '--mdoe'"))
    }

    @Test(
        "wrong lines are refused with their number",
        arguments: [
            ("graphics none", 1, "is not a flag or a setting"),
            ("# ok\n--quiet=yes", 2, "is a switch and takes no value"),
            ("--count", 1, "needs a value"),
            ("--count=2\n--count=3", 2, "already set on line 1"),
            ("key.qiut = x", 1, "unknown setting 'key.qiut'"),
            ("key.quit =", 1, "key.quit: the value is empty"),
            ("--config=other", 1, "belongs on the command line"),
            ("--", 1, "names no flag"),
            ("--count=\u{1B}[2J", 1, "control character"),
        ])
    func refusals(_ text: String, line: Int, message: String) throws {
        let error = try #require(Self.configError(text))
        #expect(error.line == line)
        #expect(error.message.contains(message), "\(error)")
    }

    @Test("a bad value is refused when read, naming the file and the line")
    func badValue() throws {
        let parsed = try Self.applied("\n--mode=sometimes\n")
        #expect(throws: UsageError.self) { try parsed[Self.mode] }
        do {
            _ = try parsed[Self.mode]
        } catch {
            #expect(error.message.hasPrefix("config /home/me/.config/tool/config:2: --mode: 'sometimes'"), "\(error.message)")
        }
    }

    @Test("where the file is: --config, --no-config, $XDG_CONFIG_HOME, else ~/.config")
    func location() throws {
        #expect(ConfigFile.defaultPath(program: "tool", environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/tool/config")
        #expect(ConfigFile.defaultPath(program: "tool", environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]) == "/h/.config/tool/config")
        #expect(ConfigFile.defaultPath(program: "tool", environment: [:]) == nil)
        #expect(ConfigFile.defaultPath(program: "tool", environment: ["HOME": "home/me"]) == nil)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("tool"), withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("tool/config").path
        try "--quiet\n".write(toFile: path, atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": folder.path]

        #expect(try ConfigFile.load(arguments: ["run"], program: "tool", environment: environment)?.path == path)
        #expect(try ConfigFile.load(arguments: ["run", "--no-config"], program: "tool", environment: environment) == nil)
        #expect(try ConfigFile.load(arguments: ["--", "--no-config"], program: "tool", environment: environment)?.path == path)
        #expect(throws: ConfigError.self) {
            try ConfigFile.load(arguments: ["--config", folder.appendingPathComponent("missing").path], program: "tool", environment: [:])
        }
        #expect(throws: ConfigError.self) {
            try ConfigFile.load(arguments: ["--config=\(path)", "--no-config"], program: "tool", environment: [:])
        }
        let other = try ConfigFile.load(arguments: ["--config=\(path)"], program: "tool", environment: [:])
        #expect(other?.optionWords == ["--quiet"])

        try Data(repeating: 0x41, count: ConfigFile.maximumBytes + 1).write(to: URL(fileURLWithPath: path))
        #expect(throws: ConfigError.self) { try ConfigFile.load(path: path) }
        try Data([0x2D, 0x2D, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: path))
        #expect(throws: ConfigError.self) { try ConfigFile.load(path: path) }
    }

    @Test("the tool applies the file, and every command takes --config and --no-config")
    func tool() async throws {
        let tool = CommandLineTool(
            name: "tool", abstract: "A tool.",
            subcommands: [
                Subcommand(declaration: Self.run) { parsed, output in
                    output.standardOutput("count=\((try? parsed[Self.count]) ?? 0)\n")
                    return 0
                }
            ], defaultSubcommand: "run", readsConfigFile: true)
        let file = try ConfigFile(path: "c", text: "--count=4\n")
        let captured = CapturedOutput()
        #expect(await tool.run(["run", "--no-config"], output: captured.output, config: file) == 0)
        #expect(captured.standardOutput == "count=4\n")
        let wrong = CapturedOutput()
        #expect(await tool.run(["run"], output: wrong.output, config: try ConfigFile(path: "c", text: "--cuont=4\n")) == 2)
        #expect(wrong.standardError.contains("config c:1: unknown option '--cuont'"))
        #expect(tool.declaration.subcommand(named: "run")?.option(named: "config") != nil)
        // Before the command too: carried to it.
        let before = CapturedOutput()
        #expect(await tool.run(["--config", "elsewhere", "--no-config", "run"], output: before.output) == 0, "\(before.standardError)")
        #expect(await tool.run(["--config=elsewhere", "--count", "2"], output: before.output) == 0, "\(before.standardError)")
        #expect(before.standardOutput == "count=1\ncount=2\n")
    }
}

/// Any text at all: read, applied, and refused or accepted, never a trap.
@Suite("Config file, hostile text")
struct ConfigFileHostileTests {
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("2,000 random files of flag-like pieces: each is read or refused with a line number, none traps")
    func randomText() {
        var generator = Generator(state: 28)
        let pieces = [
            "--", "-", "=", " ", "\n", "#", "mode", "count", "quiet", "key", ".", "quit", "\t", "\u{1B}", "é", "none", "9", "\r\n", "--config",
        ]
        let root = ConfigFileTests.root
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            do {
                let file = try ConfigFile(path: "p", text: text)
                let parsed = try ArgumentParser.parse([], for: root).applying(file, root: root, settings: ConfigFileTests.settings)
                _ = try? parsed[ConfigFileTests.count]
            } catch let error as ConfigError {
                #expect(error.line != nil && error.line ?? 0 >= 1, "\(error)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    /// Found by the fuzz target (Fuzz/Sources/ConfigFile): "\r\n" is one Character, so the
    /// whole file was one line, refused for a control character.
    @Test("a file written on Windows (\\r\\n) reads as the same file with \\n, line numbers and all")
    func windowsLineEnds() throws {
        let unix = "# defaults\n--mode=none\n\nkey.quit = x\n"
        let windows = unix.replacingOccurrences(of: "\n", with: "\r\n")
        let file = try ConfigFile(path: "/c", text: windows)
        #expect(file == (try ConfigFile(path: "/c", text: unix)))
        #expect(file.entries.map(\.line) == [2, 4])
        #expect(file.entries.last?.content == .setting(key: "key.quit", value: "x"))
        #expect(ConfigFileTests.configError("--mode=none\r\n\r\n--grafics=none\r\n")?.line == 3)
    }
}
