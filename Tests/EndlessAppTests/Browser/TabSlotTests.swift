import Endless
import EndlessFeedModel
import EndlessTerminal
import EndlessTesting
import Testing

@testable import EndlessApp

/// Tabs made when first shown: a launch makes only the tab it opens on.
@Suite("Tab slots")
@MainActor
struct TabSlotTests {
    typealias F = BrowseFixtures

    struct SettingsError: Error, CustomStringConvertible {
        var description: String { "no such currency" }
    }

    /// A people tab over a fresh scripted source, counting how often it was made.
    @MainActor final class Maker {
        private(set) var made = 0
        let clock = ManualClock()

        func tab(_ kind: FeedID) -> any BrowserTab {
            made += 1
            let descriptor = F.descriptor()
            let model = FeedViewModel(
                feed: Feed(source: F.source(clock: clock), configuration: FeedConfiguration(pageSize: 20), clock: clock),
                descriptor: descriptor, images: nil, clock: clock, now: { F.now })
            return FeedTab(
                kind: kind, model: model, style: PeopleFeed.rowStyle, cells: ImageCells(mode: .none, colorDepth: .trueColor, cellPixelSize: nil),
                images: nil)
        }
    }

    @Test("only the opening tab is made; another is made once, when first shown; the dump makes the rest")
    func madeWhenShown() throws {
        let people = Maker(), users = Maker(), photos = Maker()
        let browser = try BrowserModel(
            slots: [
                TabSlot(kind: .users) { users.tab(.users) },
                TabSlot(kind: .people) { people.tab(.people) },
                TabSlot(kind: .photos) { photos.tab(.photos) },
            ], opening: .people)
        #expect(browser.kinds == [.people, .photos, .users])
        #expect((people.made, users.made, photos.made) == (1, 0, 0))
        #expect(browser.active.kind == .people)

        browser.perform(.showTab(.users), visibleRows: 10)
        #expect(browser.active.kind == .users)
        browser.perform(.showTab(.people), visibleRows: 10)
        browser.perform(.showTab(.users), visibleRows: 10)
        #expect((people.made, users.made, photos.made) == (1, 1, 0))

        #expect(browser.allTabs.map(\.kind) == [.people, .photos, .users])
        #expect(photos.made == 1)
    }

    @Test("a tab that cannot be made: the tab shown stays, and the status bar says why")
    func failingTab() throws {
        let people = Maker()
        let browser = try BrowserModel(
            slots: [
                TabSlot(kind: .people) { people.tab(.people) },
                TabSlot(kind: .coins) { throw SettingsError() },
            ], opening: .people)

        browser.perform(.showTab(.coins), visibleRows: 10)

        #expect(browser.active.kind == .people)
        #expect(browser.tabFailure == "cannot open coins: no such currency")
        var frame = ScreenBuffer(size: Size(width: 120, height: 10))
        _ = BrowserScreen.draw(browser, into: &frame, elapsed: .zero)
        #expect(frame.lines.joined(separator: "\n").contains("cannot open coins: no such currency"))
        browser.perform(.nextTab, visibleRows: 10)
        browser.perform(.previousTab, visibleRows: 10)
        #expect(browser.active.kind == .people)
    }

    @Test("the opening tab's error is the browser's")
    func failingOpeningTab() {
        #expect(throws: SettingsError.self) {
            try BrowserModel(slots: [TabSlot(kind: .coins) { throw SettingsError() }], opening: .coins)
        }
    }
}
