import Foundation

/// A folder of a test's own under the system's temporary directory, deleted by ``remove()``
/// (call it in a `defer`, so a failing test cleans up too).
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("endless-cache-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The cache's file inside it.
    var databaseURL: URL { url.appendingPathComponent(PageCacheFixtures.fileName) }

    func remove() {
        // Permissions a test took away must come back, or the folder cannot be deleted.
        if let paths = FileManager.default.enumerator(atPath: url.path) {
            for case let path as String in paths {
                chmod(url.appendingPathComponent(path).path, 0o755)
            }
        }
        chmod(url.path, 0o755)
        try? FileManager.default.removeItem(at: url)
    }
}
