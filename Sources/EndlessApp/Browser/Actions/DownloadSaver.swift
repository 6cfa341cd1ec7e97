import Foundation
import Glibc

/// Writes a downloaded file into its folder without ever replacing another: the bytes go to a
/// temporary file in the same folder, which is then linked under the first free name
/// (`name.jpg`, `name-2.jpg`…; `link` fails on a name taken, where `rename` would replace it)
/// and removed. A name already holding the same bytes is the file saved before, and is kept
/// as it is. The folder is made, private (0700), when missing.
enum DownloadSaver {
    /// The most names tried (`name-2.jpg` … `name-999.jpg`) before giving up.
    static let maximumAttempts = 999

    /// Why the file was not saved.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Saves `bytes` in `folder`.
    /// - Parameters:
    ///   - bytes: the file.
    ///   - folder: where it goes (made when missing).
    ///   - stem: the safe name before the extension (``DownloadFileName/stem(_:)``).
    ///   - fileExtension: `jpg`, `png` or `webp`.
    /// - Returns: where it is, and whether it was there already.
    /// - Throws: ``Failure`` saying what could not be done, with the system's reason.
    static func save(_ bytes: Data, in folder: URL, stem: String, fileExtension: String) throws(Failure) -> (url: URL, existed: Bool) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(description: "cannot make \(folder.path): \(error.localizedDescription)")
        }
        let temporary = folder.appendingPathComponent(".\(stem.prefix(40))-\(UInt64.random(in: 0...UInt64.max)).part").path
        let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(description: "cannot write in \(folder.path): \(reason())") }
        defer { unlink(temporary) }
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        let synced = written && fsync(descriptor) == 0
        let why = synced ? "" : reason()
        close(descriptor)
        guard synced else { throw Failure(description: "cannot write in \(folder.path): \(why)") }
        for attempt in 1...maximumAttempts {
            let name = DownloadFileName.candidate(stem: stem, fileExtension: fileExtension, attempt: attempt)
            let target = folder.appendingPathComponent(name)
            if link(temporary, target.path) == 0 { return (target, false) }
            let error = errno
            if error == EEXIST {
                if isSame(bytes, as: target.path) { return (target, true) }
                continue
            }
            // A file system without hard links: the name is checked, then taken by rename.
            if error == EPERM || error == EOPNOTSUPP, !FileManager.default.fileExists(atPath: target.path) {
                if rename(temporary, target.path) == 0 { return (target, false) }
            }
            throw Failure(description: "cannot save \(target.path): \(String(cString: strerror(error)))")
        }
        throw Failure(description: "\(maximumAttempts) files named \(stem) are in \(folder.path) already")
    }

    /// Whether the file at `path` holds `bytes` (read only when its size is theirs).
    private static func isSame(_ bytes: Data, as path: String) -> Bool {
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
        return size == bytes.count && FileManager.default.contents(atPath: path) == bytes
    }

    private static func reason() -> String {
        String(cString: strerror(errno))
    }
}
