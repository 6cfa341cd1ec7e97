import EndlessTesting
import Foundation
import RegexBuilder
import Testing

/// The real `endless` binary in a real terminal (tmux): launching on the embedded simulator,
/// scrolling, refreshing by key and by wheel, details, quitting by key and by SIGTERM with the
/// terminal restored, and recovering from a bad network.
@Suite("endless in a real terminal (tmux)", .serialized, .timeLimit(TimeBudget.minutes(5)))
struct BrowseEndToEndTests {
    /// The binary, built beside this test bundle by `swift build --build-tests`.
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("endless").path

    /// Runs `endless flags` in a pane, recording `stty -a` before and after, the exit status
    /// on screen, and the state dump in the session's directory.
    static func launch(
        _ flags: String, width: Int = 100, height: Int = 30, environment: [String: String] = [:]
    ) throws -> TmuxSession {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build the endless binary first")
        return try TmuxSession(width: width, height: height, environment: environment) {
            directory in
            let dir = directory.path
            return "stty -a > \(dir)/stty-before; \(binary) \(flags) --dump-state \(dir)/dump.json; "
                + "echo \"EXIT=$?\"; stty -a > \(dir)/stty-written && mv \(dir)/stty-written \(dir)/stty-after; exec sleep 600"
        }
    }

    /// The first line: `endless · simulator 127.0.0.1:41235 · seed … · 40 people · page 1`.
    static func header(_ screen: String) -> String {
        String(screen.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }

    static func seed(_ screen: String) -> String? {
        header(screen).firstMatch(of: /seed ([0-9a-f]+)/).map { String($0.1) }
    }

    /// Rows shown and no refresh running.
    static func settled(_ screen: String) -> Bool {
        hasRows(screen) && seed(screen) != nil && !screen.contains("refreshing…")
    }

    static func hasRows(_ screen: String) -> Bool {
        (peopleCount(screen) ?? 0) > 0 && screen.contains(" · ")
    }

    /// The row on screen with the selection's bar, counted from the top of the list: rows
    /// are 2 lines from line 2, and the bar marks both lines of the selected one, nothing else.
    static func selectedPersonRow(_ screen: String) -> Int? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2)
        let marked = lines.indices.filter { lines[$0].hasPrefix("▌") }
        guard marked.count == 2, let first = marked.first, marked.last == first + 1, (first - 2) % 2 == 0 else { return nil }
        return (first - 2) / 2
    }

    /// The people tab of the state dump.
    struct Dump: Decodable {
        struct Row: Decodable { let row: Int; let id: String }
        struct Duplicate: Decodable { let id: String }
        let feed: String
        let rows: Int
        let selection: Int
        let loaded: [Row]
        let seenItems: Int
        let duplicates: [Duplicate]
    }

    struct FullDump: Decodable {
        let active: String
        let tabs: [Dump]
    }

    /// The whole dump, after the exit.
    static func fullDump(_ session: TmuxSession) throws -> FullDump {
        try JSONDecoder().decode(FullDump.self, from: Data(contentsOf: session.directory.appendingPathComponent("dump.json")))
    }

    /// Quits with `q`, then checks the exit status, the restored terminal and the dump.
    static func quit(_ session: TmuxSession, expectingStatus status: Int = 0) throws -> Dump {
        try session.send("q")
        return try finished(session, status: status)
    }

    static func finished(_ session: TmuxSession, status: Int) throws -> Dump {
        // Generous: on a loaded machine the exit has been seen to take over 10 s.
        try session.wait(for: "the exit status", timeout: .seconds(60)) { $0.contains("EXIT=") }
        let screen = try session.screen()
        #expect(screen.contains("EXIT=\(status)"), "\(screen)")
        // The alternate screen was left and the line discipline is as it was.
        #expect(try session.format("#{alternate_on}") == "0")
        let before = try String(contentsOf: session.directory.appendingPathComponent("stty-before"), encoding: .utf8)
        // Renamed into place once written: it exists only whole.
        try session.wait(for: "stty after the exit") { _ in
            FileManager.default.fileExists(atPath: session.directory.appendingPathComponent("stty-after").path)
        }
        let after = try String(contentsOf: session.directory.appendingPathComponent("stty-after"), encoding: .utf8)
        #expect(after == before, "stty -a differs after the exit")
        let data = try Data(contentsOf: session.directory.appendingPathComponent("dump.json"))
        let full = try JSONDecoder().decode(FullDump.self, from: data)
        return try #require(full.tabs.first { $0.feed == "people" }, "no people tab in the dump")
    }

    @Test("launches on the simulator, scrolls 300 people with j, nobody twice, quits with q")
    func scrollAndQuit() throws {
        let session = try Self.launch("")
        try session.wait(for: "the first rows") { Self.hasRows($0) }

        // j is sent in bursts for rows already loaded: the selection stops at the last loaded
        // row, so keys sent faster than pages arrive would be lost.
        try Self.scroll(session, to: 300)
        try session.wait(for: "row 300 selected") { Self.header($0).contains("page 16") }

        let dump = try Self.quit(session)
        #expect(dump.selection == 300)
        #expect(dump.rows >= 320)
        // j went one row at a time, each drawn: every row passed was seen, none at two rows.
        #expect(dump.seenItems >= 300)
        #expect(dump.duplicates.isEmpty)
        #expect(Set(dump.loaded.map(\.id)).count == dump.loaded.count)
    }

    @Test("tabs: 4 shows the users, Tab and Shift-Tab switch back and forth, each tab keeps its place")
    func switchTabs() throws {
        let session = try Self.launch("--graphics none")
        try session.wait(for: "the first rows") { Self.settled($0) }
        try session.send(contentsOf: ["j", "j", "j"])
        try session.wait(for: "the fourth person selected") { Self.selectedPersonRow($0) == 3 }
        let people = try session.screen()

        try session.send("4")
        try session.wait(for: "the users") { Self.header($0).contains("12 users") && $0.contains("George Bluth") }
        try session.send(contentsOf: ["G", "G"])
        try session.wait(for: "the end of the users") { $0.contains("that's everyone · 12 users") }

        try session.send("Tab")
        try session.wait(for: "the people again") {
            Self.header($0).contains(" people · page 1") && Self.selectedPersonRow($0) == 3
        }
        // The same people, the same selection: nothing reloaded. (The scrollbar at the right
        // edge may have moved meanwhile: the next page can land at any time.)
        func rows(_ screen: String) -> [Substring] {
            screen.split(separator: "\n").dropFirst(2).prefix(12).map { $0.dropLast(2) }
        }
        #expect(rows(try session.screen()) == rows(people))

        try session.send("BTab")
        try session.wait(for: "the users again") { $0.contains("that's everyone · 12 users") }
        _ = try Self.quit(session)
        let dump = try Self.fullDump(session)
        #expect(dump.active == "users")
        #expect(dump.tabs.map(\.feed) == ["people", "photos", "coins", "users"])
        #expect(dump.tabs.first { $0.feed == "people" }?.selection == 3)
        #expect(dump.tabs.first { $0.feed == "users" }.map { ($0.rows, $0.selection) } ?? (0, 0) == (12, 11))
    }

    @Test("scrolling back up after pages were dropped, through a flaky network, fills the rows above: no stall (issue 17)")
    func scrollBackAfterDrops() throws {
        let session = try Self.launch("--max-loaded 100 --seed st6 --truncate-rate 0.15 --chaos-seed 7 --no-images")
        try session.wait(for: "the first rows") { Self.hasRows($0) }
        // Down past row 1,000, G after G (each selects the last person loaded, which loads on),
        // R whenever a load failed.
        var rows = Self.peopleCount(try session.screen()) ?? 0
        var presses = 0
        while rows < 1_000 {
            presses += 1
            // Each G loads at least a page of 25 unless it failed: a bound, so a stall fails.
            try #require(presses <= 400, "stalled at \(rows) people")
            try session.send("G")
            let screen = try session.wait(for: "more than \(rows) people, or an error", timeout: .seconds(30)) {
                (Self.peopleCount($0) ?? 0) > rows || $0.contains("press R")
            }
            if screen.contains("press R") { try session.send("R") }
            rows = Self.peopleCount(screen) ?? rows
        }
        // Up: k held for a while, then Home; every row on screen fills, R when a reload fails.
        try session.send(contentsOf: Array(repeating: "k", count: 40))
        try session.send("Home")
        let top = try session.wait(for: "the top rows filled", timeout: .seconds(60)) { screen in
            if screen.contains("press R") { try session.send("R") }
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return Self.header(screen).contains("page 1") && !screen.contains("loading…")
                && lines.dropFirst(2).prefix(24).contains { $0.contains(" · ") }
        }
        #expect(Self.selectedPersonRow(top) == 0, "the first person is selected:\n\(top)")
        let dump = try Self.quit(session)
        #expect(dump.selection == 0)
        #expect(dump.loaded.first?.row == 0)
        #expect(dump.duplicates.isEmpty)
    }

    @Test("offline first: quit, relaunch --offline, and the same rows are back, from the cache (issue 15)")
    func relaunchOffline() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("endless-e2e-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = ["XDG_CACHE_HOME": cache.path]

        let online = try Self.launch("--graphics none", environment: environment)
        try online.wait(for: "the first rows") { Self.settled($0) }
        let first = try Self.quit(online)

        let offline = try Self.launch("--graphics none --offline", environment: environment)
        // A capture can land before the status line says where the rows came from: wait for it.
        try offline.wait(for: "the cached rows, saying so") { Self.hasRows($0) && $0.contains("offline · cached") }
        let again = try Self.quit(offline)
        // The same people at the same rows, as far as the screen asked for them this time.
        let shared = min(again.loaded.count, first.loaded.count)
        #expect(shared >= 20)
        #expect(again.loaded.prefix(shared).map(\.id) == first.loaded.prefix(shared).map(\.id))
    }

    @Test("where it was left: 45 rows down, quit, relaunch --offline, and the same person is selected again (issue 15)")
    func reopensWhereLeft() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("endless-e2e-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = ["XDG_CACHE_HOME": cache.path]

        let online = try Self.launch("--graphics none", environment: environment)
        try online.wait(for: "the first rows") { Self.settled($0) }
        // A move past the rows loaded stays on the last one (its page is still on its way), so
        // keys go in steps of 5, each once its rows are there: keys reach the list faster than
        // a slow build (TSan) loads pages.
        var target = 0
        while target < 45 {
            let next = min(45, target + 5)
            try online.wait(for: "row \(next) loaded") { (Self.peopleCount($0) ?? 0) > next }
            for _ in target..<next { try online.send("j") }
            target = next
        }
        let first = try Self.quit(online)
        #expect(first.selection == 45)
        let selected = try #require(first.loaded.first { $0.row == first.selection }?.id)

        let offline = try Self.launch("--graphics none --offline", environment: environment)
        try offline.wait(for: "the cached rows, saying so") { Self.hasRows($0) && $0.contains("offline · cached") }
        let again = try Self.quit(offline)
        // The 46th person is selected again: the list opened on their page (3, of 20 a page).
        #expect(again.loaded.first { $0.row == again.selection }?.id == selected)
    }

    @Test("the last screen is drawn before the terminal is asked anything, as the list reopens (issue 15)")
    func launchScreen() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("endless-e2e-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = ["XDG_CACHE_HOME": cache.path]
        let first = try Self.launch("--graphics none", environment: environment)
        try first.wait(for: "the first rows") { Self.settled($0) }
        for _ in 0..<30 { try first.send("j") }
        _ = try Self.quit(first)

        // `script` keeps every byte the relaunched app writes, in order.
        let again = try TmuxSession(environment: environment) { directory in
            "script -q -c '\(Self.binary) --graphics none --offline' \(directory.path)/typescript; echo \"EXIT=$?\"; exec sleep 600"
        }
        let screen = try again.wait(for: "the cached rows") { Self.hasRows($0) && $0.contains("offline · cached") }
        try again.send("q")
        try again.wait(for: "the exit status", timeout: .seconds(60)) { $0.contains("EXIT=") }
        let typescript = try Data(contentsOf: again.directory.appendingPathComponent("typescript"))
        let query = try #require(typescript.range(of: Data("\u{1B}[c".utf8)), "the terminal was not probed")
        let beforeProbe = String(decoding: typescript[..<query.lowerBound], as: UTF8.self)
        // Every person the live list shows, by their line `City, Country · age`, was on the
        // screen already: the launch screen is the list as it reopened.
        // (One space at a time: two or more part the place from the initials beside it.)
        let places = screen.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /\s{2,}(\p{L}(?:[^│┃▌\s]| (?! ))*, (?:[^│┃▌\s]| (?! ))+ · \d+)/).map { String($0.1) }
        }
        #expect(places.count >= 5, "\(screen)")
        for place in places { #expect(beforeProbe.contains(place), "\(place) was not on the launch screen") }
    }

    @Test("r refreshes, and so does the wheel pulled up at the top")
    func refreshByKeyAndWheel() throws {
        let session = try Self.launch("--refresh-cooldown 0")
        // A refresh asked for while the first load still shows its indicator joins that load.
        let first = try #require(Self.seed(try session.wait(for: "the first rows, settled") { Self.settled($0) }))

        try session.send("r")
        let second = try #require(Self.seed(try session.wait(for: "a new seed after r") { Self.seed($0) ?? first != first }))

        try session.wait(for: "the refresh spinner to end") { !$0.contains("refreshing…") }
        for _ in 0..<4 { try session.sendLiteral("\u{1B}[<64;20;10M") }
        try session.wait(for: "a new seed after the wheel") { (Self.seed($0) ?? second) != second && Self.hasRows($0) }

        _ = try Self.quit(session)
    }

    @Test("a refresh inside the cooldown says when it will be allowed")
    func cooldownNotice() throws {
        let session = try Self.launch("--refresh-cooldown 30")
        try session.wait(for: "the first rows, settled") { Self.settled($0) }
        try session.send("r")
        try session.wait(for: "the cooldown notice") { $0.contains("refresh available in") }
        _ = try Self.quit(session)
    }

    @Test("Enter opens the details with every field; Esc closes them")
    func details() throws {
        let session = try Self.launch("")
        try session.wait(for: "the first rows") { Self.hasRows($0) }

        try session.send("Enter")
        let open = try session.wait(for: "the details") { $0.contains("╭─") && $0.contains("email") }
        for field in ["phone", "cell", "street", "city", "coordinates", "timezone", "born", "registered", "username", "nationality", "uuid"] {
            #expect(open.contains(field), "\(field) missing from the details")
        }
        try session.send("Escape")
        try session.wait(for: "the details to close") { !$0.contains("╭─") }

        _ = try Self.quit(session)
    }

    @Test("SIGTERM ends it cleanly: the terminal is restored and the state written")
    func terminate() throws {
        let session = try Self.launch("")
        try session.wait(for: "the first rows") { Self.hasRows($0) }
        let dumpPath = session.directory.appendingPathComponent("dump.json").path
        let pid = try Self.pid(runningWith: dumpPath)

        kill(pid, SIGTERM)

        let dump = try Self.finished(session, status: 128 + Int(SIGTERM))
        #expect(dump.rows >= 20)
    }

    @Test("on a slow, flaky network every error recovers with R: nothing lost, nobody twice")
    func flakyNetwork() throws {
        let session = try Self.launch("--latency 300ms --fail-rate 0.2 --chaos-seed 7 --graphics none")
        try Self.scroll(session, to: 100)
        let dump = try Self.quit(session)
        #expect(dump.selection == 100)
        #expect(dump.duplicates.isEmpty)
        #expect(Set(dump.loaded.map(\.id)).count == dump.loaded.count)
    }

    @Test("on a network that fails most requests, the errors show where they happened and R recovers")
    func failingNetwork() throws {
        let session = try Self.launch("--fail-rate 0.7 --chaos-seed 3 --graphics none")
        let sawError = try Self.scroll(session, to: 60)
        #expect(sawError, "at a 70 % failure rate, some load should have failed after its retries")
        let dump = try Self.quit(session)
        #expect(dump.selection == 60)
        #expect(dump.duplicates.isEmpty)
    }

    /// Moves the selection down to `row` with j, pressing R whenever an error asks for it.
    ///
    /// j is pressed only for rows already loaded (the header counts them), so every press
    /// moves the selection and it ends exactly on `row`; and one at a time, each waited for on
    /// screen: keys that arrive together are drawn in one frame, so on a loaded machine a burst
    /// would move past rows that were never on screen.
    /// - Returns: whether an error was seen on the way.
    @discardableResult
    static func scroll(_ session: TmuxSession, to row: Int, count: (String) -> Int? = peopleCount) throws -> Bool {
        var sawError = false
        var pressed = 0
        while pressed < row {
            let screen = try session.wait(for: "rows loaded past \(pressed), or an error") {
                (count($0) ?? 0) > pressed + 1 || $0.contains("press R")
            }
            if screen.contains("press R") {
                sawError = true
                try session.send("R")
                try session.wait(for: "the retry to start") { !$0.contains("press R") }
                continue
            }
            let before = selectedRow(screen)
            try session.send("j")
            try session.wait(for: "the selection to move past row \(pressed)") { selectedRow($0) != before || $0.contains("press R") }
            pressed += 1
        }
        return sawError
    }

    /// Where the selected row is and what it shows: the first line marked `▌` at the left
    /// edge, with the text of the line itself and of the one above it (a person's row is
    /// marked on both its lines, from the name; a photo's on its second line, under the
    /// photographer's name).
    static func selectedRow(_ screen: String) -> String {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let marker = lines.firstIndex(where: { $0.hasPrefix("▌") }), marker > 0 else { return "" }
        return "\(marker) \(text(of: lines[marker - 1])) \(text(of: lines[marker]))"
    }

    /// The longest run of words on a row's line: its name or place, not the picture beside it.
    /// A picture arriving changes its cells (and replaces the initials), not the selection: read
    /// as a move, it let the next `j` go before the last was drawn, and two keys in one frame
    /// skip a row.
    static func text(of line: Substring) -> Substring {
        let word = /[\p{L}\p{N}@][\p{L}\p{M}\p{N}@'’.,·&()\-]*/
        let runs = line.matches(
            of: Regex {
                word;
                ZeroOrMore {
                    " "; word
                }
            })
        return runs.map(\.output).max { $0.count < $1.count } ?? ""
    }

    /// The people count at the right of the header: `140 people · page 7` (the tab bar's
    /// `1 people` is on the left).
    static func peopleCount(_ screen: String) -> Int? {
        header(screen).matches(of: /(\d+) (?:people|person)\b/).last.flatMap { Int($0.1) }
    }

    /// The process id of the `endless` started with `--dump-state path`.
    static func pid(runningWith dumpPath: String) throws -> pid_t {
        // Anchored on the binary: the shell that started it has the same words in its command line.
        let (_, text) = try Subprocess.run("/usr/bin/pgrep", ["-f", "--", "^\(binary) .*--dump-state \(dumpPath)"])
        return try #require(text.split(separator: "\n").compactMap { pid_t($0) }.first, "no endless process found")
    }
}

extension TmuxSession {
    /// Sends several keys in one tmux call.
    func send(contentsOf keys: [String]) throws {
        for key in keys { try send(key) }
    }
}
