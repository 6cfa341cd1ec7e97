import EndlessFeedModel
import EndlessTerminal
import EndlessTerminalWidgets

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

    /// Every binding, for a feed whose items are called `nouns` and whose `y` copies `copies`
    /// (`email`; nil: the manual's words for every feed), with the tab keys when there are
    /// several tabs. The help texts that name another action's key (`search people (Esc:
    /// back)`) name it as `rebinding` binds it, or not at all when it has no key left; the
    /// bindings themselves are the standard ones (``KeyRebinding/applied(to:)`` moves them).
    static func all(nouns: Nouns, copies: String? = nil, tabs: [FeedID], rebinding: KeyRebinding = .none) -> [Binding] {
        // `words (key: what it does)`, or the words alone when the keys are all gone.
        func naming(_ words: String, _ keys: [(BrowseIntent, standard: String)], _ does: String) -> String {
            let labels = keys.compactMap { rebinding.key(for: $0.0, standard: $0.standard) }
            return labels.isEmpty ? words : "\(words) (\(labels.joined(separator: ", ")): \(does))"
        }
        let back = (BrowseIntent.list(.close), standard: "Esc")
        var bindings: [Binding] = [
            Binding(keys: [KeyEvent(.down), char("j")], label: "↓ j", intent: .list(.moveDown), help: "next \(nouns.singular)"),
            Binding(keys: [KeyEvent(.up), char("k")], label: "↑ k", intent: .list(.moveUp), help: "previous \(nouns.singular)"),
            Binding(
                keys: [KeyEvent(.pageDown), char(" "), .control("d"), .control("f")], label: "PgDn Space",
                intent: .list(.pageDown), help: "a screen down"),
            Binding(
                keys: [KeyEvent(.pageUp), char("b"), .control("u"), .control("b")], label: "PgUp b", intent: .list(.pageUp),
                help: "a screen up"),
            Binding(keys: [char("g"), KeyEvent(.home)], label: "g Home", intent: .list(.top), help: "first \(nouns.singular)"),
            Binding(
                keys: [char("G"), KeyEvent(.end)], label: "G End", intent: .list(.bottom),
                help: "last \(nouns.singular) loaded (loads more)"),
            Binding(
                keys: [KeyEvent(.enter), char("l"), KeyEvent(.right)], label: "⏎ l", intent: .list(.openDetails),
                help: "details of the selected \(nouns.singular)"),
            Binding(keys: [KeyEvent(.escape), char("h"), KeyEvent(.left)], label: "Esc h", intent: .list(.close), help: "close details or help"),
            Binding(keys: [char("r"), .control("r")], label: "r", intent: .list(.refresh), help: "refresh: a new list of \(nouns.plural)"),
            Binding(keys: [char("R")], label: "R", intent: .list(.retry), help: "retry what failed"),
            Binding(
                keys: [char("/")], label: "/", intent: .search,
                help: naming("search \(nouns.plural)", [back], "back")),
            Binding(keys: [char("o")], label: "o", intent: .nextSort, help: naming("next order", [back], "the first")),
            Binding(keys: [char("*")], label: "*", intent: .toggleStar, help: "star or unstar the \(nouns.singular)"),
            Binding(
                keys: [char("F")], label: "F", intent: .showStarred, help: naming("the starred \(nouns.plural)", [(.showStarred, "F"), back], "back")),
            Binding(keys: [char("O")], label: "O", intent: .openPage, help: "open its page in the web browser"),
            Binding(keys: [char("y")], label: "y", intent: .copy, help: "copy its \(copies ?? "link or email")"),
            Binding(keys: [char("[")], label: "[", intent: .previousChartRange, help: "chart range: shorter"),
            Binding(keys: [char("]")], label: "]", intent: .nextChartRange, help: "longer (in details)"),
            Binding(keys: [char("d")], label: "d", intent: .download, help: "download it to Pictures/endless"),
        ]
        if tabs.count > 1 {
            bindings.append(
                Binding(
                    keys: [KeyEvent(.tab)], label: "Tab", intent: .nextTab, help: naming("next feed", [(.previousTab, "Shift-Tab")], "previous")))
            bindings.append(
                Binding(keys: [KeyEvent(.tab, modifiers: .shift)], label: "Shift-Tab", intent: .previousTab, help: "previous feed"))
            for kind in tabs {
                bindings.append(
                    Binding(keys: [char(Character(kind.keyLabel))], label: kind.keyLabel, intent: .showTab(kind), help: kind.name))
            }
        }
        bindings.append(Binding(keys: [char("?"), KeyEvent(.function(1))], label: "? F1", intent: .toggleHelp, help: "this help"))
        bindings.append(Binding(keys: [char("q"), .control("c")], label: "q Ctrl-C", intent: .quit, help: "quit"))
        return bindings
    }

    /// What the mouse does, for the help overlay.
    static let mouseHelp: [KeyHint] = [
        KeyHint("wheel", "move; pulled up at the top, refresh"),
        KeyHint("click", "select; click again for details"),
    ]

    /// The hints the status bar shows.
    static func statusHints(tabs: [FeedID]) -> [KeyHint] {
        var hints = [KeyHint("↑↓/jk", "move"), KeyHint("⏎", "details"), KeyHint("r", "refresh")]
        if tabs.count > 1 { hints.append(KeyHint("Tab", "feeds")) }
        hints += [KeyHint("?", "help"), KeyHint("q", "quit")]
        return hints
    }

    /// The intent of a key, if it has one.
    static func intent(for key: KeyEvent, in bindings: [Binding]) -> BrowseIntent? {
        bindings.first { $0.keys.contains(key) }?.intent
    }

    /// Every binding, then the mouse, as help lists them; the tab numbers share one line, and
    /// so do the moves down and up by a row and by a screen (the help fits 80×24).
    static func helpHints(_ bindings: [Binding]) -> [KeyHint] {
        var hints: [KeyHint] = []
        var tabs: [String] = []
        let pairs: [(first: BrowseIntent, second: BrowseIntent)] = [
            (.list(.moveDown), .list(.moveUp)), (.list(.pageDown), .list(.pageUp)), (.previousChartRange, .nextChartRange),
        ]
        for binding in bindings {
            if case .showTab = binding.intent {
                tabs.append("\(binding.label) \(binding.help)")
                continue
            }
            if binding.intent == .previousTab { continue }  // said on the Tab line
            if let pair = pairs.first(where: { $0.second == binding.intent }), bindings.contains(where: { $0.intent == pair.first }) {
                continue  // said on its pair's line
            }
            if let pair = pairs.first(where: { $0.first == binding.intent }), let second = bindings.first(where: { $0.intent == pair.second }) {
                hints.append(KeyHint("\(binding.label) \(second.label)", "\(binding.help), \(second.help)"))
                continue
            }
            hints.append(KeyHint(binding.label, binding.help))
        }
        if !tabs.isEmpty {
            let index = hints.firstIndex { $0.key == "? F1" } ?? hints.endIndex
            hints.insert(KeyHint(tabs.map { String($0.prefix(1)) }.joined(separator: " "), tabs.joined(separator: " · ")), at: index)
        }
        return hints + mouseHelp
    }

    private static func char(_ character: Character) -> KeyEvent {
        KeyEvent(.character(character))
    }
}
