import Foundation

/// Reads one `lists/*.txt` file with the official loading rule (GENERATOR.md §4.1): UTF-8,
/// split on `\n`, the last element dropped, nothing trimmed.
enum ListFile {
    /// The entries of `file`, which lives at `path` inside the data directory.
    /// - Throws: `GeneratorDataError` when the file is missing, unreadable or has no entry.
    static func entries(at file: URL, path: String) throws(GeneratorDataError) -> [String] {
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw .missingFile(path)
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw .unreadableFile(path, reason: "\(error)")
        }
        // A file without a final newline loses its last real line; that is the observed output.
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
        // Node decodes invalid UTF-8 as U+FFFD, as String(decoding:) does.
        let entries = lines.map { String(decoding: $0, as: UTF8.self) }
        guard !entries.isEmpty else {
            throw .emptyList(path)
        }
        return entries
    }

    /// `common/lists/timezones.txt`: one JSON object `{"offset": …, "description": …}` per line.
    static func timezones(at file: URL, path: String) throws(GeneratorDataError) -> [Timezone] {
        var timezones: [Timezone] = []
        for (number, line) in try entries(at: file, path: path).enumerated() {
            guard let zone = try? JSONDecoder().decode(Timezone.self, from: Data(line.utf8)) else {
                throw .invalidTimezone(path, line: number + 1)
            }
            timezones.append(zone)
        }
        return timezones
    }
}
