import EndlessFeedModel

/// The browser's key bindings as last made, given again while what they are made from is
/// the same: every key looks its intent up in them, and making them (each binding's keys,
/// label and help text, then the config file's changes) cost a held `j` 2 % of its CPU
/// (issue 29).
@MainActor
final class KeyBindingsMemo {
    /// What ``BrowserModel/keyBindings`` is made from: the active tab's nouns, the tabs,
    /// the config file's changes.
    private struct Inputs: Equatable {
        let nouns: Nouns
        let tabs: [FeedID]
        let rebinding: KeyRebinding
    }

    private var kept: (inputs: Inputs, bindings: [KeyBindings.Binding])?
    /// How many times the bindings were made rather than given again (for tests).
    private(set) var made = 0

    /// `browser`'s key bindings: the ones kept, or made anew when what they are made from changed.
    func bindings(of browser: BrowserModel) -> [KeyBindings.Binding] {
        let inputs = Inputs(nouns: browser.active.nouns, tabs: browser.kinds, rebinding: browser.keyRebinding)
        if let kept, kept.inputs == inputs { return kept.bindings }
        let bindings = browser.keyBindings
        made += 1
        kept = (inputs, bindings)
        return bindings
    }
}
