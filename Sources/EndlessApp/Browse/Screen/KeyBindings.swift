import EndlessTerminal

/// Which keys do what. The input handling and the help overlay both read this table, so
/// help cannot drift from the keys that work.
enum KeyBindings {
    struct Binding {
        let keys: [KeyEvent]
        /// The keys as help shows them: `↓ j`.
        let label: String
        let intent: BrowseIntent
        let help: String
    }

    static let all: [Binding] = [
        Binding(keys: [KeyEvent(.down), char("j")], label: "↓ j", intent: .moveDown, help: "next person"),
        Binding(keys: [KeyEvent(.up), char("k")], label: "↑ k", intent: .moveUp, help: "previous person"),
        Binding(
            keys: [KeyEvent(.pageDown), char(" "), .control("d"), .control("f")], label: "PgDn Space",
            intent: .pageDown, help: "a screen down"),
        Binding(keys: [KeyEvent(.pageUp), char("b"), .control("u"), .control("b")], label: "PgUp b", intent: .pageUp, help: "a screen up"),
        Binding(keys: [char("g"), KeyEvent(.home)], label: "g Home", intent: .top, help: "first person"),
        Binding(keys: [char("G"), KeyEvent(.end)], label: "G End", intent: .bottom, help: "last person loaded (loads more)"),
        Binding(keys: [KeyEvent(.enter), char("l"), KeyEvent(.right)], label: "⏎ l", intent: .openDetails, help: "details of the selected person"),
        Binding(keys: [KeyEvent(.escape), char("h"), KeyEvent(.left)], label: "Esc h", intent: .close, help: "close details or help"),
        Binding(keys: [char("r"), .control("r")], label: "r", intent: .refresh, help: "refresh: a new list of people"),
        Binding(keys: [char("R")], label: "R", intent: .retry, help: "retry what failed"),
        Binding(keys: [char("?"), KeyEvent(.function(1))], label: "? F1", intent: .toggleHelp, help: "this help"),
        Binding(keys: [char("q"), .control("c")], label: "q Ctrl-C", intent: .quit, help: "quit"),
    ]

    /// What the mouse does, for the help overlay.
    static let mouseHelp: [KeyHint] = [
        KeyHint("wheel", "move through the list"),
        KeyHint("wheel up at top", "pull to refresh"),
        KeyHint("click", "select; click again for details"),
    ]

    /// The hints the status bar shows.
    static let statusHints: [KeyHint] = [
        KeyHint("↑↓/jk", "move"), KeyHint("⏎", "details"), KeyHint("r", "refresh"), KeyHint("?", "help"),
        KeyHint("q", "quit"),
    ]

    /// The intent of a key, if it has one.
    static func intent(for key: KeyEvent) -> BrowseIntent? {
        all.first { $0.keys.contains(key) }?.intent
    }

    /// Every binding, then the mouse, as help lists them.
    static var helpHints: [KeyHint] {
        all.map { KeyHint($0.label, $0.help) } + mouseHelp
    }

    private static func char(_ character: Character) -> KeyEvent {
        KeyEvent(.character(character))
    }
}
