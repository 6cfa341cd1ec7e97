import Endless
import EndlessTerminal
import EndlessTesting
import Foundation
import Observation
import Synchronization
import Testing

@testable import EndlessApp
@testable import EndlessFeedModel

/// What a frame observes: a held `j` registers, and retires, an observer on everything the frame
/// read, so a frame that copies the status bar reads none of what it shows; that stays redrawn
/// when it changes (issue 29).
@Suite("Frame observation", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct FrameObservationTests {
    typealias F = BrowseFixtures

    /// A loop over a people tab, its first page drawn.
    static func loadedLoop() async throws -> (loop: BrowseLoop, browser: BrowserModel, model: F.Model, terminal: RecordingTerminal) {
        let clock = ManualClock()
        let model = F.model(F.source(clock: clock), clock: clock)
        let browser = F.browser(model)
        let terminal = RecordingTerminal()
        let loop = BrowseLoopTests.loop(browser, terminal: terminal, clock: clock)
        try loop.start()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        try BrowseLoopTests.drain(loop)
        return (loop, browser, model, terminal)
    }

    /// A people tab's model whose status note is `note`: text nobody observes.
    static func model(clock: ManualClock, note: @escaping @Sendable () -> String?) -> F.Model {
        var descriptor = F.descriptor()
        descriptor.statusNote = note
        let model = FeedViewModel(
            feed: Feed(source: F.source(clock: clock), configuration: FeedConfiguration(pageSize: 20, minimumIndicatorDuration: .zero), clock: clock),
            descriptor: descriptor, images: nil, clock: clock, now: { F.now })
        model.feedRowGroup = 1  // the tests count the pages the rows on screen load
        return model
    }

    /// A loop on a 100×24 terminal over ``model(clock:note:)``, started, its first page in and
    /// drawn, and nothing on its timer but what its frames set from then on (the opening's
    /// grace cancelled).
    static func startedLoop(
        clock: ManualClock, note: @escaping @Sendable () -> String?
    ) async throws -> (model: F.Model, terminal: RecordingTerminal, loop: BrowseLoop) {
        let model = Self.model(clock: clock, note: note)
        let terminal = RecordingTerminal(size: Size(width: 100, height: 24))
        let loop = BrowseLoopTests.loop(F.browser(model), terminal: terminal, clock: clock)
        try loop.start()
        loop.timer.cancelAll()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        try BrowseLoopTests.drain(loop)
        return (model, terminal, loop)
    }

    /// A browser over a loaded feed whose status note is `note` (which nobody observes), the
    /// chrome memo its frames are drawn with, and the status line a frame draws at a time.
    static func statusBar(
        note: @escaping @Sendable () -> String?
    ) async -> (BrowserModel, ChromeMemo, statusLine: (Duration) -> String) {
        let model = Self.model(clock: ManualClock(), note: note)
        model.start()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        let browser = F.browser(model)
        let chrome = ChromeMemo()
        func statusLine(at elapsed: Duration) -> String {
            var frame = ScreenBuffer(size: Size(width: 100, height: 24))
            _ = BrowserScreen.draw(browser, into: &frame, elapsed: elapsed, chrome: chrome)
            return frame.lines.last ?? ""
        }
        return (browser, chrome, statusLine)
    }

    /// The key paths of `browser` a frame drawn with `chrome` reads.
    static func browserKeyPaths(_ browser: BrowserModel, chrome: ChromeMemo?) throws -> ObservedReads {
        var frame = ScreenBuffer(size: Size(width: 80, height: 24))
        return try #require(ObservedReads.measure { _ = BrowserScreen.draw(browser, into: &frame, elapsed: .zero, chrome: chrome) })
    }

    /// Whether a frame of `browser` drawn with `chrome` (observed finely, as outside the
    /// loop's frame) is told of `change`, made after it drew.
    static func frameIsTold(_ browser: BrowserModel, chrome: ChromeMemo?, of change: () -> Void) -> Bool {
        var frame = ScreenBuffer(size: Size(width: 80, height: 24))
        let told = Mutex(false)
        withObservationTracking {
            _ = BrowserScreen.draw(browser, into: &frame, elapsed: .zero, chrome: chrome)
        } onChange: {
            told.withLock { $0 = true }
        }
        change()
        return told.withLock { $0 }
    }

    @Test("a frame copying the status bar observes none of what the bar shows: not the browser's notes and figures, not the downloads")
    func copiedStatusBarIsNotObserved() async throws {
        let (loop, browser, model, _) = try await Self.loadedLoop()
        _ = try loop.process(BrowseLoopTests.j)
        /// A frame that copies the bar: the memo filled by a frame before, and a key since.
        func copyingFrameIsTold(of change: () -> Void) throws -> Bool {
            let chrome = ChromeMemo()
            _ = try Self.browserKeyPaths(browser, chrome: chrome)
            model.perform(.moveDown, visibleRows: 10)
            return Self.frameIsTold(browser, chrome: chrome, of: change)
        }
        // What the bar shows: a frame composing it is told, one copying it is not.
        var downloads = 0
        let barChanges: [(String, () -> Void)] = [
            ("hint", { browser.hint = "a hint \(browser.hint ?? "")" }),
            ("requests in flight", { browser.requestsInFlight += 1 }),
            // No pictures folder: the download's failure is said at once, with no request.
            (
                "download",
                {
                    downloads += 1
                    browser.downloads.start(ItemDownload(key: "k", url: URL(fileURLWithPath: "/"), name: "n\(downloads)"), environment: [:])
                }
            ),
        ]
        for (name, change) in barChanges {
            #expect(Self.frameIsTold(browser, chrome: nil, of: change), "composing: \(name)")
            #expect(try !copyingFrameIsTold(of: change), "copying: \(name)")
        }
        #expect(browser.downloads.status?.hasPrefix("Cannot download n") == true, "\(browser.downloads.status ?? "")")
        // What the frame draws around the bar still tells one that copies it.
        #expect(try copyingFrameIsTold { browser.theme = Theme(colors: [.accent: .red]) })

        let chrome = ChromeMemo()
        _ = try Self.browserKeyPaths(browser, chrome: chrome)
        model.perform(.moveDown, visibleRows: 10)
        let copying = try Self.browserKeyPaths(browser, chrome: chrome)
        let composing = try Self.browserKeyPaths(browser, chrome: nil)
        // Composing reads the notes, hint, failure, figures, search line and keys too.
        #expect(copying.keyPathCount <= composing.keyPathCount - 7, "copying:\n\(copying)\ncomposing:\n\(composing)")
    }

    /// What the loop's frame (``BrowseLoop/draw(_:into:elapsed:chrome:)``) drawn with `chrome`
    /// observes.
    static func frameReads(_ browser: BrowserModel, chrome: ChromeMemo?) throws -> ObservedReads {
        var frame = ScreenBuffer(size: Size(width: 80, height: 24))
        return try #require(ObservedReads.measure { _ = BrowseLoop.draw(browser, into: &frame, elapsed: .zero, chrome: chrome) })
    }

    @Test("a warm frame observes a handful of objects and key paths: the feed and its view model through their one shared revision")
    func warmFrameObservesTheRevision() async throws {
        let (loop, browser, model, _) = try await Self.loadedLoop()
        _ = try loop.process(BrowseLoopTests.j)
        let chrome = ChromeMemo()
        _ = try Self.frameReads(browser, chrome: chrome)
        model.perform(.moveDown, visibleRows: 10)
        let warm = try Self.frameReads(browser, chrome: chrome)
        // The revision alone: the browser's properties (tab, help, theme) are signal-observed
        // too. The loop's ticket makes the second.
        #expect(warm.objectCount == 1, "\(warm)")
        #expect(warm.keyPathCount == 1, "\(warm)")
        #expect(warm.objects.contains { $0.type.hasSuffix("FrameObservation.Revision") }, "\(warm)")
        #expect(!warm.objects.contains { $0.type.hasSuffix("ObservationSignal") }, "\(warm)")
        // Drawn outside the loop's frame, each property is observed on its own, as before.
        let fine = try Self.browserKeyPaths(browser, chrome: chrome)
        #expect(fine.objects.filter { $0.type.hasSuffix("ObservationSignal") }.count >= 8, "\(fine)")
        #expect(!fine.objects.contains { $0.type.hasSuffix("FrameObservation.Revision") }, "\(fine)")
    }

    @Test(
        "every change to what the frame shows draws a frame: the selection, the details, a row removed, the live label, a page failing and loading, the pull, a refresh failing"
    )
    func everyShownChangeDrawsAFrame() async throws {
        let clock = ManualClock()
        let source = F.source(clock: clock)
        let model = F.model(source, clock: clock)
        let terminal = RecordingTerminal()
        let loop = BrowseLoopTests.loop(F.browser(model), terminal: terminal, clock: clock)
        try loop.start()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        try BrowseLoopTests.drain(loop)
        await model.wait { $0.rowCount == 40 && $0.feed.loadsInFlight == 0 }
        try BrowseLoopTests.drain(loop)

        /// Makes `change`, draws, waits until `settled` holds, draws, and expects new frames
        /// showing something new.
        func expectFrame(
            _ what: String, _ change: () -> Void, until settled: @escaping (F.Model) -> Bool = { _ in true }, shows: String? = nil
        ) async throws {
            let frames = terminal.frames
            let text = terminal.text
            change()
            // The frame first: what it shows is reported, and may start a load.
            try BrowseLoopTests.drain(loop)
            #expect(await model.wait(until: settled), "\(what): never settled")
            try BrowseLoopTests.drain(loop)
            #expect(terminal.frames > frames, "\(what): no frame")
            #expect(terminal.text != text, "\(what): the frame shows nothing new")
            if let shows { #expect(terminal.text.contains(shows), "\(what): \(terminal.text)") }
        }
        try await expectFrame("selection") { model.select(3) }
        try await expectFrame("details opened") { model.openDetails() }
        try await expectFrame("details closed") { model.closeDetails() }
        try await expectFrame("row removed") { _ = model.feed.remove(id: F.person(1).id) }
        try await expectFrame("live label") { model.setLive(every: .seconds(30)) }
        source.script(.failure(F.Failure()), forPage: 2)
        try await expectFrame(
            "page failed", { model.perform(.bottom, visibleRows: 10) }, until: { $0.feed.lastError(.append) != nil }, shows: "to retry")
        try await expectFrame(
            "page loaded", { model.perform(.retry, visibleRows: 10) }, until: { $0.rowCount > 39 && $0.feed.loadsInFlight == 0 },
            shows: "First40")
        #expect(!terminal.text.contains("to retry"))
        model.select(0)
        try BrowseLoopTests.drain(loop)
        try await expectFrame("pull") { model.wheel(up: true) }
        source.script(.failure(F.Failure()), forPage: 0)
        try await expectFrame(
            "refresh failed", { for _ in 1..<PullGesture.defaultNotches { model.wheel(up: true) } },
            until: { $0.feed.lastError(.refresh) != nil && !$0.feed.loadStates.refresh.isLoading }, shows: "refresh failed")
    }

    @Test(
        "the status bar, observed apart by its own watch, reads the tab finely inside a coarse frame: a key that changes nothing it shows does not compose it again"
    )
    func statusBarWatchObservesFinely() async throws {
        // A tab as the app makes it: a searchable one, whose note reads the details and the
        // selected item of the model.
        let clock = ManualClock()
        let (tab, model) = SearchTests.searchablePeople(clock: clock)
        let loop = BrowseLoopTests.loop(BrowserModel(tabs: [tab], opening: .people), terminal: RecordingTerminal(), clock: clock)
        try loop.start()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        try BrowseLoopTests.drain(loop)
        _ = try loop.process(BrowseLoopTests.j)
        let composed = loop.chrome.statusWatch.composed
        for _ in 0..<3 { _ = try loop.process(BrowseLoopTests.j) }
        #expect(model.selection == 4)
        #expect(loop.chrome.statusWatch.composed == composed, "a key changed nothing the status bar shows")
    }

    @Test("what the status bar shows still draws a frame when it changes: requests in flight, a hint")
    func statusBarChangesDrawFrames() async throws {
        let (loop, browser, model, terminal) = try await Self.loadedLoop()
        for _ in 0..<3 { _ = try loop.process(BrowseLoopTests.j) }
        #expect(model.selection == 3)
        #expect(terminal.text.contains("0 in flight"))

        func nextFrame(_ change: () -> Void) throws -> Bool {
            let before = terminal.frames
            change()
            try BrowseLoopTests.drain(loop)
            return terminal.frames == before + 1
        }
        #expect(try nextFrame { browser.requestsInFlight = 7 })
        #expect(terminal.text.contains("7 in flight"))
        _ = try loop.process(BrowseLoopTests.j)
        #expect(try nextFrame { browser.hint = "a hint for the test" })
        #expect(terminal.text.contains("a hint for the test"))
        // A key the tab does not offer answers in the status bar, which j after j copies.
        _ = try loop.process(.terminal(.key(KeyEvent(.character("/")))))
        #expect(terminal.text.hasSuffix("the people feed cannot be searched"), "\(terminal.text.split(separator: "\n").last ?? "")")
        for _ in 0..<3 { _ = try loop.process(BrowseLoopTests.j) }
        #expect(model.selection == 7)
        #expect(terminal.text.hasSuffix("the people feed cannot be searched"))
    }

    @Test("a note nobody observes (a cache's age, the requests left) shows within the watch's maximum age")
    func unobservedNoteShowsWithinMaximumAge() async throws {
        let note = Mutex("12 requests left")
        let (_, chrome, statusLine) = await Self.statusBar { note.withLock { $0 } }
        #expect(statusLine(.seconds(10)).contains("12 requests left"))
        note.withLock { $0 = "11 requests left" }
        #expect(statusLine(.seconds(10) + BandWatch.maximumAge / 2).contains("12 requests left"), "copied while young")
        #expect(chrome.statusWatch.composed == 1)
        #expect(statusLine(.seconds(10) + BandWatch.maximumAge).contains("11 requests left"))
        #expect(chrome.statusWatch.composed == 2)
    }

    @Test(
        "an aged status bar that reads the same is not composed again, and the watch it was composed under still sees what changes"
    )
    func agedUnchangedStatusBarKeepsItsWatch() async throws {
        let note = Mutex("12 requests left")
        let (browser, chrome, statusLine) = await Self.statusBar { note.withLock { $0 } }
        let start = Duration.seconds(10)
        let age = BandWatch.maximumAge
        #expect(statusLine(start).contains("12 requests left"))
        #expect(chrome.statusWatch.composed == 1)
        #expect(statusLine(start + age).contains("12 requests left"))
        #expect(chrome.statusWatch.composed == 1, "aged, read again, the same: not composed")
        #expect(chrome.statusWatch.confirmed == 1)
        #expect(chrome.statusWatch.isCurrent(at: start + age), "young again")
        #expect(statusLine(start + age * 3 / 2).contains("12 requests left"))
        #expect(chrome.statusWatch.confirmed == 1, "copied while young")

        // The watch installed by the first compose still observes.
        browser.requestsInFlight = 7
        #expect(!chrome.statusWatch.isCurrent(at: start + age), "a change of what it observes")
        #expect(statusLine(start + age * 3 / 2).contains("7 in flight"))
        #expect(chrome.statusWatch.composed == 2)

        // What nobody observes, changed, is composed once the bar aged.
        note.withLock { $0 = "11 requests left" }
        #expect(statusLine(start + age * 5 / 2).contains("11 requests left"))
        #expect(chrome.statusWatch.composed == 3)
        #expect(chrome.statusWatch.confirmed == 1)
    }

    @Test(
        "keys that copied the status bar are followed, once it aged, by one frame composing it: a note nobody observes is not left behind; idle stays idle"
    )
    func agedStatusBarIsComposedAfterKeys() async throws {
        let note = Mutex("12 requests left")
        let clock = ManualClock()
        let (model, terminal, loop) = try await Self.startedLoop(clock: clock) { note.withLock { $0 } }
        // The page the first frame asked for lands before the keys: its frame would otherwise
        // race the timed events below.
        await model.wait { $0.rowCount == 40 && $0.feed.loadsInFlight == 0 }
        try BrowseLoopTests.drain(loop)
        #expect(terminal.text.contains("12 requests left"))

        note.withLock { $0 = "11 requests left" }
        for _ in 0..<3 { _ = try loop.process(BrowseLoopTests.j) }
        #expect(model.selection == 3)
        #expect(terminal.text.contains("12 requests left"), "copied while young")
        let frames = terminal.frames
        #expect(loop.timer.pendingCount >= 1)
        // Everything timed comes in one batch once due; the aged status bar's event is in it. A
        // change the feed makes meanwhile (the tail of the page that landed, on a slow machine)
        // may come first: it joins the batch, which draws one frame.
        clock.advance(by: BandWatch.maximumAge * 2)
        var batch: [BrowseLoop.Event] = []
        while !batch.contains(where: { if case .statusAged = $0 { true } else { false } }) {
            guard let event = await loop.nextEvent("the aged status bar's event, after \(batch)") else { return }
            batch.append(event)
            while let more = loop.inbox.poll() { batch.append(more) }
        }
        for event in batch.dropFirst() { loop.inbox.post(event) }
        _ = try loop.process(batch[0])
        try BrowseLoopTests.drain(loop)
        #expect(terminal.frames == frames + 1)
        #expect(terminal.text.contains("11 requests left"))

        // Composed, the bar asks for nothing more.
        clock.advance(by: BandWatch.maximumAge * 4)
        try BrowseLoopTests.drain(loop)
        #expect(terminal.frames == frames + 1)
        #expect(!loop.chrome.statusWatch.copiedSinceComposed, "nothing left to compose again")
    }

    @Test(
        "a held key's frames leave the status bar's age timer as it is, not set again each frame; firing, it waits for the last frame's bar to age"
    )
    func statusAgeTimerFollowsTheLastFrame() async throws {
        let clock = ManualClock()
        let (model, _, loop) = try await Self.startedLoop(clock: clock) { "12 requests left" }

        // Frames that copy the bar: one timer for them all (set again each frame, it would
        // start a wake each).
        let wakes = loop.timer.wakesStarted
        for _ in 0..<6 { _ = try loop.process(BrowseLoopTests.j) }
        #expect(model.selection == 6)
        #expect(loop.chrome.statusWatch.copiedSinceComposed)
        #expect(loop.timer.wakesStarted <= wakes + 1)
        #expect(loop.timer.pendingCount == 1)

        // Firing, the timer waits for the bar the last frame copied to age; once it has, a
        // frame composes it; a bar composed since needs nothing.
        let age = BandWatch.maximumAge
        let copiedLast = Duration.seconds(3)
        #expect(BrowseLoop.statusAgeAction(agedAt: copiedLast + age, now: copiedLast + age / 2, copied: true) == .wait(age / 2))
        #expect(BrowseLoop.statusAgeAction(agedAt: copiedLast + age, now: copiedLast + age, copied: true) == .frame)
        #expect(BrowseLoop.statusAgeAction(agedAt: copiedLast + age, now: copiedLast + age * 2, copied: true) == .frame)
        #expect(BrowseLoop.statusAgeAction(agedAt: copiedLast + age, now: copiedLast + age / 2, copied: false) == .nothing)
    }

    @Test("the watch: current until what was read changes or it ages; one observer at a time, so one change calls once")
    func bandWatch() {
        let calls = Mutex(0)
        let watch = BandWatch { calls.withLock { $0 += 1 } }
        let source = WatchedValue()
        #expect(!watch.isCurrent(at: .zero), "nothing composed yet")
        let age = BandWatch.maximumAge
        #expect(watch.compose(at: .seconds(1)) { source.value } == 0)
        #expect(watch.isCurrent(at: .seconds(1)) && watch.isCurrent(at: .seconds(1) + age - .milliseconds(1)))
        #expect(!watch.isCurrent(at: .seconds(1) + age), "aged")
        #expect(!watch.isCurrent(at: .milliseconds(999)), "a time before it was composed")
        // Composed again because it aged: the first observer is retired.
        _ = watch.compose(at: .seconds(2)) { source.value }
        source.value = 1
        #expect(calls.withLock { $0 } == 1)
        #expect(!watch.isCurrent(at: .seconds(2)), "changed")
        source.value = 2
        #expect(calls.withLock { $0 } == 1, "a fired observer is gone")
        #expect(watch.compose(at: .seconds(3)) { source.value } == 2)
        #expect(watch.isCurrent(at: .seconds(3)))
    }
}

/// A value a band reads.
@MainActor @Observable
private final class WatchedValue {
    var value = 0
}
