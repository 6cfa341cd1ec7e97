import Glibc

/// Asks the terminal what it can show, at the start of a session, and waits briefly for the
/// answers.
///
/// The queries print nothing on a terminal that understands them and are ignored by one that
/// does not: the kitty graphics query (`a=q`, a 1×1 image), the cell and text-area size in
/// pixels (XTWINOPS `CSI 16 t`, `CSI 14 t`), XTVERSION (`CSI > 0 q`) and, last, Primary Device
/// Attributes (`CSI c`). Every terminal answers DA1 and answers in order, so its answer ends
/// the wait: a terminal that answers costs one round trip. One that answers nothing costs the
/// deadline.
///
/// Inside tmux, whose own answers describe tmux, the queries are also sent wrapped in tmux's
/// passthrough to the terminal tmux runs in, fenced by a wrapped Device Status Report
/// (`CSI 5 n`) whose answer tmux forwards like the kitty one. The sixel query there is
/// XTSMGRAPHICS (`CSI ? 1 ; 1 ; 0 S`), sent after the fence: tmux 3.3 holds its answer for
/// `escape-time` (it takes any `CSI ?` for a device-attributes answer), so it counts only if
/// it comes before the deadline.
///
/// What arrives is read through an ``InputParser``: answers become ``TerminalReply`` values;
/// every byte read is also kept, to be parsed again as the session's input, so keys typed
/// meanwhile are not lost and answers are never taken as keys.
struct TerminalProbe {
    /// What the terminal answered, and what was read.
    struct Answers: Sendable {
        var replies: [TerminalReply] = []
        /// Every byte read, answers included.
        var input: [UInt8] = []
        /// The terminal (or tmux) answered DA1.
        var answeredDirectly = false
        /// The terminal outside tmux answered the wrapped status report.
        var answeredThroughTmux = false
    }

    /// The queries for the terminal itself (or tmux), DA1 last. Without the kitty query where
    /// tmux or screen may be listening: both take an APC string for the pane's title.
    static func directQueries(kitty: Bool) -> [UInt8] {
        (kitty ? KittyCommands.query : []) + Array("\u{1B}[16t\u{1B}[14t\u{1B}[>0q\u{1B}[c".utf8)
    }
    static let outerFence = Array("\u{1B}[5n".utf8)
    static let outerSixelQuery = Array("\u{1B}[?1;1;0S".utf8)

    /// The queries for the terminal outside tmux, each wrapped in tmux's passthrough.
    static var wrappedQueries: [UInt8] {
        [KittyCommands.query, Array("\u{1B}[16t".utf8), outerFence, outerSixelQuery].flatMap { TmuxPassthrough.wrap($0) }
    }

    /// Sends the queries and reads answers until both fences (or the direct one) have
    /// answered, or the deadline passes.
    ///
    /// - Parameters:
    ///   - input: the terminal's input, in raw mode.
    ///   - output: the terminal's output.
    ///   - throughTmux: also ask the terminal outside tmux.
    ///   - multiplexerMayListen: tmux or screen may be the terminal: no kitty query directly.
    ///   - deadline: when to stop waiting.
    /// - Returns: the answers.
    static func run(
        input: Int32, output: Int32, throughTmux: Bool, multiplexerMayListen: Bool, until deadline: ContinuousClock.Instant
    ) -> Answers {
        var answers = Answers()
        var parser = InputParser()
        let queries = (throughTmux ? wrappedQueries : []) + directQueries(kitty: !multiplexerMayListen)
        guard (try? RawMode.writeAll(queries, to: output)) != nil else { return answers }
        read(from: input, into: &answers, parser: &parser, until: deadline) { answers in
            guard answers.answeredDirectly else { return false }
            guard throughTmux else { return true }
            // Outside tmux, kitty's answer settles it; else the sixel answer may still come.
            return answers.answeredThroughTmux
                && answers.replies.contains { reply in
                    if case .kittyGraphics(KittyCommands.queryID, "OK") = reply { return true }
                    if case .graphicsAttribute(1, _, _) = reply { return true }
                    return false
                }
        }
        return answers
    }

    /// The second round for a tmux found only by its XTVERSION answer: the wrapped queries.
    static func askThroughTmux(input: Int32, output: Int32, answers: inout Answers, until deadline: ContinuousClock.Instant) {
        var parser = InputParser()
        guard (try? RawMode.writeAll(wrappedQueries, to: output)) != nil else { return }
        read(from: input, into: &answers, parser: &parser, until: deadline) { $0.answeredThroughTmux }
    }

    private static func read(
        from input: Int32, into answers: inout Answers, parser: inout InputParser, until deadline: ContinuousClock.Instant,
        done: (Answers) -> Bool
    ) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !done(answers) {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return }
            let milliseconds = Int32(min(1000, remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1))
            var poller = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = Glibc.read(input, &buffer, buffer.count)
            guard count > 0 else {
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                return
            }
            answers.input.append(contentsOf: buffer[0..<count])
            _ = parser.feed(buffer[0..<count])
            for reply in parser.takeReplies() {
                answers.replies.append(reply)
                switch reply {
                case .primaryDeviceAttributes: answers.answeredDirectly = true
                case .deviceStatus: answers.answeredThroughTmux = true
                default: break
                }
            }
        }
    }
}
