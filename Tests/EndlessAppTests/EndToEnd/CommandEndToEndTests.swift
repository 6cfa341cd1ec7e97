import EndlessTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real binary outside a terminal: piped output, `endless serve`, and usage errors.
@Suite("endless commands, end to end", .timeLimit(TimeBudget.minutes(2)))
struct CommandEndToEndTests {
    static let binary = BrowseEndToEndTests.binary

    static func errorFile() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("endless-stderr-\(UUID().uuidString)").path
    }

    @Test("not a terminal: `endless` prints the first page as fetch would, says so on stderr, exits 0")
    func piped() throws {
        let stderrPath = Self.errorFile()
        defer { try? FileManager.default.removeItem(atPath: stderrPath) }

        let (status, output) = try Subprocess.run(Self.binary, ["--seed", "piped", "--page-size", "7"], standardError: stderrPath)

        #expect(status == 0)
        let lines = output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("NAME") == true)
        #expect(lines.count == 8)  // the header and seven people
        let note = try String(contentsOfFile: stderrPath, encoding: .utf8)
        #expect(note.contains("not a terminal"))
    }

    @Test(
        "browse usage errors exit 2 and name the flag",
        arguments: [
            (["--page-size", "2"], "--page-size"),
            (["--graphics", "ascii"], "--graphics"),
            (["--refresh-cooldown", "-1"], "--refresh-cooldown"),
            (["--max-loaded", "50"], "--max-loaded"),
            // Every tab has an API of its own, so no simulator runs for the flag to shape.
            (
                [
                    "--api", "http://127.0.0.1:9/api/", "--users-api", "http://127.0.0.1:9/api/", "--photos-api", "http://127.0.0.1:9/",
                    "--access-key", "k", "--coins-api", "http://127.0.0.1:9/api/", "--latency", "1s",
                ], "--latency"
            ),
            // The live Unsplash refuses every request without a key: said before anything is sent.
            (["--photos-api", "https://api.unsplash.com/"], "UNSPLASH_ACCESS_KEY"),
            (["--api", "http://127.0.0.1:9/api/", "--people-api", "http://127.0.0.1:9/api/"], "--people-api"),
            (["--bogus"], "--bogus"),
        ])
    func usageErrors(_ arguments: [String], flag: String) throws {
        let (status, output) = try Subprocess.run(Self.binary, arguments)
        #expect(status == 2)
        #expect(output.contains(flag), "\(output)")
    }

    @Test("`endless serve` prints its URL, answers like randomuser.me, and stops on SIGTERM")
    func serve() async throws {
        let server = try Subprocess.start(Self.binary, ["serve", "--port", "0", "--quiet"])

        // The first line says where it listens.
        let text = try await server.waitForOutput { $0.contains("\n") }
        let base = try #require(text.firstMatch(of: /listening on (http:\S+)/).map { String($0.1) })
        let url = try #require(URL(string: base + "?results=3&seed=abc"))

        let (body, response) = try await URLSession.shared.data(from: url)

        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Access-Control-Allow-Origin") == "*")
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect((json["results"] as? [Any])?.count == 3)

        server.terminate()  // SIGTERM
        #expect(try await server.wait() == 0)
        #expect(server.standardError.contains("stopped by SIGTERM"))
    }
}

/// The end-to-end harness cleans up after itself.
@Suite("tmux sessions clean up")
struct TmuxSessionCleanupTests {
    @Test("a session that goes away takes its tmux server, its programs and its folder with it")
    func cleansUp() throws {
        var session: TmuxSession? = try TmuxSession { directory in "touch \(directory.path)/started; exec sleep 600" }
        let socket = try #require(session?.socket)
        let directory = try #require(session?.directory)
        try session?.wait(for: "the command to start") { _ in
            FileManager.default.fileExists(atPath: directory.appendingPathComponent("started").path)
        }
        #expect(try Subprocess.run("/usr/bin/pgrep", ["-f", socket]).status == 0)
        session = nil

        // The server is gone (its programs got SIGHUP with it), and so is the folder.
        let tmux = try #require(TmuxSession.tmuxPath)
        #expect(try Subprocess.run(tmux, ["-L", socket, "-f", "/dev/null", "list-sessions"]).status != 0)
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }
}
