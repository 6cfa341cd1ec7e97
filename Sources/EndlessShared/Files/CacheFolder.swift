import Foundation

/// Where `endless` keeps what it caches (the page cache's file, the image cache's `images/`,
/// the launch screens), as the XDG Base Directory spec places a program's cache.
package enum CacheFolder {
    /// `$XDG_CACHE_HOME/endless`, or `~/.cache/endless` when `XDG_CACHE_HOME` is unset or not
    /// absolute (the spec says a relative path is to be ignored), by ``BaseDirectory``.
    /// - Parameter environment: the environment to read.
    /// - Returns: the folder; whoever writes there first creates it.
    package static func endless(environment: [String: String]) -> URL {
        // With no HOME either, the account's home folder: a cache must go somewhere.
        let base =
            BaseDirectory.cache.path(environment: environment).map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache", isDirectory: true)
        return base.appendingPathComponent("endless", isDirectory: true)
    }
}
