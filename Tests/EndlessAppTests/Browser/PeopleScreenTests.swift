import Endless
import EndlessTerminal
import EndlessTerminalTesting
import EndlessTesting
import Foundation
import RandomUserAPI
import Testing

@testable import EndlessApp
@testable import EndlessFeedModel

/// The browser's screens, drawn by the real renderer into the in-memory terminal and compared
/// with text snapshots in `__Snapshots__` (record with ENDLESS_RECORD_SNAPSHOTS=1).
@Suite("People screen snapshots", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct PeopleScreenTests {
    typealias F = BrowseFixtures
    static let size = Size(width: 80, height: 24)

    /// Draws `browser` as the loop would, and returns the terminal and the rows on screen.
    static func render(_ browser: BrowserModel) -> (terminal: InMemoryTerminal, visible: Range<Int>) {
        var terminal = InMemoryTerminal(size: size, colorDepth: .trueColor)
        var frame = ScreenBuffer(size: size)
        let layout = BrowserScreen.draw(browser, into: &frame, elapsed: .zero)
        terminal.render(frame)
        return (terminal, FeedScreen<ScriptedPageSource<RandomUser>>.visibleItems(layout.rows))
    }

    static func render(_ model: F.Model) -> InMemoryTerminal {
        render(F.browser(model)).terminal
    }

    static func expectSnapshot(_ terminal: InMemoryTerminal, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/\(name).txt").path
        let outcome = SnapshotFile.verify(terminal.text, at: path)
        #expect(outcome.passed, "\(outcome)", sourceLocation: sourceLocation)
    }

    /// A view model with its first page (or `pages` pages) loaded.
    static func loaded(pages: Int = 1, pageCount: Int? = nil) async -> F.Model {
        let clock = ManualClock()
        let model = F.model(F.source(clock: clock, pageCount: pageCount), clock: clock)
        model.start()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        if pages > 1 {
            model.visibleRangeChanged(0..<(pages - 1) * 20)
            await model.wait { $0.rowCount == pages * 20 && !$0.feed.loadStates.append.isLoading }
        }
        return model
    }

    @Test("the list: header with source, seed and counts; rows with initials, name and place; status bar")
    func list() async {
        let model = await Self.loaded()
        let (terminal, visible) = Self.render(F.browser(model))

        Self.expectSnapshot(terminal, "browse-list")
        #expect(visible == 0..<10)  // 21 lines for the list, 2 lines a person
    }

    @Test("the first page loading, and failing with its cause and the key that retries")
    func firstLoad() async {
        let clock = ManualClock()
        let source = F.source(clock: clock, gated: true)
        let model = F.model(source, clock: clock)
        model.start()
        await source.waitingRequests(atLeast: 1)
        Self.expectSnapshot(Self.render(model), "browse-first-load")

        source.script(.failure(F.Failure()), forPage: 0)
        source.release()
        await model.wait { if case .firstLoadFailed = $0.content { true } else { false } }
        Self.expectSnapshot(Self.render(model), "browse-first-load-failed")
    }

    @Test("the footer at the end: loading more, the append error with R, the end of the list")
    func footer() async {
        let clock = ManualClock()
        let source = F.source(clock: clock, pageCount: 2, gated: true)
        let model = F.model(source, clock: clock)
        model.start()
        source.release()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        model.select(19)
        model.visibleRangeChanged(14..<20)
        await model.wait { $0.footer == .loading }
        let browser = F.browser(model)
        Self.expectSnapshot(Self.render(browser).terminal, "browse-footer-loading")

        source.script(.failure(F.Failure()), forPage: 1)
        source.release()
        await model.wait { if case .failed = $0.footer { true } else { false } }
        Self.expectSnapshot(Self.render(browser).terminal, "browse-footer-failed")

        model.perform(.retry, visibleRows: 6)
        source.release()
        await model.wait { $0.footer == .endOfList("— end of list —") }
        model.perform(.bottom, visibleRows: 6)
        Self.expectSnapshot(Self.render(browser).terminal, "browse-footer-end")
    }

    @Test("a failed refresh: a banner above the rows, which stay")
    func refreshFailed() async {
        let model = await Self.loaded()
        model.feed.source.script(.failure(F.Failure()), forPage: 0)
        await model.refresh()

        Self.expectSnapshot(Self.render(model), "browse-refresh-failed")
    }

    @Test("the pull indicator and the cooldown notice")
    func indicators() async {
        let model = await Self.loaded()
        model.visibleRangeChanged(0..<6)
        model.wheel(up: true)
        model.wheel(up: true)
        model.wheel(up: true)
        let pulled = Self.render(model)
        #expect(pulled.text.split(separator: "\n").dropFirst().first == " ↓ pull to refresh  ▰▰▰▰▰▰▰▰▰▱▱▱")

        model.pull.release()
        model.show(.refreshCoolingDown)
        #expect(Self.render(model).text.split(separator: "\n").dropFirst().first?.hasPrefix(" ⓘ refresh available") == true)
    }

    @Test("details over the list, and the help overlay")
    func overlays() async {
        let model = await Self.loaded()
        model.select(2)
        model.perform(.openDetails, visibleRows: 6)
        Self.expectSnapshot(Self.render(model), "browse-details")

        model.perform(.close, visibleRows: 6)
        let browser = F.browser(model)
        browser.perform(.toggleHelp, visibleRows: 6)
        Self.expectSnapshot(Self.render(browser).terminal, "browse-help")
        // Only the keys that do something on this tab, so the help fits 80×24 with its last line.
        let help = Self.render(browser).terminal.text
        #expect(help.contains("Errors keep what is loaded"), "\(help)")
        #expect(!help.contains("next order"), "this tab has no orders")
    }

    @Test("hostile text from the network is drawn sanitized: no escape sequence reaches the terminal")
    func hostileText() async {
        let clock = ManualClock()
        let source = F.source(clock: clock, pageCount: 1)
        let hostile = RandomUser(
            name: .init(title: "Mr", first: "Eve\u{1B}[2J\u{1B}]52;c;cm0gLXJmIH4=\u{07}", last: "Mal\u{202E}lory\u{9B}31m"),
            location: .init(city: "\u{1B}]0;pwned\u{07}Paris", country: "France"),
            login: .init(uuid: "hostile"))
        source.script(.items([hostile]), forPage: 0)
        let model = F.model(source, clock: clock)
        model.start()
        await model.wait { $0.rowCount == 1 }
        model.perform(.openDetails, visibleRows: 6)

        let terminal = Self.render(model)

        #expect(terminal.text.contains("Mr Eve Mallory"))
        #expect(terminal.text.contains("Paris, France"))
        let output = String(decoding: terminal.lastOutput, as: UTF8.self)
        // The renderer's own first frame clears the screen; the data's payloads are gone.
        #expect(!output.contains("]52;") && !output.contains("cm0gLXJmIH4=") && !output.contains("pwned"))
        #expect(!output.unicodeScalars.contains("\u{202E}") && !output.unicodeScalars.contains("\u{9B}"))
        #expect(terminal.screen.unsupportedSequences.isEmpty)
    }
}
