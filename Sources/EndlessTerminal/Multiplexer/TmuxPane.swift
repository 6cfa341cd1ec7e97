import Glibc

/// What tmux says about the pane a program runs in: whether it forwards passthrough
/// sequences to the outer terminal, and where the pane is on that terminal.
///
/// Asked with `tmux display-message -p`, which talks to the server named by `TMUX`: the one
/// the program runs under. It is the only way to learn the pane's position (needed to place
/// pictures through passthrough) and it answers in a few milliseconds.
struct TmuxPane: Hashable, Sendable {
    /// `allow-passthrough` is on (or `all`).
    var allowsPassthrough: Bool
    /// The pane's top-left cell on the outer terminal.
    var origin: Point
    /// What tmux learnt of the outer terminal from its own XTVERSION query, if anything.
    var outerTerminal: String?

    static let format = "#{allow-passthrough} #{pane_top} #{pane_left} #{status} #{status-position} #{client_termtype}"

    /// Whether the environment says the program runs inside tmux (`TMUX` set by tmux for
    /// every process it starts).
    static func isInside(environment: [String: String]) -> Bool {
        !(environment["TMUX"] ?? "").isEmpty
    }

    /// Asks tmux, waiting at most `timeout`; nil when tmux cannot be run or does not answer.
    static func query(environment: [String: String], timeout: Duration) -> TmuxPane? {
        var arguments = ["tmux", "display-message", "-p"]
        if let pane = environment["TMUX_PANE"], !pane.isEmpty { arguments += ["-t", pane] }
        arguments.append(format)
        guard let output = ChildProcess.output(of: arguments, environment: environment, timeout: timeout) else { return nil }
        return parse(output)
    }

    /// Parses the answer to ``format``, e.g. `1 0 0 on bottom XTerm(379)`.
    static func parse(_ text: String) -> TmuxPane? {
        let fields = text.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 5, let top = Int(fields[1]), let left = Int(fields[2]) else { return nil }
        let allows = ["1", "on", "all"].contains(fields[0])
        // A status line at the top pushes the window down by its lines ("on" is one).
        let statusLines = fields[3] == "on" ? 1 : Int(fields[3]) ?? 0
        let offset = fields[4] == "top" ? statusLines : 0
        let outer = fields.count > 5 ? String(fields[5].filter { !$0.isNewline }) : ""
        return TmuxPane(
            allowsPassthrough: allows, origin: Point(x: left, y: top + offset),
            outerTerminal: outer.isEmpty ? nil : TextSanitizer.sanitize(outer))
    }
}
