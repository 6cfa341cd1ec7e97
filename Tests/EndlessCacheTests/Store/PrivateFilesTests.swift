import Endless
import Foundation
import Glibc
import Testing

@testable import EndlessCache

/// The cache's folder and files are its owner's alone: folders 0700, `pages.sqlite` and its
/// `-wal` and `-shm` 0600, whatever the umask allows; wider ones left by an older build are
/// narrowed when the cache opens them.
@Suite("Private cache files")
struct PrivateFilesTests {
    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o777 : 0
    }

    @Test("a new cache: every folder made on the way 0700, the database, its log and shared memory 0600")
    func newCache() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = directory.url.appendingPathComponent("home/.cache/endless")
        let cache = PageCache(directory: folder)
        let address = PageAddress(feed: "rows", variant: "", key: "1", loadSize: 20)
        #expect(cache.store(Data("page".utf8), itemCount: 1, at: address, firstPageOf: nil, fetchedAt: Date(), sizeLimit: .max))

        let path = cache.fileURL.path
        for file in [path, path + "-wal", path + "-shm"] {
            #expect(Self.mode(file) == 0o600, "\(file) is \(String(Self.mode(file), radix: 8))")
        }
        for made in [folder, folder.deletingLastPathComponent(), folder.deletingLastPathComponent().deletingLastPathComponent()] {
            #expect(Self.mode(made.path) == 0o700, "\(made.path) is \(String(Self.mode(made.path), radix: 8))")
        }
    }

    @Test("a cache an older build left world-readable is narrowed when opened")
    func olderCacheNarrowed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = directory.url.appendingPathComponent("endless")
        do {
            let cache = PageCache(directory: folder)
            #expect(cache.availability == .available)
        }
        let path = folder.appendingPathComponent(PageCache.defaultFileName).path
        chmod(path, 0o644)
        chmod(folder.path, 0o755)

        let cache = PageCache(directory: folder)
        #expect(cache.availability == .available)
        #expect(Self.mode(path) == 0o600)
        #expect(Self.mode(folder.path) == 0o700)
    }

    @Test("a screen or any file written through PrivateFiles replaces the old one whole and is 0600")
    func privateWrite() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("file").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("old".utf8), attributes: [.posixPermissions: 0o644]))
        #expect(PrivateFiles.write(Array("new".utf8), to: path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(Self.mode(path) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["file"])
    }
}
