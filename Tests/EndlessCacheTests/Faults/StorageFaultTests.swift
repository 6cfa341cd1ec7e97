import Endless
import EndlessTesting
import Foundation
import Glibc
import Testing

@testable import EndlessCache

/// A disk that fills up and a cache folder that cannot be written: the feed goes on with what
/// the network sends, the person hears of it once, and nothing crashes. Each runs in a child
/// process, which can be given a file-size limit (the full disk) or an ordinary user's
/// rights (so a read-only folder is read-only even when the tests run as root).
@Suite("A full disk and a read-only cache folder", .timeLimit(TimeBudget.minutes(1)))
struct StorageFaultTests {
    static let fullDiskRole = "full-disk"
    static let readOnlyRole = "read-only"

    static func fileSize(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
    }

    static func request(_ key: Int?, size: Int) -> PageRequest<Int> {
        PageRequest(direction: key == nil ? .refresh : .append, key: key, loadSize: size)
    }

    static func name(_ availability: CacheAvailability) -> String {
        switch availability {
        case .available: "available"
        case .readOnly: "readOnly"
        case .unavailable: "unavailable"
        }
    }

    /// Reads `key=value` fields of a child's line.
    static func fields(_ line: String) -> [String: String] {
        Dictionary(
            line.split(separator: " ").compactMap { field -> (String, String)? in
                let parts = field.split(separator: "=", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            }, uniquingKeysWith: { $1 })
    }

    // MARK: The full disk

    /// In the child: caches a first page, then lets no file grow more than 16 KiB past the
    /// cache's current size (SIGXFSZ ignored, so a write past it fails as on a full disk),
    /// and loads five large pages.
    static func fillTheDisk(directory: URL) async throws {
        let notices = NoticeLog()
        let cache = PageCache(directory: directory, onNotice: { notices.append($0) })
        let network = NetworkSource()
        let source = CachedPageSource(network, cache: cache, feed: "rows", policy: .neverStale)
        _ = try await source.load(request(nil, size: 20))

        let path = cache.fileURL.path
        let largest = max(fileSize(path), fileSize(path + "-wal"))
        signal(SIGXFSZ, SIG_IGN)
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
        limit.rlim_cur = rlim_t(largest + 16_384)
        guard setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0 else {
            ChildProcess.say("setrlimit failed: \(String(cString: strerror(errno)))")
            return
        }

        var served = 0
        for key in 1...5 where try await source.load(request(key, size: 2000)).items.count == 2000 { served += 1 }
        let reread = try await CachedPageSource(
            network, cache: PageCache(directory: directory), feed: "rows", policy: .neverStale, mode: .offline
        ).load(request(nil, size: 20))
        ChildProcess.say(
            "result served=\(served) requests=\(network.requestCount) reread=\(reread.items.count) "
                + "availability=\(name(cache.availability)) notices=\(notices.kinds.map { "\($0)" }.joined(separator: ","))")
        for notice in notices.all { ChildProcess.say("notice \(notice.message)") }
    }

    @Test("a full disk stops writes with one notice; pages still load from the network, cached ones are still served")
    func fullDisk() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let child = try ChildProcess(role: Self.fullDiskRole, directory: directory.url)
        defer { child.finish() }

        let exit = await child.waitForExit()

        #expect(exit.status == 0, "the child failed:\n\(exit.output)")
        let result = Self.fields(try #require(exit.lines.first { $0.hasPrefix("result") }, "no result:\n\(exit.output)"))
        #expect(result["served"] == "5")
        #expect(result["requests"] == "6")
        #expect(result["reread"] == "20")
        #expect(result["availability"] == "readOnly")
        #expect(result["notices"] == "writesStopped")
        let notice = exit.lines.first { $0.hasPrefix("notice") } ?? ""
        #expect(notice.contains("cannot write") && notice.contains("cached pages are still served"))
        #expect(Self.fileSize(directory.databaseURL.path + "-wal") < 200_000, "the large pages reached the disk")
    }

    // MARK: The read-only folder

    /// In the child: becomes an ordinary user if it is root (root ignores permissions), then
    /// loads three pages through a cache in each read-only folder.
    static func useReadOnlyFolder(directory: URL) async throws {
        if getuid() == 0 {
            // nobody:nogroup, group first: after setuid there is no right to change it.
            guard setgid(65534) == 0, setuid(65534) == 0 else {
                ChildProcess.say("cannot become an ordinary user: \(String(cString: strerror(errno)))")
                return
            }
        }
        for folder in ["new", "existing"] {
            let notices = NoticeLog()
            let cache = PageCache(directory: directory.appendingPathComponent(folder), onNotice: { notices.append($0) })
            let network = NetworkSource()
            let source = CachedPageSource(network, cache: cache, feed: "rows", policy: .neverStale)
            var loaded = 0
            for key in [nil, 1, 2] as [Int?] { loaded += try await source.load(request(key, size: 20)).items.count }
            ChildProcess.say(
                "result folder=\(folder) loaded=\(loaded) requests=\(network.requestCount) "
                    + "availability=\(name(cache.availability)) notices=\(notices.kinds.map { "\($0)" }.joined(separator: ","))")
            for notice in notices.all { ChildProcess.say("notice \(folder) \(notice.message)") }
        }
    }

    @Test("a read-only cache folder, empty or holding a cache: pages come from the network, with one notice")
    func readOnlyFolder() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let new = directory.url.appendingPathComponent("new")
        let existing = directory.url.appendingPathComponent("existing")
        try FileManager.default.createDirectory(at: new, withIntermediateDirectories: false)
        do {
            let source = CachedPageSource(NetworkSource(), cache: PageCache(directory: existing), feed: "rows", policy: .neverStale)
            _ = try await source.load(Self.request(nil, size: 20))
        }
        chmod(directory.url.path, 0o755)
        chmod(existing.appendingPathComponent(PageCache.defaultFileName).path, 0o444)
        chmod(existing.path, 0o555)
        chmod(new.path, 0o555)
        let child = try ChildProcess(role: Self.readOnlyRole, directory: directory.url)
        defer { child.finish() }

        let exit = await child.waitForExit()

        #expect(exit.status == 0, "the child failed:\n\(exit.output)")
        let results = exit.lines.filter { $0.hasPrefix("result") }.map(Self.fields)
        #expect(results.count == 2, "the child said:\n\(exit.output)")
        for result in results {
            let folder = result["folder"] ?? "?"
            #expect(result["loaded"] == "60", "folder \(folder)")
            #expect(result["requests"] == "3", "folder \(folder): the unusable cache answered")
            #expect(result["availability"] == "unavailable", "folder \(folder)")
            #expect(result["notices"] == "unavailable", "folder \(folder)")
        }
        let notice = exit.lines.first { $0.hasPrefix("notice new") } ?? ""
        #expect(notice.contains("continuing without it"))
        #expect(!FileManager.default.fileExists(atPath: new.appendingPathComponent(PageCache.defaultFileName).path))
    }
}
