import Foundation

/// Where `endless` keeps what it caches (the page cache's file, the image cache's `images/`,
/// the launch screens), as the XDG Base Directory spec places a program's cache.
package enum CacheFolder {
    /// `$XDG_CACHE_HOME/endless`, or `~/.cache/endless` when `XDG_CACHE_HOME` is unset or not
    /// absolute (the spec says a relative path is to be ignored).
    /// - Parameter environment: the environment to read.
    /// - Returns: the folder; whoever writes there first creates it.
    package static func endless(environment: [String: String]) -> URL {
        let base: URL
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            base = URL(fileURLWithPath: cache, isDirectory: true)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
        } else {
            base = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache", isDirectory: true)
        }
        return base.appendingPathComponent("endless", isDirectory: true)
    }
}
