import EndlessTesting
import Foundation
import Glibc
import Testing

/// The real binary, browsed and fetched with every kind of secret (`--access-key`, `--api-key`,
/// `--demo-key`, the three variables, a password in `--api`, a `client_id` in its query), in a
/// home folder of its own: afterwards no file anywhere under that home holds any of them (raw
/// bytes, SQLite files included), and every folder of the cache is 0700 and every file 0600.
@Suite("no secret on disk (tmux)", .serialized, .timeLimit(TimeBudget.minutes(5)))
struct SecretsOnDiskEndToEndTests {
    typealias E2E = BrowseEndToEndTests

    /// Secrets unlikely to appear by chance: each is searched for in every file.
    static let tag = String(UUID().uuidString.prefix(8))
    static let accessKey = "ACCESSKEY\(tag)"
    static let apiKey = "APIKEY\(tag)"
    static let demoKey = "CG-DEMOKEY\(tag)"
    static let environmentKeys = [
        "UNSPLASH_ACCESS_KEY": "ENVACCESS\(tag)", "REQRES_API_KEY": "ENVAPI\(tag)", "COINGECKO_DEMO_API_KEY": "CG-ENVDEMO\(tag)",
    ]
    static let password = "PASSWORD\(tag)"
    static let clientID = "CLIENTID\(tag)"
    static var secrets: [String] { [accessKey, apiKey, demoKey, password, clientID] + environmentKeys.values }

    /// `endless serve` on a free loopback port, for `--api` URLs that are not the embedded
    /// simulator's (so their pages are cached under their URL).
    final class Server {
        let process: Subprocess.Child
        var services: [String: String] = [:]

        init() async throws {
            process = try Subprocess.start(E2E.binary, ["serve", "--port", "0"], standardError: .discard)
            let text = try await process.waitForOutput { $0.contains("try curl") }
            for match in text.matches(of: /endless serve: (\w+(?:\.in)?) on (http:\S+)/) {
                services[String(match.1)] = String(match.2)
            }
        }

        /// A service's root with a user name and password in it, and `extra` appended.
        func root(_ name: String, extra: String = "") throws -> String {
            let url = try #require(services[name], "serve did not say where \(name) is: \(services)")
            return url.replacingOccurrences(of: "http://", with: "http://user:\(SecretsOnDiskEndToEndTests.password)@") + extra
        }
    }

    /// Browses `flags` until a feed's rows show, then quits with q.
    static func browse(_ flags: String, home: URL, environment: [String: String] = [:], rows: @escaping (String) -> Bool) throws {
        let session = try E2E.launch(flags, environment: Self.environment(home).merging(environment) { $1 })
        try session.wait(for: "rows of `\(flags)`", timeout: .seconds(30)) { rows($0) && !$0.contains("refreshing…") }
        try session.send("q")
        try session.wait(for: "the exit of `\(flags)`", timeout: .seconds(60)) { $0.contains("EXIT=") }
        let screen = try session.screen()
        #expect(screen.contains("EXIT=0"), "\(screen)")
    }

    static func environment(_ home: URL) -> [String: String] {
        [
            "HOME": home.path, "XDG_CACHE_HOME": home.appendingPathComponent(".cache").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
            "XDG_STATE_HOME": home.appendingPathComponent(".local/state").path,
        ]
    }

    /// Runs `endless fetch …` with `environment` and waits for it.
    static func fetch(_ arguments: [String], home: URL, environment: [String: String] = [:]) throws -> Int32 {
        let variables = Subprocess.Environment.inherited.setting(Self.environment(home)).setting(environment)
        return try Subprocess.run(E2E.binary, ["fetch"] + arguments, capturing: false, environment: variables).status
    }

    /// Rows of `noun` shown: the count at the right of the header (`30 photos · page 1`; the
    /// tab bar's `2 photos` is on the left).
    static func count(_ noun: String) -> (String) -> Bool {
        { screen in
            guard let last = E2E.header(screen).matches(of: /(\d+) (\w+)/).last(where: { $0.2.hasPrefix(noun) }) else { return false }
            return (Int(last.1) ?? 0) > 1 && E2E.header(screen).contains("page")
        }
    }

    @Test("after browsing and fetching with every kind of secret, no file under HOME holds one; the cache is private")
    func noSecretOnDisk() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("endless-secrets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try await Server()

        // Pictures too: they come from a remote API, so they are kept on disk.
        let unsplash = try server.root("Unsplash")
        let images = home.appendingPathComponent(".cache/endless/images").path
        try Self.browse("photos --access-key \(Self.accessKey) --api '\(unsplash)'", home: home) { screen in
            // Waits for a picture kept on disk as well as the rows.
            let kept = (try? FileManager.default.contentsOfDirectory(atPath: images)) ?? []
            return Self.count("photo")(screen) && kept.contains { !$0.hasPrefix(".") }
        }
        // The HTTP layer refuses an API root with a query; nothing of it may be kept either.
        let withQuery = unsplash + "?client_id=\(Self.clientID)"
        try Self.browse("photos --graphics none --access-key \(Self.accessKey) --api '\(withQuery)'", home: home) {
            $0.contains("must not have a query")
        }
        let reqres = try server.root("reqres.in")
        try Self.browse("users --graphics none --api-key \(Self.apiKey) --api '\(reqres)'", home: home, rows: Self.count("user"))
        let coinGecko = try server.root("CoinGecko")
        try Self.browse("coins --graphics none --demo-key \(Self.demoKey) --api '\(coinGecko)'", home: home, rows: Self.count("coin"))
        try Self.browse("photos --graphics none", home: home, environment: Self.environmentKeys, rows: Self.count("photo"))
        try Self.browse("users --graphics none", home: home, environment: Self.environmentKeys, rows: Self.count("user"))
        try Self.browse("coins --graphics none", home: home, environment: Self.environmentKeys, rows: Self.count("coin"))
        #expect(try Self.fetch(["photos", "--access-key", Self.accessKey, "--api", unsplash, "-n", "3"], home: home) == 0)
        #expect(try Self.fetch(["photos", "--access-key", Self.accessKey, "--api", withQuery], home: home) == 1)
        #expect(try Self.fetch(["users", "--api-key", Self.apiKey, "--api", reqres], home: home) == 0)
        #expect(try Self.fetch(["coins", "--demo-key", Self.demoKey, "--api", coinGecko], home: home) == 0)
        #expect(try Self.fetch(["users"], home: home, environment: Self.environmentKeys) == 0)

        let cache = home.appendingPathComponent(".cache/endless")
        var files: [String] = []
        var folders: [String] = [cache.path]
        let enumerator = try #require(FileManager.default.enumerator(atPath: home.path))
        for case let relative as String in enumerator {
            let path = home.appendingPathComponent(relative).path
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: folders.append(path)
            case S_IFREG: files.append(path)
            default: Issue.record("\(relative) is neither a file nor a folder")
            }
        }
        // The runs wrote what they should: the page cache, launch screens, pictures.
        #expect(files.contains(cache.appendingPathComponent("pages.sqlite").path), "\(files)")
        #expect(files.contains { $0.contains("/screens/") }, "\(files)")
        #expect(files.contains { $0.contains("/images/") }, "\(files)")
        for file in files {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            for secret in Self.secrets {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is written in \(file)")
            }
            #expect(!file.contains(Self.tag), "a secret names \(file)")
            var status = stat()
            lstat(file, &status)
            #expect(!file.hasPrefix(cache.path) || status.st_mode & 0o777 == 0o600, "\(file) is \(String(status.st_mode & 0o777, radix: 8))")
        }
        // The program's own folders. (FoundationNetworking makes `.cache/org.swift.foundation.URLCache`
        // by itself, empty; it is not the cache's, and holds no file.)
        for folder in folders where folder.hasPrefix(cache.path) {
            var status = stat()
            lstat(folder, &status)
            #expect(status.st_mode & 0o777 == 0o700, "\(folder) is \(String(status.st_mode & 0o777, radix: 8))")
        }
    }
}
