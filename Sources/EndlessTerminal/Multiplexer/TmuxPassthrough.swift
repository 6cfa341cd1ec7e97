/// tmux's passthrough: how a program inside tmux reaches the terminal tmux runs in.
///
/// tmux draws its panes on the outer terminal itself and drops escape sequences it does not
/// know, sixel and kitty graphics among them. With `allow-passthrough` on, it forwards the
/// content of `ESC P tmux; … ESC \` (every ESC inside doubled) to the outer terminal as it is,
/// without positioning it: the bytes land wherever tmux last left the outer cursor, and text
/// tmux has not yet flushed may be drawn after them. So a wrapped graphic carries its own
/// absolute cursor move in outer-terminal coordinates, from the pane's origin, and is preceded
/// by `ESC [ r` (which makes tmux flush pending text; tested with tmux 3.3a).
public struct TmuxPassthrough: Hashable, Sendable {
    /// Where the pane's top-left cell is on the outer terminal, 0-based (status line and
    /// split panes included).
    public var paneOrigin: Point

    /// A passthrough for a pane at `paneOrigin`.
    ///
    /// - Parameter paneOrigin: the pane's top-left cell on the outer terminal.
    public init(paneOrigin: Point = .zero) {
        self.paneOrigin = paneOrigin
    }

    /// `bytes` wrapped for tmux to forward: `ESC P tmux;`, the bytes with each ESC doubled,
    /// `ESC \`.
    ///
    /// - Parameter bytes: escape sequences for the outer terminal.
    /// - Returns: the wrapped bytes.
    public static func wrap(_ bytes: [UInt8]) -> [UInt8] {
        var out = ByteWriter()
        append(bytes, into: &out)
        return out.bytes
    }

    static func append(_ bytes: [UInt8], into out: inout ByteWriter) {
        out.append("\u{1B}Ptmux;")
        for byte in bytes {
            if byte == 0x1B { out.append(0x1B) }
            out.append(byte)
        }
        out.append("\u{1B}\\")
    }

    /// Appends `bytes` for the outer terminal with the cursor first moved to `point` of the
    /// pane: a flush of tmux's pending text, then the wrapped move and bytes.
    func append(_ bytes: [UInt8], at point: Point, into out: inout ByteWriter) {
        out.append("\u{1B}[r")
        var inner = ByteWriter()
        CursorMotion.append(from: nil, to: Point(x: paneOrigin.x + point.x, y: paneOrigin.y + point.y), into: &inner)
        inner.append(contentsOf: bytes)
        Self.append(inner.bytes, into: &out)
    }
}
