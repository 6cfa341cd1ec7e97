import EndlessTerminal

extension VirtualScreen {
    enum ParserState: Sendable {
        case ground
        case escape
        case escapeIntermediate([UInt8])
        case controlSequence([UInt8])
        /// Inside `ESC P`, `ESC ]`, `ESC _` …: the bytes go to ``VirtualScreen/stringBody``.
        case string(introducer: UInt8)
        case stringEscape(introducer: UInt8)
    }

    mutating func consume(_ byte: UInt8) {
        switch parser {
        case .ground:
            if byte >= 0x20 && byte != 0x7F {
                pendingText.append(byte)
            } else {
                flushText(final: true)
                control(byte)
            }
        case .escape:
            escape(byte)
        case .escapeIntermediate(let intermediates):
            if byte >= 0x20 && byte <= 0x2F {
                parser = .escapeIntermediate(intermediates + [byte])
            } else {
                parser = .ground
                unsupportedSequences.append("ESC " + String(decoding: intermediates + [byte], as: UTF8.self))
            }
        case .controlSequence(var bytes):
            if byte >= 0x40 && byte <= 0x7E {
                parser = .ground
                controlSequence(parameters: bytes, final: byte)
            } else if byte >= 0x20 && byte <= 0x3F {
                bytes.append(byte)
                parser = .controlSequence(bytes)
            } else {
                parser = .ground
                unsupportedSequences.append("CSI aborted")
                control(byte)
            }
        case .string(let introducer):
            if byte == 0x1B {
                parser = .stringEscape(introducer: introducer)
            } else if byte == 0x07 && introducer == 0x5D {
                parser = .ground
                endString(introducer: introducer)
            } else {
                stringBody.append(byte)
            }
        case .stringEscape(let introducer):
            if byte == 0x5C {
                parser = .ground
                endString(introducer: introducer)
            } else {
                // Inside tmux's passthrough an ESC is doubled; keep both bytes for unwrapping.
                stringBody.append(0x1B)
                stringBody.append(byte)
                parser = .string(introducer: introducer)
            }
        }
    }

    private mutating func control(_ byte: UInt8) {
        switch byte {
        case 0x1B: parser = .escape
        case 0x08: moveTo(x: cursor.x - 1, y: cursor.y)
        case 0x09: moveTo(x: min(size.width - 1, (cursor.x / 8 + 1) * 8), y: cursor.y)
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x0D: moveTo(x: 0, y: cursor.y)
        case 0x07, 0x00, 0x7F, 0x18, 0x1A: break  // BEL, NUL, DEL; CAN and SUB cancel a sequence
        default: unsupportedSequences.append("C0 \(byte)")
        }
    }

    private mutating func escape(_ byte: UInt8) {
        parser = .ground
        switch byte {
        case 0x5B: parser = .controlSequence([])
        case 0x5D, 0x50, 0x5F, 0x5E, 0x58:
            parser = .string(introducer: byte)
            stringBody.removeAll(keepingCapacity: true)
        case 0x37: savedCursor = cursor
        case 0x38: if let savedCursor { moveTo(x: savedCursor.x, y: savedCursor.y) }
        case 0x44: lineFeed()
        case 0x45: moveTo(x: 0, y: cursor.y); lineFeed()
        case 0x4D: reverseIndex()
        case 0x3D, 0x3E: break  // keypad modes
        case 0x20...0x2F: parser = .escapeIntermediate([byte])
        default: unsupportedSequences.append("ESC " + String(decoding: [byte], as: UTF8.self))
        }
    }

    private mutating func endString(introducer: UInt8) {
        let body = stringBody
        stringBody.removeAll(keepingCapacity: true)
        switch introducer {
        case 0x50 where body.starts(with: Array("tmux;".utf8)):
            // tmux's passthrough: what tmux would forward to the terminal it runs in, which
            // this screen plays (the pane at the top-left). tmux keeps the pane's own cursor
            // and pen apart from the outer terminal's, so they come back afterwards.
            passthroughWrites += 1
            let pane = (cursor: cursor, pen: pen, wrapPending: wrapPending)
            defer { (cursor, pen, wrapPending) = pane }
            var inner: [UInt8] = []
            var index = 5
            while index < body.count {
                if body[index] == 0x1B, index + 1 < body.count, body[index + 1] == 0x1B { index += 1 }
                inner.append(body[index])
                index += 1
            }
            let saved = parser
            parser = .ground
            write(inner)
            parser = saved
        case 0x50 where body.prefix(64).contains(0x71):  // DCS … q: sixel
            graphics.append(Graphic(kind: .sixel, origin: cursor, byteCount: body.count))
            pixels.drawSixel(body, at: cursor, screen: size)
        case 0x5F where body.first == 0x47:  // APC G: kitty graphics
            let isDelete = body.starts(with: Array("Ga=d".utf8))
            if !isDelete && !Self.isKittyContinuation(body) && !body.starts(with: Array("Ga=q".utf8)) {
                graphics.append(Graphic(kind: .kitty, origin: cursor, byteCount: body.count))
            }
            pixels.kittyCommand(body, at: cursor, screen: size)
        case 0x5D:
            let text = String(decoding: body.prefix(256), as: UTF8.self)
            if text.hasPrefix("0;") || text.hasPrefix("2;") { title = String(text.dropFirst(2)) }
        default:
            unsupportedSequences.append("string \(introducer)")
        }
    }

    /// A later chunk of a kitty transmission (`m=` before any other key but `q`).
    static func isKittyContinuation(_ body: [UInt8]) -> Bool {
        let control = body.dropFirst().prefix { $0 != 0x3B }
        let keys = control.split(separator: 0x2C).map { $0.first }
        return keys.contains(0x6D) && keys.allSatisfy { $0 == 0x6D || $0 == 0x71 }
    }

    private mutating func controlSequence(parameters bytes: [UInt8], final: UInt8) {
        var prefix: UInt8?
        var body = bytes[...]
        if let first = body.first, first >= 0x3C && first <= 0x3F {
            prefix = first
            body = body.dropFirst()
        }
        let numbers = body.split(separator: 0x3B, omittingEmptySubsequences: false).map { Int(String(decoding: $0, as: UTF8.self)) }
        func parameter(_ index: Int, default value: Int = 1) -> Int {
            guard index < numbers.count, let number = numbers[index], number != 0 else { return value }
            return number
        }
        if prefix == 0x3F {
            privateMode(numbers.compactMap { $0 }, set: final == 0x68, final: final)
            return
        }
        guard prefix == nil else {
            unsupportedSequences.append("CSI " + String(decoding: bytes + [final], as: UTF8.self))
            return
        }
        switch final {
        case 0x41: moveTo(x: cursor.x, y: cursor.y - parameter(0))  // CUU
        case 0x42: moveTo(x: cursor.x, y: cursor.y + parameter(0))  // CUD
        case 0x43: moveTo(x: cursor.x + parameter(0), y: cursor.y)  // CUF
        case 0x44: moveTo(x: cursor.x - parameter(0), y: cursor.y)  // CUB
        case 0x45: moveTo(x: 0, y: cursor.y + parameter(0))  // CNL
        case 0x46: moveTo(x: 0, y: cursor.y - parameter(0))  // CPL
        case 0x47: moveTo(x: parameter(0) - 1, y: cursor.y)  // CHA
        case 0x64: moveTo(x: cursor.x, y: parameter(0) - 1)  // VPA
        case 0x48, 0x66: moveTo(x: parameter(1) - 1, y: parameter(0) - 1)  // CUP, HVP
        case 0x4A: eraseDisplay(numbers.first.flatMap { $0 } ?? 0)
        case 0x4B: eraseLine(numbers.first.flatMap { $0 } ?? 0)
        case 0x58: erase(from: cursor.y * size.width + cursor.x, to: cursor.y * size.width + min(size.width, cursor.x + parameter(0)))
        case 0x53: scroll(up: parameter(0))  // SU
        case 0x54: scroll(up: -parameter(0))  // SD
        case 0x4C where cursor.y >= scrollTop && cursor.y < scrollBottom: scroll(up: -parameter(0), top: cursor.y)  // IL
        case 0x4D where cursor.y >= scrollTop && cursor.y < scrollBottom: scroll(up: parameter(0), top: cursor.y)  // DL
        case 0x6D: selectGraphicRendition(numbers)
        case 0x72:  // DECSTBM
            let top = parameter(0) - 1
            let bottom = parameter(1, default: size.height)
            if bottom - top >= 2 && bottom <= size.height {
                scrollTop = top
                scrollBottom = bottom
            } else if numbers.allSatisfy({ $0 == nil }) {
                scrollTop = 0
                scrollBottom = size.height
            }
            moveTo(x: 0, y: 0)
        default:
            unsupportedSequences.append("CSI " + String(decoding: bytes + [final], as: UTF8.self))
        }
    }

    private mutating func eraseDisplay(_ mode: Int) {
        let here = cursor.y * size.width + cursor.x
        switch mode {
        case 0: erase(from: here, to: size.area)
        case 1: erase(from: 0, to: here + 1)
        default: erase(from: 0, to: size.area)
        }
    }

    private mutating func eraseLine(_ mode: Int) {
        let row = cursor.y * size.width
        switch mode {
        case 0: erase(from: row + cursor.x, to: row + size.width)
        case 1: erase(from: row, to: row + cursor.x + 1)
        default: erase(from: row, to: row + size.width)
        }
    }

    private mutating func privateMode(_ modes: [Int], set: Bool, final: UInt8) {
        guard final == 0x68 || final == 0x6C else {
            unsupportedSequences.append("CSI ? \(modes) \(final)")
            return
        }
        for mode in modes {
            if set { privateModes.insert(mode) } else { privateModes.remove(mode) }
            switch mode {
            case 25:
                isCursorVisible = set
            case 1049:
                guard set != isAlternateScreen else { break }
                isAlternateScreen = set
                pixels.switchScreen()
                if set {
                    savedMainScreen = buffer
                    savedCursor = cursor
                    buffer = ScreenBuffer(size: size)
                } else {
                    buffer = savedMainScreen ?? ScreenBuffer(size: size)
                    if let savedCursor { cursor = savedCursor }
                }
            case 2026:
                if set {
                    isInSynchronizedUpdate = true
                } else if isInSynchronizedUpdate {
                    isInSynchronizedUpdate = false
                    synchronizedUpdates += 1
                }
            case 7, 1000, 1002, 1003, 1004, 1006, 2004:
                break
            default:
                unsupportedSequences.append("private mode \(mode)")
            }
        }
    }
}
