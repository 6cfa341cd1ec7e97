/// The one gate every outside string passes before it is drawn or printed to a terminal.
///
/// Text from the network can carry terminal escape sequences that set the window title
/// (OSC 0), write the clipboard (OSC 52), plant hyperlinks (OSC 8), clear the screen (CSI 2J)
/// or ask the terminal to type an answer back into our input (DECRQSS, DA). Bidirectional
/// overrides can make a line read differently from what it contains. `TextSanitizer` removes
/// all of that and keeps every printable character, accents, CJK and right-to-left scripts
/// included.
public enum TextSanitizer {
    /// Returns `text` with every control character, escape sequence and bidi control removed.
    ///
    /// - Whole escape sequences go, not just their ESC: `ESC[2J`, `ESC]0;title BEL`,
    ///   `ESC P … ESC \`, and their 8-bit C1 forms (U+009B, U+009D, …).
    /// - Tab, newline, carriage return, vertical tab, form feed and the Unicode line and
    ///   paragraph separators become a single space each, so words are not glued together.
    /// - Every other C0 and C1 control, DEL, the byte order mark and bidi embedding,
    ///   override and isolate characters are dropped.
    /// - An unterminated string sequence (OSC, DCS, SOS, PM, APC) swallows the rest of the
    ///   text, exactly as a terminal would.
    ///
    /// - Parameter text: untrusted text.
    /// - Returns: text that is safe to write to a terminal.
    @inlinable
    public static func sanitize(_ text: some StringProtocol) -> String {
        sanitize(string: String(text))
    }

    /// The concrete path, where the generic entry (inlined into its caller) lands. Output is
    /// built as UTF-8 bytes: appending scalar by scalar to a `String.UnicodeScalarView` costs
    /// several times more, and pastes can be long.
    @usableFromInline
    static func sanitize(string text: String) -> String {
        if needsNoChange(text) { return text }
        return scanned(text)
    }

    /// The text after the scanner, scalar by scalar.
    static func scanned(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        var state = State.ground
        for scalar in text.unicodeScalars {
            state = step(state, scalar, into: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `text` comes out of ``sanitize(_:)`` as it went in: no scalar it removes or
    /// replaces. Nearly all text (every name, accented, Cyrillic, Arabic or CJK) is such, and
    /// is returned without being copied.
    static func needsNoChange(_ text: String) -> Bool {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return true }
        return text.unicodeScalars.allSatisfy { isKept($0.value) }
    }

    /// Whether the scanner's ground state writes `value` as it is (see `ground`).
    private static func isKept(_ value: UInt32) -> Bool {
        if value < 0x7F { return value >= 0x20 }
        if value < 0xA0 { return false }
        switch value {
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x061C, 0x200E, 0x200F, 0xFEFF: return false
        default: return true
        }
    }

    /// Where the scanner is: in plain text, or inside some kind of escape sequence.
    private enum State {
        case ground
        /// After ESC, before we know what kind of sequence it starts.
        case escape
        /// After ESC and one or more intermediate bytes (0x20–0x2F), until a final byte.
        case escapeIntermediate
        /// Control sequence (ESC [ or U+009B): parameters and intermediates until a final byte.
        case controlSequence
        /// A string sequence (OSC, DCS, SOS, PM, APC) until BEL or string terminator.
        case string
        /// Inside a string sequence, right after an ESC: `\` ends the string.
        case stringEscape
    }

    private static func step(
        _ state: State, _ scalar: Unicode.Scalar, into output: inout [UInt8]
    ) -> State {
        let value = scalar.value
        switch state {
        case .ground:
            return ground(scalar, into: &output)
        case .escape:
            switch value {
            case 0x5B: return .controlSequence  // [
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F: return .string  // ] P X ^ _
            case 0x1B: return .escape
            case 0x20...0x2F: return .escapeIntermediate
            case 0x30...0x7E: return .ground  // a two-byte sequence such as ESC c or ESC 7
            default: return ground(scalar, into: &output)  // not a sequence after all
            }
        case .escapeIntermediate:
            switch value {
            case 0x20...0x2F: return .escapeIntermediate
            case 0x30...0x7E: return .ground
            default: return ground(scalar, into: &output)
            }
        case .controlSequence:
            switch value {
            case 0x20...0x3F: return .controlSequence
            case 0x40...0x7E: return .ground
            // A terminal aborts the sequence on anything else; what follows is text again.
            default: return ground(scalar, into: &output)
            }
        case .string:
            switch value {
            case 0x07, 0x9C: return .ground
            case 0x1B: return .stringEscape
            default: return .string
            }
        case .stringEscape:
            switch value {
            case 0x5C: return .ground
            case 0x1B: return .stringEscape
            default: return .string
            }
        }
    }

    private static func ground(
        _ scalar: Unicode.Scalar, into output: inout [UInt8]
    ) -> State {
        switch scalar.value {
        case 0x1B: return .escape
        case 0x9B: return .controlSequence
        case 0x9D, 0x90, 0x98, 0x9E, 0x9F: return .string
        case 0x09...0x0D, 0x2028, 0x2029: output.append(0x20)
        case 0x00...0x1F, 0x7F...0x9F: break
        case 0x202A...0x202E, 0x2066...0x2069, 0x061C, 0x200E, 0x200F, 0xFEFF: break
        case 0x20..<0x7F: output.append(UInt8(scalar.value))
        default: output.append(contentsOf: scalar.utf8)
        }
        return .ground
    }
}
