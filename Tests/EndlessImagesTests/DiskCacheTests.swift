import EndlessDigest
import Foundation
import Testing

@testable import EndlessImages

@Suite("Disk cache")
struct DiskCacheTests {
    let png = TestImages.solidPNG(width: 32, height: 32, (200, 100, 50))

    func withDirectory(_ body: (URL) async throws -> Void) async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory)
    }

    func names(in directory: URL) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
    }

    @Test("entries are named by the SHA-256 of the URL, so no URL reaches a path")
    func names() async throws {
        try await withDirectory { directory in
            let cache = ImageDiskCache(directory: directory.appendingPathComponent("nested/images"))
            let hostile = URL(string: "https://x.example/../../etc/passwd?name=/tmp/evil%00.png")!
            cache.store(Data([1, 2, 3]), for: hostile)
            let expected = Digest.sha256.hex(hostile.absoluteString)
            #expect(names(in: cache.directory) == [expected])
            #expect(URL(fileURLWithPath: cache.filePath(for: hostile)).lastPathComponent == expected)
            #expect(cache.data(for: hostile) == Data([1, 2, 3]))
            #expect(cache.data(for: Fixtures.url("other")) == nil)
            cache.removeData(for: hostile)
            #expect(cache.data(for: hostile) == nil)
        }
    }

    @Test("a directory given with a trailing slash names the same files, and no temporary is left")
    func trailingSlash() async throws {
        try await withDirectory { directory in
            let plain = ImageDiskCache(directory: directory.appendingPathComponent("images"))
            let slashed = ImageDiskCache(directory: URL(fileURLWithPath: plain.directory.path + "/", isDirectory: true))
            let url = Fixtures.url("a")
            slashed.store(Data([4, 5, 6]), for: url)
            #expect(plain.filePath(for: url) == slashed.filePath(for: url))
            #expect(!slashed.filePath(for: url).contains("//"))
            #expect(plain.data(for: url) == Data([4, 5, 6]))
            #expect(names(in: plain.directory) == [Digest.sha256.hex(url.absoluteString)])
        }
    }

    @Test("entries are private: 0600 files in 0700 folders, every folder made on the way too")
    func privateEntries() async throws {
        try await withDirectory { directory in
            let cache = ImageDiskCache(directory: directory.appendingPathComponent("nested/images"))
            cache.store(Data([1, 2, 3]), for: Fixtures.url("a"))
            func mode(_ path: String) -> Int {
                ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? NSNumber)?.intValue ?? 0
            }
            #expect(mode(cache.filePath(for: Fixtures.url("a"))) == 0o600)
            #expect(mode(cache.directory.path) == 0o700)
            #expect(mode(directory.appendingPathComponent("nested").path) == 0o700)
        }
    }

    @Test("entries carry their length and checksum; damaged ones are deleted and missed")
    func damagedEntries() async throws {
        try await withDirectory { directory in
            let cache = ImageDiskCache(directory: directory)
            let url = Fixtures.url("a")
            let path = cache.filePath(for: url)
            let damage: [(String, (Data) -> Data)] = [
                ("truncated", { $0.prefix($0.count - 10) }),
                ("header only", { $0.prefix(DiskCacheEntry.headerSize) }),
                ("empty", { _ in Data() }),
                (
                    "flipped bit",
                    {
                        var data = $0; data[data.count - 1] ^= 1; return data
                    }
                ),
                ("extended", { $0 + Data([0]) }),
                ("foreign file", { _ in Data("GIF89a".utf8) }),
            ]
            for (name, corrupt) in damage {
                cache.store(png, for: url)
                let file = try Data(contentsOf: URL(fileURLWithPath: path))
                try corrupt(file).write(to: URL(fileURLWithPath: path))
                #expect(cache.data(for: url) == nil, "\(name)")
                #expect(!FileManager.default.fileExists(atPath: path), "\(name)")
            }
        }
    }

    @Test("a second pipeline over the same directory loads from disk without the network")
    func acrossPipelines() async throws {
        try await withDirectory { directory in
            let url = Fixtures.url("a")
            let first = MockImageLoader(responses: [url: png])
            let image = try await Fixtures.pipeline(first, disk: ImageDiskCache(directory: directory))
                .image(for: Fixtures.request("a"))

            let second = MockImageLoader()
            let pipeline = Fixtures.pipeline(second, disk: ImageDiskCache(directory: directory))
            #expect(try await pipeline.image(for: Fixtures.request("a")).pixels == image.pixels)
            // A different size decodes the same bytes from disk again.
            #expect(try await pipeline.image(for: Fixtures.request("a", width: 8, height: 8)).width == 8)
            #expect(second.snapshot.calls.isEmpty)
            #expect(pipeline.metrics.diskHits == 2)
            #expect(pipeline.metrics.misses == 0)
        }
    }

    @Test("a truncated entry is fetched again and rewritten whole")
    func truncatedEntryRefetched() async throws {
        try await withDirectory { directory in
            let url = Fixtures.url("a")
            let disk = ImageDiskCache(directory: directory)
            let loader = MockImageLoader(responses: [url: png])
            _ = try await Fixtures.pipeline(loader, disk: disk).image(for: Fixtures.request("a"))
            let path = URL(fileURLWithPath: disk.filePath(for: url))
            let file = try Data(contentsOf: path)
            try file.prefix(file.count / 2).write(to: path)

            let pipeline = Fixtures.pipeline(loader, disk: ImageDiskCache(directory: directory))
            _ = try await pipeline.image(for: Fixtures.request("a"))
            #expect(loader.snapshot.calls == [url, url])
            #expect(pipeline.metrics.diskHits == 0)
            #expect(try Data(contentsOf: path) == file)
        }
    }

    @Test("past the size limit, the least recently used entries go until 70 % remain")
    func lruSweep() async throws {
        try await withDirectory { directory in
            // 9 entries of 1000 + 48 bytes: 9432 of 10000.
            let cache = ImageDiskCache(directory: directory, sizeLimit: 10_000)
            let urls = (0..<10).map { Fixtures.url("e\($0)") }
            for (index, url) in urls.prefix(9).enumerated() {
                cache.store(Data(repeating: UInt8(index), count: 1000), for: url)
                // Oldest first: e0 an hour ago, e8 a minute ago.
                try FileManager.default.setAttributes(
                    [.modificationDate: Date(timeIntervalSinceNow: Double(index - 60) * 60)],
                    ofItemAtPath: cache.filePath(for: url))
            }
            #expect(cache.totalSize == 9 * 1048)
            // A hit makes e0 the most recently used.
            #expect(cache.data(for: urls[0]) == Data(repeating: 0, count: 1000))

            cache.store(Data(repeating: 9, count: 1000), for: urls[9])  // 10480 > 10000
            let kept = urls.filter { cache.data(for: $0) != nil }
            // Down to at most 7000 bytes: six entries; e1...e4 were the least recently used.
            #expect(kept == [urls[0]] + Array(urls[5...]))
            #expect(cache.totalSize == 6 * 1048)
            #expect(cache.totalSize <= 7000)
        }
    }

    @Test("sweeps delete temporary files abandoned by dead writers, and nothing else of others'")
    func abandonedTemporaries() async throws {
        try await withDirectory { directory in
            let cache = ImageDiskCache(directory: directory, sizeLimit: 1000)
            let stale = directory.appendingPathComponent(".tmp-abc-1-1")
            let fresh = directory.appendingPathComponent(".tmp-abc-2-2")
            let foreign = directory.appendingPathComponent("README")
            for file in [stale, fresh, foreign] { try Data([1]).write(to: file) }
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: stale.path)
            cache.sweep()
            #expect(names(in: directory) == [fresh.lastPathComponent, foreign.lastPathComponent])
        }
    }

    @Test("writes leave no temporary files behind")
    func atomicWrites() async throws {
        try await withDirectory { directory in
            let cache = ImageDiskCache(directory: directory)
            for index in 0..<20 { cache.store(Data(repeating: UInt8(index), count: 100 + index), for: Fixtures.url("w")) }
            #expect(names(in: directory) == [URL(fileURLWithPath: cache.filePath(for: Fixtures.url("w"))).lastPathComponent])
            #expect(cache.data(for: Fixtures.url("w")) == Data(repeating: 19, count: 119))
            cache.removeAll()
            #expect(names(in: directory).isEmpty)
        }
    }

    @Test("the default directory follows XDG_CACHE_HOME, else ~/.cache")
    func defaultDirectory() {
        #expect(
            ImageDiskCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/var/cache/me", "HOME": "/home/me"]).path
                == "/var/cache/me/endless/images")
        // A relative XDG_CACHE_HOME is invalid per the spec and ignored.
        #expect(
            ImageDiskCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "cache", "HOME": "/home/me"]).path
                == "/home/me/.cache/endless/images")
        #expect(
            ImageDiskCache.defaultDirectory(environment: ["HOME": "/home/me"]).path == "/home/me/.cache/endless/images")
        #expect(ImageDiskCache.defaultSizeLimit == 150 * 1024 * 1024)
    }

    @Test("an unwritable directory costs the cache, not the image")
    func unwritable() async throws {
        let loader = MockImageLoader(responses: [Fixtures.url("a"): png])
        let disk = ImageDiskCache(directory: URL(fileURLWithPath: "/proc/endless-cannot-write-here"))
        let pipeline = Fixtures.pipeline(loader, disk: disk)
        #expect(try await pipeline.image(for: Fixtures.request("a")).width == 48)
        #expect(disk.data(for: Fixtures.url("a")) == nil)
    }
}
