import Foundation

/// Where this project's reference data lives: the `shared` folder beside the repository,
/// with real randomuser.me responses (`fixtures/randomuser`) and the official generator's
/// lists (`randomuser/data/1.4`). Endless's own tests and benchmarks read it; the project
/// does not copy it.
///
/// It is found without any setup, as `scripts/find-shared-data` finds it for the Makefile:
/// `$ENDLESS_SHARED` when set, else `shared` beside the package (or above it), else beside the
/// repository the package was cloned from (its `origin`). A test that reads a file goes
/// through ``data(at:)``, which fails naming the path when the file is missing: a missing
/// file never makes a test pass having checked nothing.
public enum SharedReferenceData {
    /// Names the `shared` folder explicitly, for checkouts that are not beside it.
    public static let environmentVariable = "ENDLESS_SHARED"

    /// A reference file that could not be read.
    public struct MissingFile: Error, CustomStringConvertible {
        /// The path that was read.
        public var path: String
        /// Why it could not be read.
        public var reason: String

        /// Names the file and says how to provide the folder.
        public var description: String {
            let found = SharedReferenceData.directory.map { "the shared folder found is \($0.path)" } ?? "no shared folder was found"
            return "missing reference data \(path) (\(reason)); \(found). Set \(SharedReferenceData.environmentVariable) "
                + "to the folder holding fixtures/randomuser, or put it beside the repository (../shared)."
        }
    }

    /// The `shared` folder: `$ENDLESS_SHARED` when set, else the nearest folder named `shared`
    /// (holding `fixtures/randomuser`) beside or above this package, else the one beside the
    /// repository this package was cloned from; nil when there is none.
    public static let directory: URL? = locate(
        from: URL(fileURLWithPath: #filePath).deletingLastPathComponent(), environment: ProcessInfo.processInfo.environment)

    /// Finds a `shared` folder as ``directory`` does, starting from any folder of a checkout.
    ///
    /// - Parameters:
    ///   - folder: a folder inside the package (``directory`` starts from this file's).
    ///   - environment: where ``environmentVariable`` is read.
    /// - Returns: `$ENDLESS_SHARED` when set; else the nearest `shared` folder holding
    ///   `fixtures/randomuser` beside `folder` or one of its ancestors; else the same beside
    ///   the repository the package's `origin` names, when that is a folder on this machine;
    ///   else nil.
    public static func locate(from folder: URL, environment: [String: String]) -> URL? {
        if let path = environment[environmentVariable], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        if let beside = sharedFolder(above: folder) { return beside }
        guard let package = packageRoot(above: folder), let origin = originPath(of: package) else { return nil }
        return sharedFolder(above: URL(fileURLWithPath: origin, isDirectory: true, relativeTo: package).standardizedFileURL)
    }

    /// `shared/fixtures/randomuser`: real randomuser.me bodies.
    public static var fixtures: URL { resolve("fixtures/randomuser") }

    /// `shared/randomuser/data/1.4`: the official generator's data lists.
    public static var officialData: URL { resolve("randomuser/data/1.4") }

    /// The bytes of a reference file.
    ///
    /// - Parameter url: a file under ``fixtures`` or ``officialData``.
    /// - Returns: its contents.
    /// - Throws: ``MissingFile`` naming the path when it cannot be read.
    public static func data(at url: URL) throws(MissingFile) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            let reason = FileManager.default.fileExists(atPath: url.path) ? "\(error)" : "no such file"
            throw MissingFile(path: url.path, reason: reason)
        }
    }

    /// A path inside `shared`; when `shared` was not found, a path that names what is
    /// missing, so the file error says where the data was expected.
    private static func resolve(_ relative: String) -> URL {
        (directory ?? URL(fileURLWithPath: "/missing-shared-reference-data-set-\(environmentVariable)"))
            .appendingPathComponent(relative, isDirectory: true)
    }

    /// The nearest folder named `shared` holding `fixtures/randomuser`, beside `folder` or
    /// beside one of its ancestors.
    private static func sharedFolder(above folder: URL) -> URL? {
        var folder = folder
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("shared", isDirectory: true)
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("fixtures/randomuser").path) {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// The nearest folder holding `Package.swift`, at or above `folder`.
    private static func packageRoot(above folder: URL) -> URL? {
        var folder = folder
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Where the repository at `folder` was cloned from, when that is a path on this machine
    /// (`git config --get remote.origin.url`, as scripts/find-shared-data asks).
    private static func originPath(of folder: URL) -> String? {
        let arguments = ["git", "-C", folder.path, "config", "--get", "remote.origin.url"]
        guard let git = try? Subprocess.run("/usr/bin/env", arguments, standardError: "/dev/null"), git.status == 0 else { return nil }
        var origin = git.output.trimmingCharacters(in: .whitespacesAndNewlines)
        if origin.hasPrefix("file://") { origin.removeFirst("file://".count) }
        // A URL (https://, ssh) or scp-like address (host:path) is not a folder here.
        guard !origin.isEmpty, !origin.contains("://"), origin.hasPrefix("/") || !origin.contains(":") else { return nil }
        return origin
    }
}
