// The config file (~/.config/endless/config) on arbitrary bytes: read as `endless` reads it,
// applied to the real command declarations and settings (keys and colours), then turned into
// the key rebinding and the theme. It must never crash or hang; a refusal names a line that
// exists in the input.
import EndlessCommandLine
import Foundation
import FuzzDriver

@testable import EndlessApp

let root = EndlessCommand.tool.declaration
let path = "/fuzz/config"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = bytes(data, size)
    guard input.count <= ConfigFile.maximumBytes else { return 0 }  // load() refuses these unread
    let text = String(decoding: input, as: UTF8.self)
    // Lines as an editor numbers them: each "\n" ends one (also the "\n" of a Windows "\r\n",
    // which Swift's Characters see as one grapheme).
    let lineCount = input.count(where: { $0 == UInt8(ascii: "\n") }) + 1
    // A file written on Windows reads as the same file written with "\n" alone.
    let unix = text.replacingOccurrences(of: "\r\n", with: "\n")
    let asWritten = Result { () throws(ConfigError) in try ConfigFile(path: path, text: text) }
    let asUnix = Result { () throws(ConfigError) in try ConfigFile(path: path, text: unix) }
    precondition(asWritten == asUnix, "\r\n lines read otherwise than \n lines: \(asWritten) and \(asUnix)")
    let file: ConfigFile
    do throws(ConfigError) {
        file = try asWritten.get()
    } catch {
        precondition(error.line.map { (1...lineCount).contains($0) } ?? false, "a refusal names no line of the file")
        return 0
    }
    // Every line that says something is an entry, numbered as the editor numbers it.
    let saying = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated().compactMap {
        index, line -> Int? in
        let trimmed = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty || trimmed.hasPrefix("#") ? nil : index + 1
    }
    precondition(file.entries.map(\.line) == saying, "entries \(file.entries.map(\.line)), lines saying something \(saying)")
    precondition(file.entries.allSatisfy { (1...lineCount).contains($0.line) }, "an entry on a line the file does not have")
    _ = file.optionWords
    // Applied to the default command, browse (each command costs 9 ms an input in this
    // build, and the settings are read alike under every command).
    for command in [[String]()] {
        guard let parsed = try? ArgumentParser.parse(command, for: root) else { continue }
        do throws(ConfigError) {
            let applied = try parsed.applying(file, root: root, settings: EndlessCommand.settings)
            _ = try? KeyRebinding.from(applied)
            _ = try? ColorSettings.theme(from: applied)
            _ = ConfigCommand.report(applied, root: root, settings: EndlessCommand.settings, environment: [:])
        } catch {
            precondition(error.line.map { (1...lineCount).contains($0) } ?? false, "a refusal names no line of the file")
        }
    }
    return 0
}

@main
enum Fuzz {
    static func main() { runFuzzer(fuzzConfigFile) }
}
