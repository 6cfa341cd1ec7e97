import Foundation
import Glibc

/// Folders and files only their owner can read: the cache holds what a person browsed, and
/// none of it is anyone else's business. Folders are made 0700 and files 0600 (the umask can
/// only narrow that); a folder or file of ours made wider by an older `endless` is narrowed
/// when it is next used (`chmod`, which fails harmlessly on one we do not own). A private
/// folder also keeps everything in it from others, whatever the files' own modes.
public enum PrivateFiles {
    /// `rwx------`.
    public static let folderMode: mode_t = 0o700
    /// `rw-------`.
    public static let fileMode: mode_t = 0o600

    /// Creates `folder` and any missing folder above it, each 0700, and makes `folder` 0700
    /// if it was there already.
    /// - Parameter folder: the folder.
    /// - Throws: `CocoaError` when a folder cannot be made (a file in the way, no permission).
    public static func createFolder(_ folder: URL) throws {
        let path = folder.standardizedFileURL.path
        var missing: [String] = []
        var current = path
        while !current.isEmpty, current != "/", !isFolder(current) {
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        for component in missing.reversed() where mkdir(component, folderMode) != 0 && errno != EEXIST {
            let code = errno
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [
                    NSFilePathErrorKey: component,
                    NSLocalizedFailureReasonErrorKey: String(cString: strerror(code)),
                ])
        }
        guard isFolder(path) else {
            throw CocoaError(
                .fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSLocalizedFailureReasonErrorKey: "it is not a folder"])
        }
        chmod(path, folderMode)
    }

    /// Makes sure `path` exists as a private file: creates it empty (0600) when it does not
    /// exist, else narrows it to 0600; the same for SQLite's `-wal` and `-shm` beside it, when
    /// they exist (SQLite makes new ones with the database's mode).
    /// - Parameter path: the file.
    public static func createFile(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, fileMode)
        if descriptor >= 0 {
            close(descriptor)
            return
        }
        for file in [path, path + "-wal", path + "-shm"] { narrow(file) }
    }

    /// Narrows an existing file of ours to 0600, when it is a regular file and wider.
    /// - Parameter path: the file.
    public static func narrow(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o077 != 0 else { return }
        chmod(path, fileMode)
    }

    /// Writes `bytes` to `path` as a new private file in one step: a file beside it, 0600,
    /// renamed over `path`, so a reader sees the old file or the new one, never half.
    /// - Parameters:
    ///   - bytes: the content.
    ///   - path: the file.
    /// - Returns: whether it was written.
    @discardableResult
    public static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let temporary = path + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, fileMode)
        guard descriptor >= 0 else { return false }
        var written = 0
        let complete = bytes.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
        // A file made earlier with a wider mode (O_CREAT keeps an existing file's).
        let privateNow = fchmod(descriptor, fileMode) == 0
        close(descriptor)
        guard complete, privateNow, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
