import EndlessCommandLine
import EndlessFeedModel
import EndlessTesting
import Foundation
import Testing

@testable import EndlessApp

/// `endless manual`: roff that groff and man render without a warning, with every flag, the
/// browser's keys from the table the help overlay reads, and the environment and files.
@Suite("endless manual", .timeLimit(TimeBudget.minutes(1)))
struct ManualPageTests {
    static var roff: String { ManualCommand.page(root: EndlessCommand.tool.declaration).roff }

    static func file() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("endless-\(UUID().uuidString).1").path
        try roff.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("groff reads it without a single warning")
    func groffHasNoWarnings() throws {
        let path = try Self.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, output) = try Subprocess.run("/usr/bin/groff", ["-man", "-ww", "-z", "-Tutf8", path])
        #expect(status == 0)
        #expect(output.isEmpty, "\(output)")
    }

    @Test("man -l renders every declared flag, the sections, and the keys the help overlay lists")
    func manRendersEverything() throws {
        let path = try Self.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, output) = try Subprocess.run(
            "/usr/bin/env", ["MANWIDTH=80", "/usr/bin/man", "--warnings", "-l", "-P", "cat", path])
        #expect(status == 0)
        let text = output.replacingOccurrences(of: "\u{2010}", with: "-").replacingOccurrences(of: "\u{2212}", with: "-")
        #expect(!text.contains("warning"), "\(text.prefix(400))")
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "KEYS", "ENVIRONMENT", "FILES", "EXAMPLES"] {
            #expect(text.contains("\n\(section)\n"), "no \(section)")
        }
        let flags = Set(EndlessCommand.tool.declaration.optionsInTree.map(\.flagText))
        for flag in flags { #expect(text.contains(flag), "\(flag) is not in the manual") }
        let keys = KeyBindings.helpHints(KeyBindings.all(nouns: Nouns("item", "items"), tabs: FeedCatalog.all.map(\.id)))
        for hint in keys { #expect(text.contains(hint.key), "key \(hint.key) is not in the manual") }
        for variable in ["NO_COLOR", "ENDLESS_GRAPHICS", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "UNSPLASH_ACCESS_KEY"] {
            #expect(text.contains(variable))
        }
        #expect(text.contains("~/.config/endless/config") && text.contains("~/.cache/endless/"))
    }
}
