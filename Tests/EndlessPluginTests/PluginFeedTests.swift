import EndlessApp
import EndlessTerminal
import EndlessTesting
import Testing

/// A feed declared through the public plug-in API alone, browsed by the app's browser on the
/// in-memory terminal: nothing in the browser names it.
@Suite("A feed of one's own", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct PluginFeedTests {
    static func key(_ character: Character) -> TerminalEvent { .key(KeyEvent(.character(character))) }

    @Test("the browser draws its rows, j moves down, scrolling loads the next page, q quits")
    func browsesAFeedOfItsOwn() async throws {
        let sources = SourceBox()
        let terminal = ScreenRecorder()
        let (events, keys) = AsyncStream.makeStream(of: TerminalEvent.self)
        let browsing = Task {
            try await FeedBrowser.browse(
                [NumbersFeed.definition(recordingSourceIn: sources)], arguments: ["--no-cache", "--graphics", "none"],
                on: terminal, events: events)
        }

        // Its rows, drawn by its own style, the first selected; its nouns in the header.
        let first = try await terminal.screen { $0.contains("> number 1 ") }
        #expect(first.contains("  number 2 "))
        #expect(first.contains(" numbers"), "the header counts numbers")
        #expect(!first.contains("▄"), "no pictures under --graphics none")

        // j moves the selection down one row.
        keys.yield(Self.key("j"))
        let moved = try await terminal.screen { $0.contains("> number 2 ") }
        #expect(moved.contains("  number 1 "))

        // Scrolling on loads pages the first screen never asked for: down to number 101, or
        // into the page after the last one asked for so far, if that is further. How far the
        // first screen prefetched depends on how fast pages came (adaptive paging reaches
        // further when loads are slow, as under ThreadSanitizer on a busy machine, where it
        // once asked for page 5, number 101's, before a key was pressed).
        let askedFirst = try #require(sources.source).requests.compactMap(\.key).max() ?? 0
        let target = max(101, (askedFirst + 1) * 20 + 1)
        // One key at a time, as a person reads: a key past the rows loaded does nothing.
        var scrolled = moved
        for number in 3...target {
            keys.yield(Self.key("j"))
            scrolled = try await terminal.screen { $0.contains("> number \(number) ") }
        }
        #expect(scrolled.contains("  number \(target - 1) "))
        let askedAfter = try #require(sources.source).requests.compactMap(\.key).max() ?? 0
        #expect(askedAfter > askedFirst && askedAfter >= 5, "last page asked for: \(askedFirst) at first, \(askedAfter) after scrolling")

        // q quits.
        keys.yield(Self.key("q"))
        #expect(try await browsing.value(within: .seconds(20)) == .quit)
    }

    @Test("its rows draw a picture of their own, through the row's context")
    func drawsAPictureInItsRows() async throws {
        let terminal = ScreenRecorder()
        let (events, keys) = AsyncStream.makeStream(of: TerminalEvent.self)
        let browsing = Task {
            try await FeedBrowser.browse(
                [NumbersFeed.definition(recordingSourceIn: SourceBox())], arguments: ["--no-cache", "--graphics", "symbols"],
                on: terminal, events: events)
        }

        let screen = try await terminal.screen { $0.contains("> number 1 ") }
        let line = try #require(screen.split(separator: "\n").first { $0.contains("> number 1 ") })
        // The picture's two cells at the row's right end: symbols, not the blank the row was.
        // White over black in two cells at the row's right end: two lower half blocks, the
        // black below drawn over the white; under --graphics none the row ends blank.
        #expect(line.contains("▄▄"), "no picture at the end of: \(line)")
        #expect(screen.components(separatedBy: "▄▄").count - 1 == 9, "one picture a row on screen:\n\(screen)")

        keys.yield(Self.key("q"))
        #expect(try await browsing.value(within: .seconds(20)) == .quit)
    }
}
