import Foundation
import Glibc

/// A damaged database file put out of the way, so an empty cache can take its place: renamed
/// to `pages.sqlite.corrupt` for whoever wants to look at it, and its `-wal` and `-shm`, which
/// belong to it, deleted.
///
/// The notice says what really happened: the copy replaces an older damaged copy (a regular
/// file or a link, never a folder); when `pages.sqlite.corrupt` is a folder or cannot be
/// replaced, the next of `pages.sqlite.corrupt-2` … `-4` is used; when none can be, the file is
/// deleted, and the notice says so.
enum DamagedFile {
    /// What became of the file.
    enum Outcome: Equatable {
        /// Renamed to this path.
        case moved(to: String)
        /// Deleted, for this reason.
        case deleted(because: String)
        /// Neither: it is still there.
        case failed(because: String)
    }

    /// The most copies kept side by side: `.corrupt`, `.corrupt-2` … `.corrupt-4`.
    static let copies = 4

    /// The names a damaged copy of `path` may take, in order.
    static func names(for path: String) -> [String] {
        [path + ".corrupt"] + (2...copies).map { path + ".corrupt-\($0)" }
    }

    /// Moves `path` aside (see ``DamagedFile``) and deletes its `-wal` and `-shm`.
    /// - Parameter path: the damaged file.
    /// - Returns: what became of it.
    static func moveAside(_ path: String) -> Outcome {
        defer {
            unlink(path + "-wal")
            unlink(path + "-shm")
        }
        var refused: [String] = []
        for aside in names(for: path) {
            var status = stat()
            if lstat(aside, &status) == 0 {
                let kind = status.st_mode & S_IFMT
                // Only what a damaged copy can be is replaced: never a folder or a device.
                guard kind == S_IFREG || kind == S_IFLNK, unlink(aside) == 0 || errno == ENOENT else {
                    refused.append(URL(fileURLWithPath: aside).lastPathComponent + (kind == S_IFDIR ? " is a folder" : " cannot be replaced"))
                    continue
                }
            }
            if rename(path, aside) == 0 { return .moved(to: aside) }
            if errno == ENOENT { return .deleted(because: "another process had already moved it") }
            refused.append(URL(fileURLWithPath: aside).lastPathComponent + ": " + String(cString: strerror(errno)))
        }
        let why = refused.first ?? "it could not be renamed"
        if unlink(path) == 0 || errno == ENOENT { return .deleted(because: "it could not be moved aside: \(why)") }
        return .failed(because: String(cString: strerror(errno)))
    }

    /// Deletes the damaged copies kept beside `path` (files and links, never a folder).
    /// - Parameter path: the database file.
    static func removeCopies(of path: String) {
        for aside in names(for: path) {
            var status = stat()
            guard lstat(aside, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { continue }
            unlink(aside)
        }
    }
}
