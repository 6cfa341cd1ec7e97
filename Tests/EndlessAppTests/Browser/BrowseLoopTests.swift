import Endless
import EndlessFeedModel
import EndlessTerminal
import EndlessTesting
import Foundation
import RandomUserAPI
import ReqresAPI
import Testing

@testable import EndlessApp

/// The browse loop with the in-memory terminal: frames per change, tabs, and the mouse hitting
/// what was drawn.
@Suite("Browse loop", .timeLimit(TimeBudget.minutes(2)))
@MainActor
struct BrowseLoopTests {
    typealias F = BrowseFixtures

    /// A loop over `browser` drawing into a recording terminal, every batch drawn at once.
    static func loop(_ browser: BrowserModel, terminal: RecordingTerminal, clock: ManualClock) -> BrowseLoop {
        BrowseLoop(terminal: terminal, browser: browser, clock: clock, frameInterval: .zero)
    }

    /// A loop paced as the app's is (``BrowseLoop/defaultFrameInterval``), over a new model on
    /// `clock`, not started.
    static func pacedLoop(clock: ManualClock) -> (model: F.Model, terminal: RecordingTerminal, loop: BrowseLoop) {
        let model = F.model(F.source(clock: clock), clock: clock)
        let terminal = RecordingTerminal()
        let loop = BrowseLoop(terminal: terminal, browser: F.browser(model), clock: clock, frameInterval: BrowseLoop.defaultFrameInterval)
        return (model, terminal, loop)
    }

    static let j = BrowseLoop.Event.terminal(.key(KeyEvent(.character("j"))))

    /// Handles what the feed and the images posted since, until nothing is waiting.
    static func drain(_ loop: BrowseLoop) throws {
        while let event = loop.inbox.poll() { _ = try loop.process(event) }
    }

    @Test("2,000 keys: the frames one key costs stay the same at key 2,000 as at key 10")
    func framesPerKeyStayConstant() async throws {
        let clock = ManualClock()
        let source = F.source(clock: clock)
        let model = F.model(
            source, clock: clock,
            configuration: FeedConfiguration(pageSize: 20, maxLoadedItems: 200, minimumIndicatorDuration: .zero))
        let terminal = RecordingTerminal()
        let loop = Self.loop(F.browser(model), terminal: terminal, clock: clock)
        try loop.start()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        try Self.drain(loop)

        var framesPerKey: [Int] = []
        var eventsPerKey: [Int] = []
        for _ in 0..<2000 {
            let before = (terminal.frames, loop.eventsHandled)
            _ = try loop.process(Self.j)
            await model.wait { !$0.feed.loadStates.append.isLoading && !$0.feed.loadStates.prepend.isLoading }
            try Self.drain(loop)
            framesPerKey.append(terminal.frames - before.0)
            eventsPerKey.append(loop.eventsHandled - before.1)
        }

        #expect(model.selection == 2000)
        let early = framesPerKey[0..<100].reduce(0, +), late = framesPerKey[1900..<2000].reduce(0, +)
        #expect(early >= 100 && late >= 100, "every key draws at least its own frame")
        #expect(late <= early + early / 10, "frames per key grew: \(early) for keys 1-100, \(late) for 1901-2000")
        #expect(framesPerKey.max() ?? 0 <= 3, "one key drew \(framesPerKey.max() ?? 0) frames")
        // Observers do not pile up: the changes a key wakes the loop with stay as few.
        let earlyEvents = eventsPerKey[0..<100].reduce(0, +), lateEvents = eventsPerKey[1900..<2000].reduce(0, +)
        #expect(lateEvents <= earlyEvents + earlyEvents / 10, "events per key grew: \(earlyEvents) then \(lateEvents)")
        #expect(eventsPerKey.max() ?? 0 <= 6, "one key woke the loop \(eventsPerKey.max() ?? 0) times")
    }

    @Test("a burst of keys and changes is one frame")
    func burstIsOneFrame() async throws {
        let clock = ManualClock()
        let model = F.model(F.source(clock: clock), clock: clock)
        let terminal = RecordingTerminal()
        let loop = Self.loop(F.browser(model), terminal: terminal, clock: clock)
        try loop.start()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        try Self.drain(loop)

        let before = terminal.frames
        for _ in 0..<10 { loop.inbox.post(Self.j) }
        _ = try loop.process(Self.j)

        #expect(terminal.frames == before + 1)
        #expect(model.selection == 11)
        #expect(terminal.text.contains("Ms First11 Last11"))
    }

    @Test("frames are paced: after a pause two come at once (the first page landing), then one per interval")
    func framePacing() async throws {
        let clock = ManualClock()
        let (model, terminal, loop) = Self.pacedLoop(clock: clock)
        let interval = BrowseLoop.defaultFrameInterval
        try loop.start()
        // The first page is on its way: no loading frame to be replaced a moment later.
        #expect(terminal.frames == 0)
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        try Self.drain(loop)
        // The rows came within the interval of the first frame, yet show at once: the second
        // frame of the burst (the first showed the rows too, as the page landed).
        #expect(terminal.frames == 2)
        #expect(terminal.firstFrameText?.contains("First1 Last1") == true)
        #expect(terminal.text.contains("First1 Last1"))

        // A third frame within the interval waits for it.
        _ = try loop.process(Self.j)
        #expect(terminal.frames == 2)
        #expect(model.selection == 1)
        // The held frame waits on the loop's timer, for a deadline, however late its task sleeps.
        #expect(loop.timer.pendingCount > 0)
        clock.advance(by: interval)
        // (Other tests' changes may come first; see ticksOnlyForSpinnersShown.)
        try await loop.handleEvents("the held frame due") { terminal.frames == 2 }
        #expect(terminal.frames == 3)

        // Keys one interval apart each draw at once.
        for step in 1...3 {
            clock.advance(by: interval)
            _ = try loop.process(Self.j)
            #expect(terminal.frames == 3 + step)
        }
    }

    @Test("while keys come, a change between two keys is drawn by the next key's frame; without a next key, when the coalescing wait is over")
    func changesBetweenKeysJoinTheNextKeysFrame() async throws {
        let clock = ManualClock()
        let (model, terminal, loop) = Self.pacedLoop(clock: clock)
        let interval = BrowseLoop.defaultFrameInterval
        try loop.start()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        try Self.drain(loop)
        clock.advance(by: interval * 4)
        let settled = terminal.frames

        _ = try loop.process(Self.j)
        #expect(terminal.frames == settled + 1, "a key draws at once")
        clock.advance(by: .milliseconds(5))
        _ = try loop.process(.chromeChanged)
        #expect(terminal.frames == settled + 1, "a change just after a key waits for the next key")
        clock.advance(by: .milliseconds(25))
        _ = try loop.process(Self.j)
        #expect(terminal.frames == settled + 2, "the next key's frame shows both")
        #expect(model.selection == 2)

        // No key follows: the change is drawn once the coalescing wait after the last key is over.
        clock.advance(by: .milliseconds(5))
        _ = try loop.process(.chromeChanged)
        #expect(terminal.frames == settled + 2)
        clock.advance(by: BrowseLoop.inputCoalescing)
        try await loop.handleEvents("the held frame due") { terminal.frames == settled + 2 }
        #expect(terminal.frames == settled + 3)
    }

    @Test("a first page slower than the opening grace: the loading frame is drawn when the grace is over, then the rows")
    func slowFirstPageShowsLoading() async throws {
        let clock = ManualClock()
        let model = F.model(F.source(clock: clock, gated: true), clock: clock)
        let terminal = RecordingTerminal()
        let loop = Self.loop(F.browser(model), terminal: terminal, clock: clock)
        try loop.start()
        #expect(terminal.frames == 0)
        #expect(model.feed.loadStates.refresh.isLoading)

        await clock.sleepers(atLeast: 1)
        clock.advance(by: BrowseLoop.openingGrace)
        guard let graceOver = await loop.nextEvent("the opening grace over") else { return }
        _ = try loop.process(graceOver)
        #expect(terminal.frames == 1)
        #expect(!terminal.text.contains("First1 Last1"))
        #expect(terminal.text.lowercased().contains("loading"))
    }

    @Test("under the launch screen the first frame waits its longer grace: a page landing within it is the first frame, with no loading frame before")
    func launchScreenGrace() async throws {
        let clock = ManualClock()
        let source = F.source(clock: clock, gated: true)
        let model = F.model(source, clock: clock)
        let terminal = RecordingTerminal()
        let loop = BrowseLoop(
            terminal: terminal, browser: F.browser(model), clock: clock, frameInterval: .zero,
            firstPageGrace: BrowseLoop.openingGraceOverLaunchScreen)
        try loop.start()
        await clock.sleepers(atLeast: 1)
        // Past the usual grace, short of the longer one: whatever is waiting draws nothing.
        clock.advance(by: BrowseLoop.openingGrace * 4)
        try Self.drain(loop)
        #expect(terminal.frames == 0)

        source.release()
        await model.wait { $0.rowCount > 0 }
        try await loop.handleEvents("the landed page's frame") { terminal.frames == 0 }
        #expect(terminal.frames == 1)
        #expect(terminal.text.contains("First1 Last1"))
        #expect(!terminal.text.lowercased().contains("loading"))
    }

    @Test("nothing changed, nothing drawn: a key with no binding and a change from an old frame cost no frame")
    func idleDrawsNothing() async throws {
        let clock = ManualClock()
        let model = F.model(F.source(clock: clock), clock: clock)
        let terminal = RecordingTerminal()
        let loop = Self.loop(F.browser(model), terminal: terminal, clock: clock)
        try loop.start()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        try Self.drain(loop)
        let before = terminal.frames

        _ = try loop.process(.terminal(.key(KeyEvent(.character("z")))))
        _ = try loop.process(.changed(0))

        #expect(terminal.frames == before)
    }

    @Test("a page loading out of sight costs no tick; a spinner on screen ticks, each tick a frame")
    func ticksOnlyForSpinnersShown() async throws {
        let clock = ManualClock()
        let source = F.source(clock: clock, gated: true)
        let model = F.model(source, clock: clock)
        let terminal = RecordingTerminal()
        let loop = Self.loop(F.browser(model), terminal: terminal, clock: clock)
        try loop.start()
        source.release()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        try Self.drain(loop)
        for _ in 0..<19 where !model.feed.loadStates.append.isLoading {
            _ = try loop.process(Self.j)
            try Self.drain(loop)
        }
        try #require(model.feed.loadStates.append.isLoading, "the next page is asked for ahead of the screen")
        try #require(!terminal.text.contains("loading more"), "its footer is out of sight")
        #expect(model.isAnimating, "a load runs")

        // Its spinner is out of sight: a tick draws nothing and sets no tick again.
        let frames = terminal.frames
        _ = try loop.process(.tick)
        #expect(terminal.frames == frames)
        #expect(!loop.tickPending, "no tick waits while the spinner is out of sight")
        // Nor once what the frames timed has run (the status bar's age). The shared revision is
        // the process's: other tests' feeds, changing while this one waits, come to this inbox
        // too, each a frame that times the status bar again. So the timer need not be empty
        // after it; what is checked is that no tick waits on it.
        clock.advance(by: BandWatch.maximumAge * 2)
        try await loop.handleEvents("what the frames timed, due") { loop.timer.hasDueAction }
        #expect(!loop.timer.hasDueAction)
        #expect(!loop.tickPending, "no tick waits while the spinner is out of sight")

        // Scrolled to the end, the footer's spinner shows: ticks draw it, each its next frame.
        for _ in 0..<19 where model.selection < 19 { _ = try loop.process(Self.j) }
        try #require(model.selection == 19)
        try #require(terminal.text.contains("loading more"))
        #expect(loop.tickPending)
        // A tick draws the spinner's next frame. (Which glyph shows follows the real clock: the
        // frame is what is checked.)
        let shown = terminal.frames
        _ = try loop.process(.tick)
        #expect(terminal.frames == shown + 1, "the tick drew the spinner's next frame")
        #expect(terminal.text.contains("loading more"))
        #expect(loop.tickPending, "and set the next")
        // The timer delivers them: once the clock has moved, what was due has come and a
        // tick is set again. (Other tests' changes may come too, each handled with what
        // waits in the inbox, a tick among them: their frames are not told apart.)
        clock.advance(by: BrowseLoop.tickInterval)
        try await loop.handleEvents("the spinner's tick") { loop.timer.hasDueAction }
        #expect(!loop.timer.hasDueAction)
        #expect(terminal.frames > shown + 1, "the ticks due drew")
        #expect(loop.tickPending, "a tick is set while the spinner shows")

        // The page lands: its frame has no spinner, and the tick after it draws nothing.
        source.release()
        await model.wait { $0.rowCount == 40 && !$0.feed.loadStates.append.isLoading }
        try Self.drain(loop)
        #expect(!terminal.text.contains("loading more"))
        let landed = terminal.frames
        _ = try loop.process(.tick)
        #expect(terminal.frames == landed)
    }

    @Test("a frame held back for the coalescing wait is cancelled when the next key draws it: its timer does not wake the loop")
    func keyCancelsHeldFrame() async throws {
        let clock = ManualClock()
        let (model, terminal, loop) = Self.pacedLoop(clock: clock)
        try loop.start()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        try Self.drain(loop)
        clock.advance(by: BrowseLoop.defaultFrameInterval * 4)
        loop.timer.cancelAll()
        let settled = terminal.frames

        _ = try loop.process(Self.j)
        let afterKey = loop.timer.pendingCount
        clock.advance(by: .milliseconds(5))
        _ = try loop.process(.chromeChanged)
        #expect(loop.timer.pendingCount == afterKey + 1, "the change's frame waits on the timer")
        clock.advance(by: .milliseconds(25))
        _ = try loop.process(Self.j)
        #expect(terminal.frames == settled + 2)
        #expect(loop.timer.pendingCount <= afterKey, "the held frame's timer went with the key's frame")
    }

    /// A browser with a people tab and a users tab, both scripted.
    static func twoTabs(clock: ManualClock) -> (
        browser: BrowserModel, people: F.Model, users: FeedViewModel<ScriptedPageSource<ReqresUser>>,
        userSource: ScriptedPageSource<ReqresUser>
    ) {
        let people = F.model(F.source(clock: clock), clock: clock)
        let userSource = ScriptedPageSource<ReqresUser>(pageSize: 6, pageCount: 2, clock: clock) { number in
            ReqresUser(id: number + 1, email: "user\(number + 1)@reqres.in", firstName: "User", lastName: "\(number + 1)", avatar: nil)
        }
        let users = FeedViewModel(
            feed: Feed(source: userSource, configuration: FeedConfiguration(pageSize: 6, minimumIndicatorDuration: .zero), clock: clock),
            descriptor: FeedDescriptor<ReqresUser, Int>(
                nouns: Nouns("user", "users"), sourceLabel: "test users",
                details: { user, _ in UserDetails.of(user, support: nil) },
                endOfList: { "that's everyone · \(Nouns("person", "people").count($0))" }),
            images: nil, clock: clock, now: { F.now })
        let cells = ImageCells(mode: .none, colorDepth: .trueColor, cellPixelSize: nil)
        let browser = BrowserModel(
            tabs: [
                FeedTab(kind: .users, model: users, style: UsersFeed.rowStyle, cells: cells, images: nil),
                FeedTab(kind: .people, model: people, style: PeopleFeed.rowStyle, cells: cells, images: nil),
            ], opening: .people)
        return (browser, people, users, userSource)
    }

    @Test("tabs: a hidden tab costs no request; switching back finds the place, the rows and the states as they were")
    func tabsKeepTheirState() async throws {
        let clock = ManualClock()
        let (browser, people, users, userSource) = Self.twoTabs(clock: clock)
        let terminal = RecordingTerminal()
        let loop = Self.loop(browser, terminal: terminal, clock: clock)
        try loop.start()
        await people.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        try Self.drain(loop)
        #expect(userSource.requests.isEmpty)
        #expect(terminal.text.hasPrefix(" endless [1 people] 4 users  · test source"))

        for _ in 0..<5 { _ = try loop.process(Self.j) }
        await people.wait { $0.rowCount == 40 && !$0.feed.loadStates.append.isLoading }
        try Self.drain(loop)
        let peopleRequests = people.feed.source.requests.count
        _ = try loop.process(.terminal(.key(KeyEvent(.tab))))
        #expect(browser.active.kind == .users)
        await users.wait { $0.rowCount == 6 && !$0.feed.loadStates.refresh.isLoading }
        try Self.drain(loop)
        #expect(terminal.text.contains("User 1"))

        // G selects the last user loaded and loads on: twice reaches the end of the list.
        _ = try loop.process(.terminal(.key(KeyEvent(.character("G")))))
        await users.wait { $0.footer == .endOfList("that's everyone · 12 people") }
        try Self.drain(loop)
        _ = try loop.process(.terminal(.key(KeyEvent(.character("G")))))
        #expect(terminal.text.contains("that's everyone · 12 people"))
        #expect(userSource.requests.count == 2)

        _ = try loop.process(.terminal(.key(KeyEvent(.character("1")))))
        #expect(browser.active.kind == .people)
        #expect(people.selection == 5 && people.rowCount == 40)
        #expect(terminal.text.contains("Ms First5 Last5"))
        _ = try loop.process(.terminal(.key(KeyEvent(.tab, modifiers: .shift))))
        #expect(browser.active.kind == .users && users.selection == 11)
        #expect(people.feed.source.requests.count == peopleRequests && userSource.requests.count == 2)
        // 2 and 3 name feeds this browser does not have: nothing happens.
        _ = try loop.process(.terminal(.key(KeyEvent(.character("2")))))
        #expect(browser.active.kind == .users)
    }

    @Test("the mouse hits what was drawn: a tab label, a row, the footer's retry")
    func mouseHitsTheDrawnLayout() async throws {
        let clock = ManualClock()
        let (browser, people, _, _) = Self.twoTabs(clock: clock)
        people.feed.source.script(.failure(F.Failure()), forPage: 1)
        let terminal = RecordingTerminal()
        let loop = Self.loop(browser, terminal: terminal, clock: clock)
        try loop.start()
        await people.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        try Self.drain(loop)

        // Rows are 2 lines from line 2: lines 4 and 5 are the second person, 6 the third.
        _ = try loop.process(.terminal(.mouse(MouseEvent(.press(.left), at: Point(x: 20, y: 5)))))
        #expect(people.selection == 1)
        _ = try loop.process(.terminal(.mouse(MouseEvent(.press(.left), at: Point(x: 20, y: 6)))))
        #expect(people.selection == 2)

        _ = try loop.process(.terminal(.key(KeyEvent(.character("G")))))
        await people.wait { if case .failed = $0.footer { true } else { false } }
        try Self.drain(loop)
        let footer = try #require(loop.layout.rows.first { $0.row == .footer })
        _ = try loop.process(.terminal(.mouse(MouseEvent(.press(.left), at: Point(x: 10, y: footer.rect.y + 1)))))
        await people.wait { $0.rowCount == 40 }

        let usersTab = try #require(loop.layout.tabs.first { $0.kind == .users })
        _ = try loop.process(.terminal(.mouse(MouseEvent(.press(.left), at: Point(x: usersTab.rect.x + 1, y: 0)))))
        #expect(browser.active.kind == .users)
    }
}
