import EndlessTerminal

/// An activity indicator whose frame depends only on elapsed time, so it animates at the
/// same speed however often the screen is redrawn, and tests pick the frame they want.
public struct Spinner: Hashable, Sendable {
    /// The braille dots spinner: `⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏`.
    public static let dots = Spinner(frames: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"], interval: .milliseconds(80))
    /// An ASCII spinner: `|/-\`.
    public static let line = Spinner(frames: ["|", "/", "-", "\\"], interval: .milliseconds(100))

    /// The frames, each one cell wide.
    public var frames: [String]
    /// How long each frame shows.
    public var interval: Duration

    /// Creates a spinner.
    ///
    /// - Parameters:
    ///   - frames: the frames, at least one.
    ///   - interval: how long each frame shows.
    public init(frames: [String], interval: Duration) {
        self.frames = frames.isEmpty ? [" "] : frames
        self.interval = interval > .zero ? interval : .milliseconds(80)
    }

    /// The frame to show after `elapsed` time.
    ///
    /// - Parameter elapsed: time since the spinner started.
    /// - Returns: the frame.
    public func frame(at elapsed: Duration) -> String {
        let ticks = max(0, Int(elapsed / interval))
        return frames[ticks % frames.count]
    }

    /// Draws the frame followed by a label, truncated to `maxWidth`, and marks the buffer as
    /// showing an animation (`ScreenBuffer.showsAnimation`).
    ///
    /// - Parameters:
    ///   - buffer: the frame.
    ///   - point: where the spinner goes.
    ///   - elapsed: time since the spinner started.
    ///   - label: text after the spinner, e.g. "loading more…".
    ///   - style: the style of the spinner and label.
    ///   - maxWidth: the most columns to use.
    public func draw(
        into buffer: inout ScreenBuffer, at point: Point, elapsed: Duration, label: String = "", style: Style = .plain,
        maxWidth: Int? = nil
    ) {
        let text = label.isEmpty ? frame(at: elapsed) : frame(at: elapsed) + " " + label
        buffer.write(text, at: point, style: style, maxWidth: maxWidth, ellipsis: true)
        buffer.showsAnimation = true
    }
}
