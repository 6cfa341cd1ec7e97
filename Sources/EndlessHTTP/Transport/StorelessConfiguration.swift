import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Session configurations with no URL cache, cookie storage or credential storage, made
/// without leaving folders behind.
///
/// On Linux, FoundationNetworking's only ways to a configuration (`.default`, `.ephemeral`,
/// `init()`) go through `.default`, which makes the shared stores. The shared `URLCache`
/// creates `$XDG_CACHE_HOME/org.swift.foundation.URLCache/<process name>/`, and the shared
/// `HTTPCookieStorage` creates `$XDG_DATA_HOME/<folder of the executable>/` (`~/.local/share/
/// release/` for a binary in `.build/release`); `.ephemeral` adds a second cache in the same
/// folder. They are created the moment a configuration is, even when the session never
/// stores anything, and there is no way to ask for a configuration without them.
///
/// So one configuration is made per process, from `.default`, with every store set to nil;
/// the folders its making created (those that did not exist just before and are still
/// empty) are removed at once, and every configuration handed out is a copy of it (a copy
/// touches no store).
public enum StorelessConfiguration {
    /// A fresh configuration without stores: no URL cache, no cookies, no credential storage.
    ///
    /// - Returns: A configuration to change and give to a `URLSession`.
    public static func make() -> URLSessionConfiguration {
        guard let copy = template.copy() as? URLSessionConfiguration else {
            // `copy()` always returns a URLSessionConfiguration; this only keeps the cast total.
            return configure(URLSessionConfiguration.default)
        }
        return copy
    }

    private static let template: URLSessionConfiguration = {
        #if canImport(FoundationNetworking)
            let folders = FoundationStoreFolders.current()
            let missing = folders.filter { !FileManager.default.fileExists(atPath: $0) }
            let configuration = configure(URLSessionConfiguration.default)
            FoundationStoreFolders.removeCreated(missing)
            return configuration
        #else
            return configure(URLSessionConfiguration.ephemeral)
        #endif
    }()

    private static func configure(_ configuration: URLSessionConfiguration) -> URLSessionConfiguration {
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCredentialStorage = nil
        return configuration
    }
}

#if canImport(FoundationNetworking)
    /// The folders FoundationNetworking's shared stores create, named as it names them.
    enum FoundationStoreFolders {
        /// Each folder the shared stores may create, with every parent that may be created with
        /// it (they are made with intermediate folders), deepest first: the URL cache's folder and
        /// the cookie storage's, and their parents up to the root.
        static func current() -> [String] {
            var leaves: [URL] = []
            let manager = FileManager.default
            if let caches = manager.urls(for: .cachesDirectory, in: .userDomainMask).first {
                let name = (Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName)
                    .replacingOccurrences(of: "/", with: "_")
                    .replacingOccurrences(of: "\\", with: "_")
                    .replacingOccurrences(of: ":", with: "_")
                leaves.append(
                    caches.appendingPathComponent("org.swift.foundation.URLCache", isDirectory: true)
                        .appendingPathComponent(name, isDirectory: true))
            }
            if let support = manager.urls(for: .applicationSupportDirectory, in: .userDomainMask).first {
                var bundleName = (Bundle.main.bundlePath as NSString).lastPathComponent
                if let dot = bundleName.range(of: ".", options: .backwards) { bundleName = String(bundleName[..<dot.lowerBound]) }
                leaves.append(bundleName.isEmpty ? support : support.appendingPathComponent(bundleName, isDirectory: true))
            }
            var folders: [String] = []
            for leaf in leaves {
                var folder = leaf.standardizedFileURL
                while folder.pathComponents.count > 1 {
                    if !folders.contains(folder.path) { folders.append(folder.path) }
                    folder = folder.deletingLastPathComponent()
                }
            }
            // Children before parents, whichever leaf they came from.
            return folders.sorted { ($0 as NSString).pathComponents.count > ($1 as NSString).pathComponents.count }
        }

        /// Removes each of `folders` that exists now and is empty, in order (deepest first).
        /// `rmdir` removes nothing that holds a file, so a folder something else filled meanwhile stays.
        static func removeCreated(_ folders: [String]) {
            for folder in folders {
                _ = rmdir(folder)
            }
        }
    }
#endif
