import Foundation
import Testing

/// Scans the repository's Swift files for a habit a test keeps out: each offending line as
/// `path:line`, and how many files were read (so a scan that read nothing fails).
enum SwiftSourceScan {
    /// The repository's root, found from this file's place (Tests/EndlessSharedTests/Support).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The lines `offending` finds in every `.swift` file under `folders` (relative to the
    /// root), but the file named `skipping` (the test's own, which spells the habit out).
    static func offences(in folders: [String], skipping: String, _ offending: (String) -> [Int]) throws -> (offences: [String], scanned: Int) {
        var offences: [String] = []
        var scanned = 0
        for folder in folders {
            let files = try #require(FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil))
            for case let file as URL in files where file.pathExtension == "swift" && file.lastPathComponent != skipping {
                scanned += 1
                let text = try String(contentsOf: file, encoding: .utf8)
                offences += offending(text).map { "\(file.path):\($0)" }
            }
        }
        return (offences, scanned)
    }
}
