import EndlessTerminal
import EndlessTerminalTesting
import Synchronization

@testable import EndlessApp

/// An in-memory terminal for the browse loop: frames go through the real renderer into a
/// virtual screen, and every frame is counted.
final class RecordingTerminal: BrowserTerminal {
    private let state: Mutex<(terminal: InMemoryTerminal, frames: Int, firstText: String?, output: [UInt8])>

    init(size: Size = Size(width: 80, height: 24)) {
        state = Mutex((InMemoryTerminal(size: size), 0, nil, []))
    }

    /// Whether the renderer sends hyperlinks (OSC 8); while it does, every frame's bytes are kept.
    var hyperlinks: Bool {
        get { state.withLock { $0.terminal.renderer.hyperlinks } }
        set { state.withLock { $0.terminal.renderer.hyperlinks = newValue } }
    }

    /// Every frame's bytes since ``hyperlinks`` was set, as text.
    var output: String { state.withLock { String(decoding: $0.output, as: UTF8.self) } }

    var size: Size { state.withLock { $0.terminal.size } }

    func render(_ frame: ScreenBuffer) throws {
        state.withLock {
            $0.terminal.render(frame)
            $0.frames += 1
            if $0.terminal.renderer.hyperlinks { $0.output += $0.terminal.lastOutput.prefix(1 << 20) }
            if $0.firstText == nil { $0.firstText = $0.terminal.text }
        }
    }

    /// Control sequences written between frames (OSC 52), in order.
    private let controls = Mutex<[[UInt8]]>([])

    func writeControl(_ bytes: [UInt8]) throws {
        controls.withLock { $0.append(bytes) }
    }

    /// The control sequences written so far.
    var controlSequences: [[UInt8]] { controls.withLock { $0 } }

    /// Frames drawn so far.
    var frames: Int { state.withLock { $0.frames } }
    /// The screen as the first frame left it, as text; nil before it.
    var firstFrameText: String? { state.withLock { $0.firstText } }
    /// The screen as text.
    var text: String { state.withLock { $0.terminal.text } }
    /// The bytes of the last frame.
    var lastOutput: [UInt8] { state.withLock { $0.terminal.lastOutput } }
}
