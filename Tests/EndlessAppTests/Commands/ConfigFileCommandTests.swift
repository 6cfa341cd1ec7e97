import EndlessCommandLine
import EndlessTesting
import Foundation
import Testing

@testable import EndlessApp

/// `$XDG_CONFIG_HOME/endless/config` under `endless`: default flags for the commands that take
/// them, errors that name the file and line, and `endless config` saying where each value came from.
@Suite("endless's config file", .timeLimit(TimeBudget.minutes(1)))
struct ConfigFileCommandTests {
    /// A config folder holding `endless/config` with `text`.
    static func home(_ text: String) throws -> (folder: URL, file: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endless-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("endless"), withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("endless/config").path
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return (folder, file)
    }

    static func run(_ arguments: [String], _ environment: [String: String]) async -> (status: Int32, out: String, err: String) {
        let captured = CapturedOutput()
        let status = await EndlessCommand.run(arguments, output: captured.output, environment: environment)
        return (status, captured.standardOutput, captured.standardError)
    }

    /// `endless config`'s row for a flag: its value and where it came from.
    static func row(_ output: String, _ flag: String) -> [String]? {
        output.split(separator: "\n").first { $0.hasPrefix(flag + " ") }.map {
            $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        }
    }

    @Test("endless config: each value and where it came from; secrets as •••; another command's flag is skipped")
    func report() async throws {
        let (folder, file) = try Self.home("# mine\n--format=json\n--access-key=supersecretkey123\n--graphics=none\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["XDG_CONFIG_HOME": folder.path, "COINGECKO_DEMO_API_KEY": "environmentsecret42"]

        let (status, out, err) = await Self.run(["config", "fetch", "photos", "-n", "5"], environment)
        #expect(status == 0, "\(err)")
        #expect(out.hasPrefix("endless fetch photos runs with (config file: \(file)):"))
        #expect(Self.row(out, "--format") == ["--format", "json", "\(file):2"])
        #expect(Self.row(out, "--per-page") == ["--per-page", "5", "command", "line"])
        #expect(Self.row(out, "--access-key") == ["--access-key", "•••", "\(file):3"])
        #expect(Self.row(out, "--timeout") == ["--timeout", "30", "default"])
        #expect(!out.contains("supersecretkey123"))
        #expect(Self.row(out, "--graphics") == nil)

        let coins = await Self.run(["config", "coins"], environment)
        #expect(Self.row(coins.out, "--demo-key") == ["--demo-key", "•••", "environment", "($COINGECKO_DEMO_API_KEY)"])
        #expect(Self.row(coins.out, "--graphics") == ["--graphics", "none", "\(file):4"])
        #expect(!coins.out.contains("environmentsecret42"))
    }

    @Test("an unknown flag is an error naming the file and line, exit 2; --no-config reads none")
    func unknownFlag() async throws {
        let (folder, file) = try Self.home("--format=json\n\n--grafics=none\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["XDG_CONFIG_HOME": folder.path]
        let (status, out, err) = await Self.run(["fetch", "-n", "1"], environment)
        #expect(status == 2)
        #expect(out.isEmpty)
        #expect(err.contains("config \(file):3: unknown option '--grafics'"), "\(err)")
        #expect(err.contains("did you mean '--graphics'?"))

        let ignored = await Self.run(["config", "--no-config"], environment)
        #expect(ignored.status == 0, "\(ignored.err)")
        #expect(ignored.out.contains("(config file: none read)"))
        let other = await Self.run(["config", "--config", folder.appendingPathComponent("none").path], environment)
        #expect(other.status == 2)
        #expect(other.err.contains("cannot be read"))
    }

    @Test("a bad value names the file and line; a secret in the file is never printed")
    func badValue() async throws {
        let (folder, file) = try Self.home("--api-key=keyfromthefile99\n--format=yaml\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, _, err) = await Self.run(["fetch", "users"], ["XDG_CONFIG_HOME": folder.path])
        #expect(status == 2)
        #expect(err.contains("config \(file):2: --format: 'yaml' is not one of the choices"), "\(err)")
        let wrongKey = try Self.home("--api-key\n")
        defer { try? FileManager.default.removeItem(at: wrongKey.folder) }
        let said = await Self.run(["fetch", "users"], ["XDG_CONFIG_HOME": wrongKey.folder.path])
        #expect(said.status == 2 && said.err.contains("--api-key needs a value"))
        let echoed = try Self.home("--api-key=keyfromthefile99\n--api-key=keyfromthefile99\n")
        defer { try? FileManager.default.removeItem(at: echoed.folder) }
        let twice = await Self.run(["fetch", "users"], ["XDG_CONFIG_HOME": echoed.folder.path])
        #expect(twice.status == 2)
        #expect(!twice.err.contains("keyfromthefile99"), "\(twice.err)")
    }

    @Test("a config file's defaults never make a command line refused: --per-page with --id, simulator flags with --api")
    func defaultsNeverConflict() async throws {
        let (folder, _) = try Self.home("--per-page=12\n--latency=1ms\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["XDG_CONFIG_HOME": folder.path]
        let one = await Self.run(["fetch", "users", "--id", "2", "--format", "json"], environment)
        #expect(one.status == 0, "\(one.err)")
        // The API is a closed port: the run fails there (1), not on the simulator flag (2).
        let live = await Self.run(["fetch", "users", "--api", "http://127.0.0.1:1/api/", "--retries", "0"], environment)
        #expect(live.status == 1, "\(live.err)")
        let typed = await Self.run(["fetch", "users", "--api", "http://127.0.0.1:1/api/", "--latency", "1ms"], environment)
        #expect(typed.status == 2)
    }

    @Test("the real binary applies the file under the command line")
    func endToEnd() throws {
        let (folder, _) = try Self.home("--format=csv\n--results=2\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = BrowseEndToEndTests.binary
        let (status, output) = try Subprocess.run(
            "/usr/bin/env", ["XDG_CONFIG_HOME=\(folder.path)", binary, "fetch", "--seed", "config", "-n", "3"], standardError: "/dev/null")
        #expect(status == 0)
        let lines = output.split(whereSeparator: \.isNewline)  // CSV ends its records in CRLF
        #expect(lines.first?.hasPrefix("gender,") == true, "\(output.prefix(200))")
        #expect(lines.count == 4)  // the header and the command line's three, not the file's two
    }
}
