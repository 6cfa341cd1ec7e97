/// Turns the bytes a terminal sends into key, mouse and paste events.
///
/// It is a byte-at-a-time state machine, so a sequence split across reads is simply finished
/// by the next ``feed(_:into:)``. It understands UTF-8 text, C0 control keys, CSI and SS3 keys
/// with xterm modifiers (`ESC[1;5A`), `CSI u` keys, SGR and X10 mouse reports, bracketed
/// paste and focus reports. Unknown or malformed sequences are dropped whole, never passed on
/// as text; its buffers are bounded whatever arrives.
///
/// Answers to queries (device attributes, pixel sizes, XTVERSION, kitty graphics) are
/// consumed too, whenever they arrive, and kept as ``TerminalReply`` values for
/// ``takeReplies()``: never taken as keys. The string sequences they come in (`ESC P`,
/// `ESC _`, `ESC ]`) also begin Alt-P, Alt-_ and Alt-] when typed, so a string starts only
/// when its next byte is one a reply starts with (`>`, `!` or a digit after `ESC P`, `G`
/// after `ESC _`, a digit after `ESC ]`); an unfinished string is dropped on the ESC timeout.
///
/// An ESC followed by a key that starts no sequence (`ESC j`) is, by default, the Escape key and
/// then that key: a person who presses Esc and at once another key (or tmux, which joins the
/// two within its `escape-time`) sends the same bytes as Alt-j, and a program with no Alt
/// bindings would lose both. ``EscapePrefix/alt`` reads them as Alt-j instead, for a program
/// that binds Alt keys. Alt reported inside a sequence (`ESC [1;3C`) is Alt either way.
///
/// A lone ESC cannot be told from the start of a sequence by bytes alone: when a feed ends
/// inside a possible sequence, ``hasPendingEscape`` is true, and the caller runs a short
/// timer (`InputDecoder` does, on an injected clock) and calls ``flushPendingEscape()``
/// if nothing else arrived.
public struct InputParser: Sendable {
    /// The longest control sequence kept; longer ones are skipped to their final byte.
    public static let maxSequenceLength = 64
    /// The most bytes of one paste kept; the rest is dropped.
    public static let maxPasteBytes = 1 << 20
    /// The most bytes of a string sequence (DCS, APC, OSC) kept; the rest is skipped.
    public static let maxStringBytes = 1024
    /// The most replies held until ``takeReplies()``; older ones are dropped.
    public static let maxReplies = 64

    /// What an ESC before a key that starts no sequence means.
    public enum EscapePrefix: Hashable, Sendable {
        /// The Escape key, then the key: `ESC j` is Esc, j.
        case escapeKey
        /// Alt with the key (xterm's metaSendsEscape): `ESC j` is Alt-j.
        case alt
    }

    enum State: Sendable {
        case ground
        case escape
        case controlSequence
        /// An over-long control sequence: skipped until its final byte.
        case skippingControlSequence
        case singleShift
        case paste
        /// X10 mouse: `ESC [ M` and three raw bytes.
        case legacyMouse
        /// `ESC P`, `ESC _` or `ESC ]`: a string if the next byte starts a reply, else Alt.
        case stringIntroducer(UInt8)
        /// Inside a string sequence introduced by this byte, up to ST (or BEL).
        case string(UInt8)
        /// An ESC inside a string: `\` ends it, anything else aborts it.
        case stringEscape(UInt8)
    }

    var state = State.ground
    /// Parameter and intermediate bytes of the current control sequence.
    var sequence: [UInt8] = []
    /// The modifier digit of an SS3 sequence, as sent by some terminals (`ESC O 5 P`).
    var singleShiftModifier = 0
    /// The next key carries Alt: it followed an ESC.
    var altPending = false
    var utf8Value: UInt32 = 0
    var utf8Remaining = 0
    var utf8Minimum: UInt32 = 0
    var paste: [UInt8] = []
    var pasteTerminatorMatched = 0
    /// The numbers of the control sequence being dispatched, kept to reuse its storage.
    var parameterScratch: [Int] = []
    /// The body of the string sequence being read.
    var stringBody: [UInt8] = []
    /// Replies read and not yet taken.
    var replies: [TerminalReply] = []

    /// What an ESC before a key that starts no sequence means.
    public let escapePrefix: EscapePrefix

    /// Creates a parser in its ground state.
    /// - Parameter escapePrefix: what `ESC` before a plain key means: Esc then the key (the
    ///   default), or Alt with it.
    public init(escapePrefix: EscapePrefix = .escapeKey) {
        self.escapePrefix = escapePrefix
    }

    /// True when the bytes so far end inside what may be an escape sequence or a lone ESC.
    public var hasPendingEscape: Bool {
        switch state {
        case .escape, .controlSequence, .skippingControlSequence, .singleShift, .legacyMouse, .stringIntroducer, .string,
            .stringEscape:
            return true
        case .ground, .paste: return false
        }
    }

    /// Bytes held between feeds (sequence, paste and UTF-8 buffers), for checking the bound.
    public var bufferedByteCount: Int { sequence.count + paste.count + utf8Remaining + stringBody.count + replies.count }

    /// The replies read since the last call, in order; the parser forgets them.
    ///
    /// - Returns: the replies.
    public mutating func takeReplies() -> [TerminalReply] {
        defer { replies.removeAll(keepingCapacity: true) }
        return replies
    }

    /// Parses bytes and returns the events they complete.
    ///
    /// - Parameter bytes: input as read from the terminal.
    /// - Returns: the events, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [TerminalEvent] {
        var events: [TerminalEvent] = []
        feed(bytes, into: &events)
        return events
    }

    /// Parses bytes, appending the events they complete.
    ///
    /// - Parameters:
    ///   - bytes: input as read from the terminal.
    ///   - events: where events are appended.
    public mutating func feed(_ bytes: some Sequence<UInt8>, into events: inout [TerminalEvent]) {
        // One generic call, then a concrete loop: across modules a generic byte loop would
        // not be specialized and would pay a protocol call per byte.
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in feed(buffer: buffer, into: &events) }
        if done == nil { feed(buffer: Array(bytes), into: &events) }
    }

    private mutating func feed(buffer: [UInt8], into events: inout [TerminalEvent]) {
        buffer.withUnsafeBufferPointer { feed(buffer: $0, into: &events) }
    }

    private mutating func feed(buffer: UnsafeBufferPointer<UInt8>, into events: inout [TerminalEvent]) {
        var index = 0
        while index < buffer.count {
            if case .paste = state, pasteTerminatorMatched == 0 {
                // Pasted text in bulk, up to the next ESC that may end it.
                var end = index
                while end < buffer.count && buffer[end] != 0x1B { end += 1 }
                if end > index {
                    appendPasted(UnsafeBufferPointer(rebasing: buffer[index..<end]))
                    index = end
                    continue
                }
            }
            consume(buffer[index], into: &events)
            index += 1
        }
    }

    /// Resolves a pending ESC after the timeout: a lone ESC becomes the Escape key, `ESC [`
    /// and `ESC O` become Alt-[ and Alt-O, a partial sequence is dropped.
    ///
    /// - Returns: the events this produces (possibly none).
    public mutating func flushPendingEscape() -> [TerminalEvent] {
        var events: [TerminalEvent] = []
        switch state {
        case .escape:
            events.append(.key(KeyEvent(.escape, modifiers: altPending ? .alt : [])))
        case .controlSequence where sequence.isEmpty:
            appendPrefixed(.character("["), into: &events)
        case .singleShift where singleShiftModifier == 0:
            appendPrefixed(.character("O"), into: &events)
        case .stringIntroducer(let introducer):
            appendPrefixed(.character(Character(Unicode.Scalar(introducer))), into: &events)
        default:
            break
        }
        if hasPendingEscape { reset() }
        return events
    }

    /// A key that followed an ESC: Alt with it, or Esc and then it (see ``EscapePrefix``).
    private func appendPrefixed(_ key: Key, into events: inout [TerminalEvent]) {
        switch escapePrefix {
        case .alt:
            events.append(.key(KeyEvent(key, modifiers: .alt)))
        case .escapeKey:
            events.append(.key(KeyEvent(.escape)))
            events.append(.key(KeyEvent(key)))
        }
    }

    /// The ESC just read prefixes the next key: as Alt, or as the Escape key of its own.
    private mutating func prefixNextKey(into events: inout [TerminalEvent]) {
        switch escapePrefix {
        case .alt: altPending = true
        case .escapeKey: emitKey(.escape, into: &events)
        }
    }

    mutating func reset() {
        state = .ground
        if !sequence.isEmpty { sequence.removeAll(keepingCapacity: true) }
        singleShiftModifier = 0
        altPending = false
        if !stringBody.isEmpty { stringBody.removeAll(keepingCapacity: true) }
    }

    mutating func consume(_ byte: UInt8, into events: inout [TerminalEvent]) {
        switch state {
        case .ground:
            ground(byte, into: &events)
        case .escape:
            escape(byte, into: &events)
        case .controlSequence:
            switch byte {
            case 0x20...0x3F:
                if sequence.count >= Self.maxSequenceLength {
                    sequence.removeAll(keepingCapacity: true)
                    state = .skippingControlSequence
                } else {
                    sequence.append(byte)
                }
            case 0x40...0x7E:
                state = .ground
                if sequence.isEmpty && byte == 0x4D {  // ESC [ M: an X10 mouse report follows
                    state = .legacyMouse
                    return
                }
                dispatchControlSequence(final: byte, into: &events)
                if !sequence.isEmpty { sequence.removeAll(keepingCapacity: true) }
                altPending = false
            default:
                // A control byte or non-ASCII aborts the sequence; the byte counts on its own.
                reset()
                ground(byte, into: &events)
            }
        case .skippingControlSequence:
            if byte >= 0x40 && byte <= 0x7E {
                reset()
            } else if byte < 0x20 || byte > 0x7E {
                reset()
                ground(byte, into: &events)
            }
        case .singleShift:
            singleShift(byte, into: &events)
        case .paste:
            pasteByte(byte, into: &events)
        case .stringIntroducer(let introducer):
            if Self.startsReply(introducer: introducer, byte) {
                state = .string(introducer)
                stringBody.removeAll(keepingCapacity: true)
                stringBody.append(byte)
            } else {
                // The introducer's key after the ESC, then this byte on its own.
                state = .ground
                prefixNextKey(into: &events)
                ground(introducer, into: &events)
                consume(byte, into: &events)
            }
        case .string(let introducer):
            stringByte(byte, introducer: introducer, into: &events)
        case .stringEscape(let introducer):
            if byte == 0x5C {
                finishString(introducer)
            } else {
                // Not ST: the string was cut short; this ESC starts something new.
                reset()
                state = .escape
                consume(byte, into: &events)
            }
        case .legacyMouse:
            sequence.append(byte)
            if sequence.count == 3 {
                let code = Int(sequence[0]) - 32
                let event = MouseEvent(code: code, x: Int(sequence[1]) - 32, y: Int(sequence[2]) - 32, released: false)
                if let event { events.append(.mouse(event)) }
                reset()
            }
        }
    }

    private mutating func ground(_ byte: UInt8, into events: inout [TerminalEvent]) {
        if utf8Remaining > 0 {
            if byte & 0xC0 == 0x80 {
                utf8Value = utf8Value << 6 | UInt32(byte & 0x3F)
                utf8Remaining -= 1
                if utf8Remaining == 0 {
                    // Overlong forms, surrogates and C1 controls are never typed: dropped.
                    if utf8Value >= utf8Minimum, utf8Value > 0x9F, let scalar = Unicode.Scalar(utf8Value) {
                        emitKey(.character(Character(scalar)), into: &events)
                    } else {
                        altPending = false
                    }
                }
                return
            }
            utf8Remaining = 0  // truncated sequence: dropped; this byte starts afresh
            altPending = false
        }
        switch byte {
        case 0x1B:
            state = .escape
        case 0x0D, 0x0A: emitKey(.enter, into: &events)
        case 0x09: emitKey(.tab, into: &events)
        case 0x7F, 0x08: emitKey(.backspace, into: &events)
        case 0x00: emitKey(.character(" "), extra: .control, into: &events)
        case 0x01...0x1A: emitKey(.character(Character(Unicode.Scalar(byte + 0x60))), extra: .control, into: &events)
        case 0x1C...0x1F: emitKey(.character(Character(Unicode.Scalar(byte + 0x40))), extra: .control, into: &events)
        case 0x20...0x7E: emitKey(.character(Character(Unicode.Scalar(byte))), into: &events)
        case 0xC2...0xDF: startUTF8(byte & 0x1F, remaining: 1, minimum: 0x80)
        case 0xE0...0xEF: startUTF8(byte & 0x0F, remaining: 2, minimum: 0x800)
        case 0xF0...0xF4: startUTF8(byte & 0x07, remaining: 3, minimum: 0x10000)
        default: altPending = false  // a stray continuation or invalid byte: dropped
        }
    }

    private mutating func startUTF8(_ bits: UInt8, remaining: Int, minimum: UInt32) {
        utf8Value = UInt32(bits)
        utf8Remaining = remaining
        utf8Minimum = minimum
    }

    private mutating func escape(_ byte: UInt8, into events: inout [TerminalEvent]) {
        switch byte {
        case 0x5B:
            state = .controlSequence
            if !sequence.isEmpty { sequence.removeAll(keepingCapacity: true) }
        case 0x4F:
            state = .singleShift
            singleShiftModifier = 0
        case 0x50, 0x5F, 0x5D:  // DCS, APC, OSC, if what follows is a reply
            state = .stringIntroducer(byte)
        case 0x1B:
            // ESC ESC: the first is the Escape key (Alt-Escape if it followed another ESC).
            emitKey(.escape, into: &events)
        default:
            state = .ground
            prefixNextKey(into: &events)
            ground(byte, into: &events)
        }
    }

    private mutating func singleShift(_ byte: UInt8, into events: inout [TerminalEvent]) {
        if byte >= 0x30 && byte <= 0x39 && singleShiftModifier < 10 {
            singleShiftModifier = singleShiftModifier * 10 + Int(byte - 0x30)
            return
        }
        let modifiers = KeyModifiers(xtermParameter: singleShiftModifier)
        // 0x4D: keypad Enter in application mode.
        let key = byte == 0x4D ? .enter : Self.cursorOrFunctionKey(final: byte)
        state = .ground
        singleShiftModifier = 0
        if let key {
            emitKey(key, extra: modifiers, into: &events)
        } else if byte < 0x20 || byte == 0x7F {
            altPending = false
            ground(byte, into: &events)  // a control byte is never swallowed
        } else {
            altPending = false
        }
    }

    mutating func emitKey(_ key: Key, extra: KeyModifiers = [], into events: inout [TerminalEvent]) {
        var modifiers = extra
        if altPending { modifiers.insert(.alt) }
        altPending = false
        events.append(.key(KeyEvent(key, modifiers: modifiers)))
    }
}
