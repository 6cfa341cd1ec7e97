import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension ImageDiskCache {
    /// One entry as found by a scan.
    struct ScannedEntry {
        var path: String
        var size: Int
        var modified: timespec
    }

    /// If the entries exceed ``sizeLimit``, deletes the least recently used until they take at
    /// most 70 % of it. Also deletes temporary files abandoned by a process that died while
    /// writing. Safe to run while other processes read, write and sweep the same directory.
    public func sweep() {
        let alreadySweeping = state.withLock { state in
            defer { state.isSweeping = true }
            return state.isSweeping
        }
        guard !alreadySweeping else { return }
        defer { state.withLock { $0.isSweeping = false } }

        let found = scan()
        for path in found.abandonedTemporaries { unlink(path) }
        var total = found.entries.reduce(0) { $0 + $1.size }
        if total > sizeLimit {
            let goal = Int(Double(sizeLimit) * Self.trimRatio)
            let oldestFirst = found.entries.sorted {
                ($0.modified.tv_sec, $0.modified.tv_nsec, $0.path)
                    < ($1.modified.tv_sec, $1.modified.tv_nsec, $1.path)
            }
            for entry in oldestFirst where total > goal {
                // ENOENT means another process deleted it first: it is gone either way.
                unlink(entry.path)
                total -= entry.size
            }
        }
        state.withLock { $0.estimatedSize = total }
    }

    /// Lists the directory's entries with their sizes and modification times, and the
    /// temporary files old enough to be abandoned. Files that vanish while being looked at
    /// are left out.
    func scan() -> (entries: [ScannedEntry], abandonedTemporaries: [String]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return ([], []) }
        let now = Date().timeIntervalSince1970
        var entries: [ScannedEntry] = []
        var abandoned: [String] = []
        for name in names {
            let path = directory.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            if Self.isEntryName(name) {
                entries.append(ScannedEntry(path: path, size: Int(info.st_size), modified: info.st_mtim))
            } else if name.hasPrefix(Self.temporaryPrefix),
                now - Double(info.st_mtim.tv_sec) > Self.abandonedTemporaryAge
            {
                abandoned.append(path)
            }
        }
        return (entries, abandoned)
    }

    /// Whether `name` is an entry's name: 64 lowercase hex digits.
    static func isEntryName(_ name: String) -> Bool {
        name.utf8.count == 64
            && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
