import EndlessDigest
import EndlessShared
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Downloaded image bytes kept on disk across launches, shared safely by every process that
/// uses the same directory.
///
/// - Names: each entry is `<SHA-256 of the URL string in hex>`; nothing from a URL reaches a
///   path, so no URL can escape the directory or collide with another.
/// - Writes are atomic: a temporary file in the same directory, then `rename(2)`. Readers see
///   the old entry or the new one, never half of one; there are no lock files to go stale.
/// - Private: entries are made 0600 and folders 0700.
/// - Every entry carries its length and checksum (`DiskCacheEntry`); a damaged entry is
///   deleted on read and reported as a miss, so the image is fetched again.
/// - Size: when the entries exceed ``sizeLimit`` the least recently used are deleted until
///   70 % of it remain. Recency is the file's modification time, which a hit refreshes
///   (access times are unreliable under `noatime`/`relatime`). Files that vanish mid-sweep,
///   deleted by another process, are simply skipped.
///
/// File operations are synchronous and small; the pipeline calls them from its background
/// tasks, never from its actor.
public final class ImageDiskCache: Sendable {
    /// The default size limit: 150 MiB.
    public static let defaultSizeLimit = 150 * 1024 * 1024
    /// What a sweep trims to, as a share of the size limit.
    static let trimRatio = 0.7
    /// Temporary files older than this were left by a process that died mid-write.
    static let abandonedTemporaryAge: TimeInterval = 600
    static let temporaryPrefix = ".tmp-"
    /// Entries are `rw-------`, in a `rwx------` folder.
    static let fileMode: mode_t = 0o600

    /// `$XDG_CACHE_HOME/endless/images`, or `~/.cache/endless/images` when `XDG_CACHE_HOME`
    /// is unset or not absolute (as the XDG Base Directory spec requires).
    /// - Parameter environment: the environment to read (the process's by default).
    /// - Returns: the directory; it is created on the first write.
    public static func defaultDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        CacheFolder.endless(environment: environment).appendingPathComponent("images", isDirectory: true)
    }

    /// The directory the entries live in.
    public let directory: URL
    /// The most bytes the entries may take before a sweep trims them to 70 %.
    public let sizeLimit: Int

    struct State {
        /// The directory's size as last scanned plus what this process wrote since; `nil`
        /// until the first scan. Other processes' writes are seen at the next scan.
        var estimatedSize: Int?
        var isSweeping = false
    }

    let state = Mutex(State())

    /// Creates a cache over `directory` (created when first needed).
    /// - Parameters:
    ///   - directory: where entries live; ``defaultDirectory(environment:)`` by default.
    ///   - sizeLimit: the most bytes kept, ``defaultSizeLimit`` by default.
    public init(directory: URL = defaultDirectory(), sizeLimit: Int = defaultSizeLimit) {
        self.directory = directory
        self.sizeLimit = sizeLimit
        let path = directory.path
        directoryPath = path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// ``directory``'s path without a trailing slash, worked out once: every lookup and store
    /// names a file in it, and building that name with `URL` path operations cost a picture
    /// against a real service about a tenth of its pipeline's CPU (issue 29).
    private let directoryPath: String

    /// The name of the file an entry for `url` lives in.
    private func fileName(for url: URL) -> String {
        Digest.sha256.hex(url.absoluteString)
    }

    /// The path of the file an entry for `url` lives in.
    func filePath(for url: URL) -> String {
        directoryPath + "/" + fileName(for: url)
    }

    /// The stored bytes for `url`, if an intact entry exists; a hit marks it recently used.
    /// A damaged entry is deleted and reported as missing.
    /// - Parameter url: the image's URL.
    /// - Returns: the bytes as downloaded, or `nil`.
    public func data(for url: URL) -> Data? {
        let path = filePath(for: url)
        guard let file = FileManager.default.contents(atPath: path) else { return nil }
        guard let payload = DiskCacheEntry.decode(file) else {
            unlink(path)
            return nil
        }
        // Refresh the modification time: sweeps evict by it.
        utimensat(AT_FDCWD, path, nil, 0)
        return payload
    }

    /// Stores `data` for `url`, atomically replacing any previous entry, then sweeps if the
    /// directory has grown past the limit. Failures (a full or read-only disk) are ignored:
    /// the cache is an optimisation, and the image is already in hand.
    /// - Parameters:
    ///   - data: the downloaded bytes.
    ///   - url: the image's URL.
    public func store(_ data: Data, for url: URL) {
        let file = DiskCacheEntry.encode(data)
        guard write(file, named: fileName(for: url)) else { return }
        let needsSweep = state.withLock { state in
            state.estimatedSize = state.estimatedSize.map { $0 + file.count }
            return (state.estimatedSize ?? Int.max) > sizeLimit
        }
        if needsSweep { sweep() }
    }

    /// Deletes the entry for `url`, if any.
    /// - Parameter url: the image's URL.
    public func removeData(for url: URL) {
        unlink(filePath(for: url))
    }

    /// Deletes every entry (and leftover temporary file) in the directory.
    public func removeAll() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        where Self.isEntryName(name) || name.hasPrefix(Self.temporaryPrefix) {
            unlink(directory.appendingPathComponent(name).path)
        }
        state.withLock { $0.estimatedSize = 0 }
    }

    /// The bytes the entries take now, as found on disk.
    public var totalSize: Int {
        scan().entries.reduce(0) { $0 + $1.size }
    }

    /// Writes `contents` to a temporary file in the directory, then renames it over the entry
    /// `name`. Returns whether it succeeded.
    private func write(_ contents: Data, named name: String) -> Bool {
        let destination = directoryPath + "/" + name
        let temporary =
            "\(directoryPath)/\(Self.temporaryPrefix)\(name)-\(getpid())-"
            + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        // Owner-only, like the folder: what a person looked at is nobody else's business.
        var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, Self.fileMode)
        if descriptor < 0, errno == ENOENT {
            // First write: the directory does not exist yet. Owner-only, as XDG asks (each
            // folder made on the way too).
            try? FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, Self.fileMode)
        }
        guard descriptor >= 0 else { return false }
        let written = contents.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let count = Glibc.write(descriptor, raw.baseAddress?.advanced(by: offset), raw.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        let closed = close(descriptor) == 0
        guard written, closed, rename(temporary, destination) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
