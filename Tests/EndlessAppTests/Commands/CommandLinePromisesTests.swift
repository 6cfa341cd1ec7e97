import EndlessCache
import EndlessCommandLine
import EndlessHTTP
import EndlessTerminal
import EndlessTesting
import Foundation
import ReqresAPI
import Testing

@testable import EndlessApp

/// What `endless`'s command line promises: its version, examples in every help, one name for
/// page sizes, one rule for --seed with --gender, --offline asking nothing of the network,
/// `cache clear FEED` touching only that feed, and each feed's own noun.
@Suite("endless command line promises", .timeLimit(TimeBudget.minutes(1)))
struct CommandLinePromisesTests {
    static let binary = BrowseEndToEndTests.binary

    static func run(_ arguments: [String], environment: [String: String] = [:]) async -> (status: Int32, out: String, err: String) {
        let captured = CapturedOutput()
        let status = await EndlessCommand.run(arguments, output: captured.output, environment: environment)
        return (status, captured.standardOutput, captured.standardError)
    }

    static func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("endless-\(name)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("--version prints the version and the Swift that built it, exit 0; help shows the same")
    func version() async {
        let (status, out, _) = await Self.run(["--version"])
        #expect(status == 0)
        #expect(out == "endless \(EndlessVersion.number) (built with Swift \(EndlessVersion.swift))\n")
        #expect(out.contains("built with Swift 6."))
        let help = await Self.run(["--help"])
        #expect(help.out.contains("endless \(EndlessVersion.text)\n"))
    }

    @Test("every command's help has examples, each command on a line of its own, whole")
    func examplesEverywhere() async throws {
        for (path, command) in EndlessCommand.tool.declaration.commandsInTree {
            let (status, out, _) = await Self.run(Array(path.dropFirst()) + ["--help"])
            #expect(status == 0)
            #expect(out.contains("\nEXAMPLES:\n"), "\(path.joined(separator: " ")) --help has no examples")
            let lines = Set(out.split(separator: "\n").map(String.init))
            for example in command.examples {
                #expect(lines.contains("  " + example.command), "\(example.command) is broken across lines")
            }
        }
        // Each feed's help shows its own examples, not people's.
        let photos = await Self.run(["photos", "--help"])
        #expect(photos.out.contains("endless photos --order-by oldest"))
        #expect(!photos.out.contains("--nat nl,de"))
        // `fetch --help` lists the options of `fetch people`, which it runs.
        let fetch = await Self.run(["fetch", "--help"])
        #expect(fetch.out.contains("-n, --results N") && fetch.out.contains("--nat LIST"))
    }

    @Test("page sizes: --per-page for the opening tab, --<feed>-per-page for each, --page-size still works; fetch people says --results")
    func pageSizes() async throws {
        let root = EndlessCommand.tool.declaration
        let browse = try #require(root.subcommand(named: "browse"))
        for feed in FeedCatalog.all {
            #expect(feed.perPageOption?.name == "\(feed.id.name)-per-page")
        }
        #expect(browse.option(named: "page-size")?.name == "people-per-page")
        #expect(!HelpFormatter.help(for: browse, path: ["endless", "browse"]).contains("--page-size"))

        let tooMany = await Self.run(["photos", "--per-page", "40"])
        #expect(tooMany.status == 2)
        #expect(tooMany.err.contains("--per-page: 40 is out of range") && tooMany.err.contains("1 to 30"), "\(tooMany.err)")
        let both = await Self.run(["users", "--per-page", "3", "--users-per-page", "4"])
        #expect(both.status == 2)
        let results = await Self.run(["fetch", "--per-page", "3"])
        #expect(results.status == 2)
        #expect(results.err.contains("'people' calls it --results"), "\(results.err)")

        // Piped, the opening tab's first page is printed: its size is --per-page's.
        let (status, output) = try Subprocess.run(Self.binary, ["users", "--per-page", "3"], standardError: "/dev/null")
        #expect(status == 0)
        #expect(output.split(separator: "\n").count == 4)
        let (aliased, people) = try Subprocess.run(Self.binary, ["--page-size", "6", "-n6"], standardError: "/dev/null")
        #expect(aliased == 2, "--page-size and -n both size people's pages: \(people)")
        let (_, short) = try Subprocess.run(Self.binary, ["-n6"], standardError: "/dev/null")
        #expect(short.split(separator: "\n").count == 7)
    }

    @Test("--seed with --gender: the browser refuses it in the words fetch does")
    func seedWithGender() throws {
        let root = EndlessCommand.tool.declaration
        func message(_ arguments: [String]) -> String? {
            do {
                let parsed = try ArgumentParser.parse(arguments, for: root)
                if parsed.commandPath.count > 2 {
                    _ = try FetchPeopleCommand.options(from: parsed)
                } else {
                    _ = try BrowseCommand.options(from: parsed, opening: .people, environment: [:])
                }
                return nil
            } catch {
                return "\(error.message) / \(error.hint ?? "")"
            }
        }
        let browsed = try #require(message(["--seed", "x", "--gender", "male"]))
        let fetched = try #require(message(["fetch", "people", "--seed", "x", "--gender", "male"]))
        #expect(browsed == fetched)
        #expect(browsed.contains("--gender has no effect with --seed"))
    }

    @Test("piped --offline with nothing cached asks nothing of the network, exits 1 and says why")
    func offlineAsksNothing() throws {
        let cache = try Self.folder("offline-cache")
        defer { try? FileManager.default.removeItem(at: cache) }
        let errors = cache.appendingPathComponent("stderr").path
        // The API is a closed port: a request would fail there, and say so.
        let (status, output) = try Subprocess.run(
            "/usr/bin/env", ["XDG_CACHE_HOME=\(cache.path)", Self.binary, "--offline", "--api", "http://127.0.0.1:1/api/"],
            standardError: errors)
        let said = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(status == 1)
        #expect(output.isEmpty)
        #expect(said.contains("nothing cached for people; run without --offline first"), "\(said)")
        #expect(!said.contains("refused") && !said.contains("127.0.0.1"))
    }

    @Test("cache clear people removes people's launch screens and no other feed's")
    func clearOneFeed() throws {
        let directory = try Self.folder("clear-feed")
        defer { try? FileManager.default.removeItem(at: directory) }
        var frame = ScreenBuffer(size: Size(width: 20, height: 4))
        frame.write("kept", at: Point(x: 0, y: 0))
        let people = LaunchScreen(directory: directory, key: "endless browse", feed: .people)
        let photos = LaunchScreen(directory: directory, key: "endless photos", feed: .photos)
        people.save(frame)
        photos.save(frame)
        #expect(FileManager.default.fileExists(atPath: people.path) && FileManager.default.fileExists(atPath: photos.path))

        let captured = CapturedOutput()
        let cache = PageCache(directory: directory)
        #expect(CacheCommand.clear(cache, feed: "people", command: "endless cache clear", output: captured.output) == 0)
        #expect(!FileManager.default.fileExists(atPath: people.path))
        #expect(FileManager.default.fileExists(atPath: photos.path))
        #expect(photos.load(size: Size(width: 20, height: 4)) == frame)

        #expect(CacheCommand.clear(cache, feed: nil, command: "endless cache clear", output: captured.output) == 0)
        #expect(!FileManager.default.fileExists(atPath: photos.path))
    }

    @Test("the users tab's end says users, the feed's own noun")
    func usersNoun() {
        let client = ReqresClient(http: HTTPClient(baseURL: URL(string: "http://127.0.0.1:1/")))
        let descriptor = UsersFeed.descriptor(client: client, sourceLabel: "test")
        #expect(descriptor.endOfList(12) == "that's everyone · 12 users")
        #expect(descriptor.endOfList(1) == "that's everyone · 1 user")
    }
}
