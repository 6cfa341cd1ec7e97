import Foundation

/// Text for the terminal's clipboard, as OSC 52: `ESC ] 52 ; c ; <base64> BEL`, wrapped for
/// tmux's passthrough (`ESC P tmux; … ESC \`, each ESC doubled) when inside tmux. The text
/// travels in base64, so nothing in it reaches the terminal as a control character.
enum Clipboard {
    /// The most bytes put on the clipboard: terminals cap OSC 52 (xterm at 100,000 base64 bytes).
    static let maximumBytes = 65_536

    /// The sequence that puts `text` on the clipboard.
    /// - Parameters:
    ///   - text: what to copy (cut to ``maximumBytes``, on a character).
    ///   - environment: the process environment: `TMUX` set means inside tmux.
    static func sequence(copying text: String, environment: [String: String]) -> [UInt8] {
        var bytes = Array(text.utf8)
        if bytes.count > maximumBytes {
            bytes = Array(String(decoding: bytes.prefix(maximumBytes), as: UTF8.self).utf8.prefix(maximumBytes))
        }
        let osc = Array("\u{1B}]52;c;\(Data(bytes).base64EncodedString())\u{07}".utf8)
        guard let tmux = environment["TMUX"], !tmux.isEmpty else { return osc }
        var wrapped = Array("\u{1B}Ptmux;".utf8)
        for byte in osc {
            if byte == 0x1B { wrapped.append(0x1B) }
            wrapped.append(byte)
        }
        wrapped += Array("\u{1B}\\".utf8)
        return wrapped
    }
}
