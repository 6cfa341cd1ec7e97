import EndlessTerminal

extension Cell {
    /// The cell as a person sees it: a space shows its background only (unless reversed or
    /// underlined), so spaces differing in foreground or boldness look alike, and a terminal
    /// may draw either with an erase.
    var look: Cell {
        let style = self.style
        guard grapheme == " ", style.attributes.isDisjoint(with: [.reverse, .underline]) else { return self }
        return .blank(Style(background: style.background))
    }
}
