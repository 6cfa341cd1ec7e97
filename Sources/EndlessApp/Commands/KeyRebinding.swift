import EndlessCommandLine
import EndlessFeedModel
import EndlessTerminal
import EndlessTerminalWidgets

/// The browser's keys as the config file changes them: `key.quit = x` makes `x` quit (and
/// only `x`), taking `x` from whatever it did before. Declared as config settings, one per
/// action, so `endless config` lists them and a misspelt action or key is an error naming the
/// file's line.
struct KeyRebinding: Sendable, Equatable {
    /// An action's key, and how help shows it.
    struct Assigned: Sendable, Equatable {
        let key: KeyEvent
        let label: String
    }

    /// The key of each action the file rebinds.
    var keys: [BrowseIntent: Assigned] = [:]

    /// No key changed.
    static let none = KeyRebinding()

    /// The key a message names for `intent` (`press R to retry`): the one the file gave it,
    /// else its own, `standard`; nil when the file gave `standard` to another action and none
    /// to this one, which then has no key to name.
    /// - Parameters:
    ///   - intent: what the key does.
    ///   - standard: its key when the file does not move it, as help shows it.
    func key(for intent: BrowseIntent, standard: String) -> String? {
        if let assigned = keys[intent] { return assigned.label }
        return keys.values.contains { $0.label == standard } ? nil : standard
    }

    /// `Esc back to the list`, with the key that closes a search, an order or the starred
    /// list as bound; nil when that action has no key.
    var backToTheList: String? {
        key(for: .list(.close), standard: "Esc").map { "\($0) back to the list" }
    }

    /// The actions a key can be given to, by the name the file uses (`key.<name>`).
    static let actions: [(name: String, intent: BrowseIntent)] = [
        ("move-down", .list(.moveDown)), ("move-up", .list(.moveUp)), ("page-down", .list(.pageDown)),
        ("page-up", .list(.pageUp)), ("top", .list(.top)), ("bottom", .list(.bottom)),
        ("details", .list(.openDetails)), ("close", .list(.close)), ("refresh", .list(.refresh)),
        ("retry", .list(.retry)), ("search", .search), ("sort", .nextSort), ("star", .toggleStar), ("starred", .showStarred),
        ("open", .openPage), ("copy", .copy), ("download", .download), ("chart-shorter", .previousChartRange),
        ("chart-longer", .nextChartRange), ("next-tab", .nextTab), ("previous-tab", .previousTab), ("help", .toggleHelp),
        ("quit", .quit),
    ]

    /// `key.<action>` for every action, its default the keys it has now.
    static var settings: [SettingDeclaration] {
        let bindings = KeyBindings.all(nouns: Nouns("item", "items"), tabs: FeedCatalog.all.map(\.id))
        return actions.map { action in
            let binding = bindings.first { $0.intent == action.intent }
            return SettingDeclaration(
                "key.\(action.name)", help: "The key that does \(binding?.help ?? action.name).",
                default: binding?.label, parser: keyParser)
        }
    }

    /// Reads a key as the file writes it: a character (`x`, `Q`, `?`), `ctrl-x`, `shift-tab`,
    /// `f1`…`f12`, or a name: enter, esc, tab, space, backspace, up, down, left, right, home,
    /// end, pgup, pgdn, insert, delete.
    static let keyParser = ValueParser<Assigned>(accepts: .text) { text throws(ValueError) in
        let allowed = "a character (x, Q, ?), ctrl-x, shift-tab, f1 to f12, or one of: " + names.map(\.name).joined(separator: ", ")
        let lowered = text.lowercased()
        if text.count == 1, let character = text.first, !character.isWhitespace,
            character.unicodeScalars.allSatisfy({ $0.value >= 0x21 && $0.value != 0x7F })
        {
            return Assigned(key: KeyEvent(.character(character)), label: text)
        }
        if lowered.hasPrefix("ctrl-"), lowered.count == 6, let letter = lowered.last, letter.isASCII, letter.isLetter {
            return Assigned(key: .control(letter), label: "Ctrl-\(letter)")
        }
        if lowered == "shift-tab" { return Assigned(key: KeyEvent(.tab, modifiers: .shift), label: "Shift-Tab") }
        if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...12).contains(number) {
            return Assigned(key: KeyEvent(.function(number)), label: "F\(number)")
        }
        if let named = names.first(where: { $0.name == lowered }) {
            return Assigned(key: KeyEvent(named.key), label: named.label)
        }
        throw ValueError("'\(text)' is not a key", allowed: allowed)
    }

    private static let names: [(name: String, key: Key, label: String)] = [
        ("enter", .enter, "⏎"), ("esc", .escape, "Esc"), ("escape", .escape, "Esc"), ("tab", .tab, "Tab"),
        ("space", .character(" "), "Space"), ("backspace", .backspace, "Backspace"), ("up", .up, "↑"), ("down", .down, "↓"),
        ("left", .left, "←"), ("right", .right, "→"), ("home", .home, "Home"), ("end", .end, "End"), ("pgup", .pageUp, "PgUp"),
        ("pgdn", .pageDown, "PgDn"), ("insert", .insert, "Insert"), ("delete", .delete, "Delete"),
    ]

    /// The keys the config file gives.
    /// - Throws: ``UsageError`` when two actions are given the same key, naming both lines.
    static func from(_ parsed: ParsedArguments) throws(UsageError) -> KeyRebinding {
        var rebinding = KeyRebinding()
        var takenBy: [KeyEvent: String] = [:]
        for action in actions {
            let setting = "key.\(action.name)"
            guard let text = parsed.setting(setting) else { continue }
            let assigned: Assigned
            do throws(ValueError) {
                assigned = try keyParser(text)
            } catch {
                throw UsageError(command: parsed.command, message: "config \(parsed.origin(ofSetting: setting)): \(setting): \(error.problem)")
            }
            if let other = takenBy[assigned.key] {
                throw UsageError(
                    command: parsed.command,
                    message:
                        "config \(parsed.origin(ofSetting: setting)): \(setting) and \(other) (\(parsed.origin(ofSetting: other))) are both \(assigned.label)",
                    hint: "give each action a key of its own")
            }
            takenBy[assigned.key] = setting
            rebinding.keys[action.intent] = assigned
        }
        return rebinding
    }

    /// `bindings` with each rebound action on its new key alone, and that key taken from the
    /// action that had it (and from its label).
    func applied(to bindings: [KeyBindings.Binding]) -> [KeyBindings.Binding] {
        guard !keys.isEmpty else { return bindings }
        let taken = Set(keys.values.map(\.key))
        let takenLabels = Set(keys.values.map(\.label))
        return bindings.map { binding in
            if let assigned = keys[binding.intent] {
                return KeyBindings.Binding(keys: [assigned.key], label: assigned.label, intent: binding.intent, help: binding.help)
            }
            let label = binding.label.split(separator: " ").filter { !takenLabels.contains(String($0)) }.joined(separator: " ")
            return KeyBindings.Binding(
                keys: binding.keys.filter { !taken.contains($0) }, label: label, intent: binding.intent, help: binding.help)
        }
    }

    /// The status bar's hints with each rebound action's new key: `x quit` once quit is `x`.
    /// The hints name their actions by what they say (`quit`, `refresh`…), as
    /// ``KeyBindings/statusHints(tabs:)`` writes them.
    func statusHints(_ hints: [KeyHint]) -> [KeyHint] {
        guard !keys.isEmpty else { return hints }
        let said: [String: BrowseIntent] = [
            "details": .list(.openDetails), "refresh": .list(.refresh), "feeds": .nextTab, "help": .toggleHelp, "quit": .quit,
        ]
        return hints.map { hint in
            if hint.label == "move", keys[.list(.moveUp)] != nil || keys[.list(.moveDown)] != nil {
                let up = keys[.list(.moveUp)]?.label ?? "↑", down = keys[.list(.moveDown)]?.label ?? "↓"
                return KeyHint("\(up)/\(down)", hint.label)
            }
            if hint.label == "move" {
                // j or k given to another action no longer moves: the hint says only what does.
                let taken = Set(keys.values.map(\.label))
                let letters = ["j", "k"].filter { !taken.contains($0) }.joined()
                return KeyHint(letters.isEmpty ? "↑↓" : "↑↓/\(letters)", hint.label)
            }
            guard let intent = said[hint.label], let assigned = keys[intent] else { return hint }
            return KeyHint(assigned.label, hint.label)
        }
    }
}
