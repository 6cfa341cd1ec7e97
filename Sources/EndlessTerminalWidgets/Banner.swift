import EndlessTerminal

/// A one-line message across the screen: an error that needs a key to retry, a warning, or
/// a notice.
public struct Banner: Sendable {
    /// How serious the message is; decides the colors and the icon.
    public enum Kind: Hashable, Sendable {
        /// Something failed.
        case error
        /// Something may be wrong.
        case warning
        /// For information.
        case notice
    }

    /// How serious it is.
    public var kind: Kind
    /// The message; sanitize outside text first.
    public var message: String
    /// The key that acts on it, e.g. `KeyHint("r", "retry")`.
    public var action: KeyHint?

    /// Creates a banner.
    ///
    /// - Parameters:
    ///   - kind: how serious it is.
    ///   - message: the message.
    ///   - action: the key that acts on it.
    public init(_ kind: Kind, _ message: String, action: KeyHint? = nil) {
        self.kind = kind
        self.message = message
        self.action = action
    }

    /// The banner's base style: white on red for errors, black on yellow for warnings,
    /// white on blue for notices; bold so that it reads even with no color.
    public var style: Style {
        switch kind {
        case .error: return Style(foreground: .brightWhite, background: .red, attributes: .bold)
        case .warning: return Style(foreground: .black, background: .yellow, attributes: .bold)
        case .notice: return Style(foreground: .brightWhite, background: .blue)
        }
    }

    private var icon: String {
        switch kind {
        case .error: return "✖"
        case .warning: return "!"
        case .notice: return "i"
        }
    }

    /// Draws the banner on the first row of `rect`: icon, message (truncated), then the
    /// action right-aligned.
    ///
    /// - Parameters:
    ///   - buffer: the frame.
    ///   - rect: the banner's area; only its first row is used.
    public func draw(into buffer: inout ScreenBuffer, in rect: Rect) {
        var right: [StyledText] = []
        if let action {
            right = [StyledText(action.key, style: style.adding(.underline)), StyledText(" " + action.label)]
        }
        StatusBar(leftRuns: [StyledText(icon + " " + message)], rightRuns: right, style: style).draw(into: &buffer, in: rect)
    }
}
