import Foundation

/// Where this project's reference data lives: the `shared` folder beside the repository,
/// with real randomuser.me responses (`fixtures/randomuser`) and the official generator's
/// lists (`randomuser/data/1.4`). Endless's own tests and benchmarks read it; the project
/// does not copy it.
public enum SharedReferenceData {
    /// Names the `shared` folder explicitly, for checkouts that are not beside it.
    public static let environmentVariable = "ENDLESS_SHARED"

    /// The `shared` folder: `$ENDLESS_SHARED` when set, else the nearest folder named
    /// `shared` (holding `fixtures/randomuser`) above this package's sources; nil when there
    /// is none.
    public static let directory: URL? = {
        if let path = ProcessInfo.processInfo.environment[environmentVariable], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("shared", isDirectory: true)
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("fixtures/randomuser").path) {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }()

    /// `shared/fixtures/randomuser`: real randomuser.me bodies.
    public static var fixtures: URL { resolve("fixtures/randomuser") }

    /// `shared/randomuser/data/1.4`: the official generator's data lists.
    public static var officialData: URL { resolve("randomuser/data/1.4") }

    /// A path inside `shared`; when `shared` was not found, a path that names what is
    /// missing, so the file error says where the data was expected.
    private static func resolve(_ relative: String) -> URL {
        (directory ?? URL(fileURLWithPath: "/missing-shared-reference-data-set-\(environmentVariable)"))
            .appendingPathComponent(relative, isDirectory: true)
    }
}
