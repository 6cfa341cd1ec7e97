import EndlessCache
import EndlessCommandLine
import Foundation
import Testing

@testable import EndlessApp

/// `endless cache` on a file that is not the cache's says what it did with it, as the browser
/// does: never a silent rebuild, never a silent failure.
@Suite("endless cache on a damaged file")
struct CacheCommandNoticeTests {
    @Test("endless cache says the file was damaged and rebuilt, then lists the empty cache")
    func damagedFileIsSaid() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("endless-cache-notice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(
            FileManager.default.createFile(
                atPath: directory.appendingPathComponent(PageCache.defaultFileName).path, contents: Data(repeating: 0x5A, count: 8192)))

        let listed = CapturedOutput()
        let cache = PageCache(directory: directory, onNotice: CacheCommand.noticePrinter(listed.output))
        #expect(CacheCommand.list(cache, output: listed.output) == 0)

        #expect(listed.standardError.hasPrefix("endless cache: page cache: "), "\(listed.standardError)")
        #expect(listed.standardError.contains("was damaged") && listed.standardError.contains("moved it to pages.sqlite.corrupt"))
        #expect(listed.standardOutput.contains("The page cache is empty."))
    }
}
