/// The private modes a session turns on, and the bytes that undo them.
struct TerminalModes: Hashable, Sendable {
    var mouse: MouseTracking
    var bracketedPaste: Bool
    var focusEvents: Bool

    /// Alternate screen, hidden cursor, no autowrap, mouse, paste and focus reporting, then a
    /// cleared screen in the default style.
    var enterSequence: [UInt8] {
        var text = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l"
        switch mouse {
        case .off: break
        case .clicks: text += "\u{1B}[?1000h\u{1B}[?1006h"
        case .drags: text += "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
        case .allMotion: text += "\u{1B}[?1000h\u{1B}[?1003h\u{1B}[?1006h"
        }
        if bracketedPaste { text += "\u{1B}[?2004h" }
        if focusEvents { text += "\u{1B}[?1004h" }
        text += "\u{1B}[m\u{1B}[H\u{1B}[2J"
        return Array(text.utf8)
    }

    /// Everything back as a shell expects it. It starts with CAN, which aborts an escape
    /// sequence a crash may have cut in half, and ends synchronized output in case a frame
    /// was interrupted. Precomputed, because a signal handler writes it.
    var restoreSequence: [UInt8] {
        // The scroll region too: a fatal signal between a frame's region and its reset would
        // leave the shell scrolling only part of the screen.
        var text = "\u{18}\u{1B}[?2026l\u{1B}[m\u{1B}[r"
        if mouse != .off { text += "\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?1006l" }
        if bracketedPaste { text += "\u{1B}[?2004l" }
        if focusEvents { text += "\u{1B}[?1004l" }
        text += "\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"
        return Array(text.utf8)
    }
}
