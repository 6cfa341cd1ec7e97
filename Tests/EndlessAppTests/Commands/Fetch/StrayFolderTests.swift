import EndlessTesting
import Foundation
import Testing

/// The real binary, with its home and XDG folders in a fresh temporary folder: a networked run
/// leaves nothing outside the program's own cache folder (FoundationNetworking's shared URL
/// cache and cookie storage used to create `$XDG_CACHE_HOME/org.swift.foundation.URLCache/
/// endless/` and `$XDG_DATA_HOME/<folder of the binary>/`).
@Suite("A networked run writes nothing outside its own folders", .timeLimit(TimeBudget.minutes(1)))
struct StrayFolderTests {
    static let binary = BrowseEndToEndTests.binary

    /// Runs `endless arguments` with `environment` only (plus PATH) and returns its status. It
    /// waits without holding a thread: a test blocked on a child holds one of the few threads
    /// every other test runs on. A run that does not end within a minute is killed, and the
    /// wait throws.
    static func run(_ arguments: [String], environment: [String: String]) async throws -> Int32 {
        let child = try Subprocess.start(
            binary, arguments, environment: Subprocess.Environment(["PATH": "/usr/bin:/bin"]).setting(environment),
            standardOutput: .discard, standardError: .discard)
        return try await child.wait(within: .seconds(60))
    }

    /// Every file and folder under `root`, as paths relative to it.
    static func everything(under root: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { $0 as? String }.sorted()
    }

    @Test(
        "with XDG folders set: only $XDG_CACHE_HOME/endless, if anything",
        arguments: [
            ["fetch", "-n", "2"], ["fetch", "users", "--per-page", "2"], ["fetch", "coins", "--per-page", "2"],
            ["fetch", "photos", "--per-page", "2"], ["--page-size", "5"],
        ])
    func withXDGFolders(arguments: [String]) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build the endless binary first")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("endless-stray-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("home"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = [
            "HOME": root.appendingPathComponent("home").path,
            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_STATE_HOME": root.appendingPathComponent("state").path,
        ]

        #expect(try await Self.run(arguments, environment: environment) == 0)

        let stray = Self.everything(under: root).filter { path in
            path != "home" && path != "cache" && path != "cache/endless" && !path.hasPrefix("cache/endless/")
        }
        #expect(stray.isEmpty, "left behind: \(stray)")
    }

    @Test("with only HOME set: nothing in ~/.local/share, nothing in ~/.cache but ~/.cache/endless")
    func withHomeOnly() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build the endless binary first")
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("endless-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }

        #expect(try await Self.run(["fetch", "-n", "2"], environment: ["HOME": home.path]) == 0)

        let stray = Self.everything(under: home).filter { path in
            path != ".cache" && path != ".cache/endless" && !path.hasPrefix(".cache/endless/")
        }
        #expect(stray.isEmpty, "left behind: \(stray)")
    }
}
