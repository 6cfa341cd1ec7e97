import Endless
import EndlessFeedModel
import EndlessTerminal
import EndlessTesting
import Foundation
import RandomUserAPI
import Testing

@testable import EndlessApp

/// The screen a command leaves at quit, drawn by its next launch before anything else.
@Suite("Launch screen", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct LaunchScreenTests {
    typealias F = BrowseFixtures

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("endless-launch-screen-\(UUID().uuidString)", isDirectory: true)
    }

    /// The terminal's size in these tests.
    static let size = Size(width: 40, height: 10)

    static func frame(_ text: String) -> ScreenBuffer {
        var frame = ScreenBuffer(size: size)
        frame.write(text, at: Point(x: 1, y: 2), style: .bold)
        return frame
    }

    @Test("kept for one command line, read back by the same, not by another")
    func perCommand() throws {
        let directory = Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        LaunchScreen(directory: directory, key: "browse\u{0}people", feed: .people).save(Self.frame("Ms First3 Last3"))
        #expect(LaunchScreen(directory: directory, key: "browse\u{0}people", feed: .people).load(size: Self.size) == Self.frame("Ms First3 Last3"))
        #expect(LaunchScreen(directory: directory, key: "browse\u{0}people\u{0}--seed=x", feed: .people).load(size: Self.size) == nil)

        LaunchScreen(directory: directory, key: "browse\u{0}people", feed: .people).remove()
        #expect(LaunchScreen(directory: directory, key: "browse\u{0}people", feed: .people).load(size: Self.size) == nil)
    }

    @Test("a file damaged or kept for another key with the same name is not shown")
    func damaged() throws {
        let directory = Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let screen = LaunchScreen(directory: directory, key: "browse", feed: .people)
        screen.save(Self.frame("whole"))
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: screen.path)))
        #expect(screen.load(size: Self.size) != nil)
        bytes.removeLast(3)
        try Data(bytes).write(to: URL(fileURLWithPath: screen.path))
        #expect(screen.load(size: Self.size) == nil)
        // The same file name, another key inside: a hash collision is told apart.
        let other = LaunchScreen(directory: directory, key: "other", feed: .people)
        other.save(Self.frame("other"))
        try Data(contentsOf: URL(fileURLWithPath: other.path)).write(to: URL(fileURLWithPath: screen.path))
        #expect(screen.load(size: Self.size) == nil)
    }

    @Test("only the latest command lines are kept, and `removeAll` forgets them all")
    func bounded() throws {
        let directory = Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        for number in 0..<(LaunchScreen.keptScreens + 4) {
            LaunchScreen(directory: directory, key: "command \(number)", feed: .people).save(Self.frame("\(number)"))
        }
        let folder = directory.appendingPathComponent(LaunchScreen.folderName)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == LaunchScreen.keptScreens)
        #expect(LaunchScreen(directory: directory, key: "command 0", feed: .people).load(size: Self.size) == nil)
        #expect(LaunchScreen(directory: directory, key: "command \(LaunchScreen.keptScreens + 3)", feed: .people).load(size: Self.size) != nil)
        LaunchScreen.removeAll(in: directory)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test("a read-only cache folder keeps nothing and fails nothing")
    func readOnly() throws {
        let directory = Self.folder()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: directory.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path) }
        let screen = LaunchScreen(directory: directory, key: "browse", feed: .people)
        screen.save(Self.frame("lost"))
        // Root writes anyway; otherwise nothing is kept.
        if getuid() != 0 { #expect(screen.load(size: Self.size) == nil) } else { #expect(screen.load(size: Self.size) == Self.frame("lost")) }
    }

    /// A people tab with three pages loaded and person 45 selected.
    static func tab(clock: ManualClock) async -> (FeedTab<ScriptedPageSource<RandomUser>>, F.Model) {
        let feed = Feed(
            source: F.source(clock: clock), configuration: FeedConfiguration(pageSize: 20, minimumIndicatorDuration: .zero),
            clock: clock)
        let model = FeedViewModel(feed: feed, descriptor: F.descriptor(), images: nil, clock: clock, now: { F.now })
        let tab = FeedTab(
            kind: .people, model: model, style: PeopleFeed.rowStyle, cells: ImageCells(mode: .none, colorDepth: .trueColor, cellPixelSize: nil),
            images: nil)
        tab.activate()
        await model.wait { $0.rowCount > 0 && !$0.feed.loadStates.refresh.isLoading }
        for pages in 2...3 {
            model.visibleRangeChanged((pages * 20 - 5)..<(pages * 20 - 1))
            await model.wait { $0.rowCount >= pages * 20 && $0.feed.loadStates.append.isIdle }
        }
        model.select(45)
        return (tab, model)
    }

    @Test("a tab whose first page has not landed draws nothing, so a quit that early keeps the last screen")
    func notLoadedYet() {
        let clock = ManualClock()
        let model = F.model(F.source(clock: clock), clock: clock)
        let tab = FeedTab(
            kind: .people, model: model, style: PeopleFeed.rowStyle, cells: ImageCells(mode: .none, colorDepth: .trueColor, cellPixelSize: nil),
            images: nil)
        var frame = ScreenBuffer(size: Size(width: 80, height: 24))
        #expect(tab.reopensWhereLeft)
        #expect(!tab.drawReopening(into: &frame, indicator: Rect(x: 0, y: 0, width: 80, height: 1), list: Rect(x: 0, y: 1, width: 80, height: 22)))
        #expect(frame == ScreenBuffer(size: Size(width: 80, height: 24)))
    }

    @Test("the tab is drawn as it will reopen: the selected item's page from its top, selected, without the details")
    func drawnAsReopened() async throws {
        let clock = ManualClock()
        let (tab, model) = await Self.tab(clock: clock)
        model.perform(.openDetails, visibleRows: 5)
        var frame = ScreenBuffer(size: Size(width: 80, height: 24))
        let list = Rect(x: 0, y: 1, width: 80, height: 22)
        #expect(tab.drawReopening(into: &frame, indicator: Rect(x: 0, y: 0, width: 80, height: 1), list: list))
        let text = frame.lines.joined(separator: "\n")
        // Person 45 is the 6th of page 3, which starts with person 40 on the list's first line.
        #expect(frame.lines[1].contains("First40 Last40"))
        #expect(text.contains("First45 Last45"))
        #expect(!text.contains("╭─"), "the details are drawn")
        let selectedLine = try #require(frame.lines.firstIndex { $0.contains("First45 Last45") })
        #expect(frame.lines[selectedLine...].prefix(3).contains { $0.hasPrefix("▌") }, "person 45 is not selected")
    }
}
