import Endless
import EndlessTerminal
import EndlessTesting
import Testing

@testable import EndlessApp

/// Issue 29: the header and the status bar are composed only when what they show changed.
@Suite("Chrome memo", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct ChromeMemoTests {
    typealias F = BrowseFixtures

    static func draw(_ browser: BrowserModel, chrome: ChromeMemo?) -> ScreenBuffer {
        var frame = ScreenBuffer(size: PeopleScreenTests.size)
        _ = BrowserScreen.draw(browser, into: &frame, elapsed: .zero, chrome: chrome)
        return frame
    }

    @Test("j after j copies the bars; a change they show composes the one that shows it; every frame is the one composed afresh")
    func copiedUntilChanged() async throws {
        let model = await PeopleScreenTests.loaded(pages: 2)
        let browser = F.browser(model)
        let chrome = ChromeMemo()
        #expect(Self.draw(browser, chrome: chrome) == Self.draw(browser, chrome: nil))
        #expect(chrome.composed == 2)
        for key in 1...3 {
            model.perform(.moveDown, visibleRows: 10)
            #expect(Self.draw(browser, chrome: chrome) == Self.draw(browser, chrome: nil), "after \(key) j")
        }
        #expect(chrome.composed == 2)  // neither bar changed
        browser.requestsInFlight = 3
        let frame = Self.draw(browser, chrome: chrome)
        #expect(frame == Self.draw(browser, chrome: nil))
        #expect(frame.lines.last?.contains("3 in flight") == true)
        #expect(chrome.status.composed == 2)
        #expect(chrome.header.composed == 1)
    }
}
