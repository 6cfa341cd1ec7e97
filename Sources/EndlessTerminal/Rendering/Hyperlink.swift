/// Hyperlinks in text (OSC 8: `ESC ] 8 ; ; URI ESC \\ text ESC ] 8 ; ; ESC \\`): which
/// addresses may be linked, and which terminals show them.
///
/// A terminal that does not know OSC 8 should ignore it, but some print it, and tmux passes it
/// on only when told to: links are sent only to terminals known to show them. The text of a
/// link is drawn the same either way.
public enum Hyperlink {
    /// The longest address linked.
    public static let maximumLength = 2048

    /// `address` when it may be linked: http, https or mailto, with nothing but printable
    /// ASCII (no ESC, BEL or C1 string terminator can end the sequence early), at most
    /// ``maximumLength`` bytes; nil otherwise.
    public static func target(_ address: String) -> String? {
        guard !address.isEmpty, address.utf8.count <= maximumLength,
            address.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return nil }
        let lowered = address.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") || lowered.hasPrefix("mailto:") else { return nil }
        return address
    }

    /// Whether the terminal the environment describes shows OSC 8 links: `FORCE_HYPERLINK`
    /// (`0` for no, anything else for yes) decides when set; never inside tmux or screen
    /// (which pass them on only when configured); else kitty, foot, WezTerm, iTerm2, VS Code,
    /// Ghostty, Windows Terminal, Konsole and VTE terminals (GNOME Terminal and others,
    /// `VTE_VERSION` 5000 or later) do.
    /// - Parameter environment: the process environment.
    public static func supported(environment: [String: String]) -> Bool {
        if let forced = environment["FORCE_HYPERLINK"], !forced.isEmpty { return forced != "0" }
        if environment["TMUX"]?.isEmpty == false || environment["STY"]?.isEmpty == false { return false }
        let term = environment["TERM"] ?? ""
        if term.hasPrefix("screen") || term.hasPrefix("tmux") || term == "dumb" { return false }
        if ["xterm-kitty", "foot", "foot-extra", "wezterm", "xterm-ghostty", "alacritty"].contains(term) { return true }
        if ["iTerm.app", "WezTerm", "vscode", "ghostty"].contains(environment["TERM_PROGRAM"] ?? "") { return true }
        if environment["WT_SESSION"]?.isEmpty == false || environment["KONSOLE_VERSION"]?.isEmpty == false { return true }
        if let vte = environment["VTE_VERSION"].flatMap({ Int($0) }), vte >= 5000 { return true }
        return false
    }

    /// The sequence that starts a link to `target`, or ends one (nil).
    static func sequence(_ target: String?) -> String {
        "\u{1B}]8;;\(target ?? "")\u{1B}\\"
    }
}
