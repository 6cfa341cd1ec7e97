extension InputParser {
    /// The bytes that end a bracketed paste: `ESC [ 2 0 1 ~`.
    static let pasteTerminator: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    mutating func dispatchControlSequence(final: UInt8, into events: inout [TerminalEvent]) {
        var body = sequence[...]
        var prefix: UInt8 = 0
        if let first = body.first, first >= 0x3C && first <= 0x3F {
            prefix = first
            body = body.dropFirst()
        }
        guard Self.parameters(body, into: &parameterScratch) else { return }
        let parameters = parameterScratch
        if (final == 0x63 || final == 0x53 || final == 0x74 || final == 0x6E), dispatchReply(prefix: prefix, final: final, parameters: parameters) {
            return
        }
        switch prefix {
        case 0x3C where final == 0x4D || final == 0x6D:  // ESC [ < b ; x ; y M/m
            guard parameters.count == 3,
                let event = MouseEvent(code: parameters[0], x: parameters[1], y: parameters[2], released: final == 0x6D)
            else { return }
            events.append(.mouse(event))
        case 0:
            dispatchKey(final: final, parameters: parameters, into: &events)
        default:
            return  // other private replies (DA2, DECRPM, …): not input
        }
    }

    private mutating func dispatchKey(final: UInt8, parameters: [Int], into events: inout [TerminalEvent]) {
        let modifiers = parameters.count >= 2 ? KeyModifiers(xtermParameter: parameters[1]) : []
        let key: Key?
        switch final {
        case 0x41...0x44, 0x46, 0x48, 0x50...0x53:
            key = Self.cursorOrFunctionKey(final: final)
        case 0x5A:
            events.append(.key(KeyEvent(.tab, modifiers: modifiers.union(.shift))))
            return
        case 0x49 where parameters.isEmpty:
            events.append(.focus(true))
            return
        case 0x4F where parameters.isEmpty:
            events.append(.focus(false))
            return
        case 0x7E:
            if parameters.first == 200 {
                state = .paste
                paste.removeAll(keepingCapacity: true)
                pasteTerminatorMatched = 0
                return
            }
            key = Self.tildeKey(parameters.first ?? 0)
        case 0x75:  // CSI codepoint ; modifiers u
            key = parameters.first.flatMap(Self.unicodeKey)
        default:
            key = nil
        }
        guard let key else { return }
        events.append(.key(KeyEvent(key, modifiers: modifiers)))
    }

    /// The keys CSI and SS3 sequences share, by final byte: arrows, Home, End and F1–F4.
    static func cursorOrFunctionKey(final: UInt8) -> Key? {
        switch final {
        case 0x41: .up
        case 0x42: .down
        case 0x43: .right
        case 0x44: .left
        case 0x48: .home
        case 0x46: .end
        case 0x50...0x53: .function(Int(final - 0x50) + 1)
        default: nil
        }
    }

    private static func tildeKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(number - 10)
        case 17...21: return .function(number - 11)
        case 23...26: return .function(number - 12)
        case 28, 29: return .function(number - 13)
        case 31...34: return .function(number - 14)
        default: return nil
        }
    }

    private static func unicodeKey(_ codepoint: Int) -> Key? {
        switch codepoint {
        case 13: return .enter
        case 9: return .tab
        case 127, 8: return .backspace
        case 27: return .escape
        case 32...: return Unicode.Scalar(UInt32(clamping: codepoint)).map { .character(Character($0)) }
        default: return nil
        }
    }

    /// `1;5` → [1, 5]; an empty parameter is 0 (and defaults later); a sub-parameter after
    /// `:` is ignored. False when something is not a number. Reuses `result`'s storage, so
    /// the hot path (mouse motion) does not allocate.
    private static func parameters(_ bytes: ArraySlice<UInt8>, into result: inout [Int]) -> Bool {
        result.removeAll(keepingCapacity: true)
        if bytes.isEmpty { return true }
        var current = 0
        var inSubparameter = false
        for byte in bytes {
            switch byte {
            case 0x30...0x39:
                if !inSubparameter { current = min(current * 10 + Int(byte - 0x30), 1_000_000) }
            case 0x3B:
                result.append(current)
                current = 0
                inSubparameter = false
            case 0x3A:
                inSubparameter = true
            default:
                return false
            }
        }
        result.append(current)
        return true
    }

    mutating func pasteByte(_ byte: UInt8, into events: inout [TerminalEvent]) {
        let terminator = Self.pasteTerminator
        if byte == terminator[pasteTerminatorMatched] {
            pasteTerminatorMatched += 1
            if pasteTerminatorMatched == terminator.count {
                finishPaste(into: &events)
            }
            return
        }
        if pasteTerminatorMatched > 0 {
            // What looked like the terminator was pasted text after all.
            appendPasted(terminator[0..<pasteTerminatorMatched])
            pasteTerminatorMatched = 0
            if byte == terminator[0] {
                pasteTerminatorMatched = 1
                return
            }
        }
        appendPasted(CollectionOfOne(byte))
    }

    mutating func appendPasted(_ bytes: some Collection<UInt8>) {
        let room = Self.maxPasteBytes - paste.count
        if room > 0 { paste.append(contentsOf: bytes.prefix(room)) }
    }

    private mutating func finishPaste(into events: inout [TerminalEvent]) {
        let text = TextSanitizer.sanitize(String(decoding: paste, as: UTF8.self))
        paste.removeAll(keepingCapacity: false)
        pasteTerminatorMatched = 0
        state = .ground
        if !text.isEmpty { events.append(.paste(text)) }
    }
}
