import EndlessCommandLine
import EndlessTerminal
import EndlessTerminalTesting
import EndlessTesting
import Foundation
import Testing

@testable import EndlessApp

/// `color.<role> = <colour>` in the config file: read and checked there, shown by
/// `endless config`, and what the browser draws with; `NO_COLOR` still draws no colour.
@Suite("Colours from the config file", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct ColorSettingsTests {
    typealias F = BrowseFixtures
    static let path = "/c/endless/config"

    static func applied(_ text: String) throws -> ParsedArguments {
        let root = EndlessCommand.tool.declaration
        let file = try ConfigFile(path: path, text: text)
        return try ArgumentParser.parse([], for: root).applying(file, root: root, settings: EndlessCommand.settings)
    }

    static func theme(_ text: String) throws -> Theme {
        try ColorSettings.theme(from: applied(text))
    }

    @Test("names, bright names, default, 0–255 and #rrggbb, in any case; unset roles keep their defaults")
    func valid() throws {
        let theme = try Self.theme(
            "color.selection = red\ncolor.accent = Bright-Magenta\ncolor.header = 200\ncolor.error = #FF8800\ncolor.up = default\n")
        #expect(theme.colors[.selection] == .red && theme.selectionBar.foreground == .red)
        #expect(theme.colors[.accent] == .ansi(13) && theme.loading.foreground == .ansi(13) && theme.key.foreground == .ansi(13))
        #expect(theme.header.background == .indexed(200) && theme.tabInactive.background == .indexed(200))
        #expect(theme.error.foreground == .rgb(0xFF, 0x88, 0x00) && theme.errorDetail.foreground == .rgb(0xFF, 0x88, 0x00))
        #expect(theme.up.foreground == .default)
        #expect(theme.down == Theme.standard.down && theme.status == Theme.standard.status)
        #expect(try Self.theme("") == Theme.standard)
        // Themes are equal by their colours, built apart or shared.
        #expect(Theme(colors: [.accent: .red]) == Theme(colors: [.accent: .red]))
        #expect(Theme(colors: [.accent: .red]) != Theme.standard)
        #expect(Theme(colors: [.accent: Theme.Role.accent.defaultColor]) == Theme.standard, "a colour set to its default")
        // The defaults are the styles the screens had before colours could be set.
        #expect(Theme.standard.selectionBar == Style(foreground: .ansi(14)))
        #expect(Theme.standard.header == Style(foreground: .brightWhite, background: .indexed(24), attributes: .bold))
        #expect(Theme.standard.subtitle == Style.dim)
        // Written back as the file writes them, for `endless config`.
        #expect([Color.ansi(9), .indexed(7), .hex(0x0A0B0C), .default].map(ColorSettings.text(of:)) == ["bright-red", "7", "#0a0b0c", "default"])
    }

    @Test(
        "a wrong colour or an unknown role is refused, naming the file, the line and the values accepted",
        arguments: [
            "purple", "256", "-1", "#12345", "#1234567", "#gggggg", "", "0x112233", "bright red",
        ])
    func invalid(value: String) throws {
        do {
            _ = try Self.applied("# colours\ncolor.selection = \(value)\n")
            Issue.record("'\(value)' was accepted")
        } catch let error as ConfigError {
            #expect(error.path == Self.path && error.line == 2)
            #expect(error.description.hasPrefix("config \(Self.path):2: color.selection: "), "\(error)")
            #expect(error.description.contains("bright-white), default, 0 to 255, or #rrggbb"), "\(error)")
        }
    }

    @Test("a misspelt role is refused with a suggestion")
    func unknownRole() throws {
        do {
            _ = try Self.applied("color.sleection = red\n")
            Issue.record("a misspelt role was accepted")
        } catch let error as ConfigError {
            #expect(error.line == 1 && error.description.contains("did you mean 'color.selection'?"), "\(error)")
        }
    }

    @Test("endless config shows each colour and where it came from; a wrong one exits 2 naming the line")
    func report() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endless-colours-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("endless"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("endless/config").path
        try "--graphics=none\ncolor.selection = red\n".write(toFile: file, atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": folder.path]
        let captured = CapturedOutput()
        let status = await EndlessCommand.run(["config"], output: captured.output, environment: environment)
        #expect(status == 0, "\(captured.standardError)")
        let rows = captured.standardOutput.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(rows.contains(["color.selection", "red", "\(file):2"]), "\(captured.standardOutput)")
        #expect(rows.contains(["color.header", "24", "default"]))
        #expect(rows.contains(["color.accent", "cyan", "default"]))

        try "color.selection = red\ncolor.accent = reddish\n".write(toFile: file, atomically: true, encoding: .utf8)
        let wrong = CapturedOutput()
        #expect(await EndlessCommand.run(["config"], output: wrong.output, environment: environment) == 2)
        #expect(wrong.standardError.contains("config \(file):2: color.accent: 'reddish' is not a colour"), "\(wrong.standardError)")
    }

    /// The people list with its first page, drawn with the config file's colours as the loop
    /// draws a frame, through the real renderer at `colorDepth`.
    static func browse(_ config: String, colorDepth: ColorDepth) async throws -> InMemoryTerminal {
        let clock = ManualClock()
        let model = F.model(F.source(clock: clock), clock: clock)
        model.start()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        let browser = F.browser(model)
        browser.theme = try Self.theme(config)
        let size = Size(width: 80, height: 24)
        var terminal = InMemoryTerminal(size: size, colorDepth: colorDepth)
        var frame = ScreenBuffer(size: size)
        _ = BrowserScreen.draw(browser, into: &frame, elapsed: .zero)
        terminal.render(frame)
        return terminal
    }

    /// The cells of the selection bar on screen.
    static func selectionBar(_ terminal: InMemoryTerminal) -> [Cell] {
        terminal.screen.cells.filter { $0.grapheme == Theme.selectionBarGlyph }
    }

    @Test("color.selection = red: the browser draws the selection bar red")
    func selectionDrawnRed() async throws {
        let bar = Self.selectionBar(try await Self.browse("color.selection = red\n", colorDepth: .trueColor))
        #expect(bar.count == 2)  // a person's row is two lines
        #expect(bar.allSatisfy { $0.style.foreground == .red }, "\(bar.map(\.style))")
        // The theme holds only while the browser draws: what draws next has the defaults.
        #expect(Theme.selectionBar == Theme.standard.selectionBar)
    }

    @Test("NO_COLOR wins over the config file's colours: the bar is drawn, in no colour")
    func noColorWins() async throws {
        let depth = ColorDepth.detect(environment: ["NO_COLOR": "1", "TERM": "xterm-256color", "COLORTERM": "truecolor"])
        let terminal = try await Self.browse("color.selection = red\ncolor.header = #ff0000\n", colorDepth: depth)
        let bar = Self.selectionBar(terminal)
        #expect(bar.count == 2)
        #expect(bar.allSatisfy { $0.style.foreground == .default && $0.style.background == .default })
        #expect(terminal.screen.cells.allSatisfy { $0.style.foreground == .default && $0.style.background == .default })
    }
}
