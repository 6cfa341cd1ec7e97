extension InputParser {
    /// Whether `byte` after `ESC introducer` starts a reply rather than being a typed key:
    /// XTVERSION (`>|`), DA3 (`!|`) and DECRQSS/XTGETTCAP (a digit) after `ESC P`, kitty
    /// graphics (`G`) after `ESC _`, an OSC number after `ESC ]`.
    static func startsReply(introducer: UInt8, _ byte: UInt8) -> Bool {
        switch introducer {
        case 0x50: return byte == 0x3E || byte == 0x21 || (byte >= 0x30 && byte <= 0x39)
        case 0x5F: return byte == 0x47
        default: return byte >= 0x30 && byte <= 0x39
        }
    }

    mutating func stringByte(_ byte: UInt8, introducer: UInt8, into events: inout [TerminalEvent]) {
        switch byte {
        case 0x1B:
            state = .stringEscape(introducer)
        case 0x07:
            finishString(introducer)  // BEL ends an OSC, and is accepted for the others
        case 0x18, 0x1A:
            reset()  // CAN and SUB cancel the sequence
        default:
            if stringBody.count < Self.maxStringBytes { stringBody.append(byte) }
        }
    }

    mutating func finishString(_ introducer: UInt8) {
        let body = stringBody
        reset()
        switch introducer {
        case 0x50 where body.starts(with: [0x3E, 0x7C]):  // DCS > | text ST
            let text = String(decoding: body.dropFirst(2).filter { $0 >= 0x20 && $0 < 0x7F }, as: UTF8.self)
            record(.terminalVersion(text))
        case 0x5F where body.first == 0x47:  // APC G keys ; message ST
            let content = body.dropFirst()
            let control = content.prefix { $0 != 0x3B }
            let message = content.dropFirst(control.count + 1)
            var id: Int?
            for pair in control.split(separator: 0x2C) where pair.starts(with: [0x69, 0x3D]) {  // "i="
                id = Int(String(decoding: pair.dropFirst(2), as: UTF8.self))
            }
            let text = String(decoding: message.filter { $0 >= 0x20 && $0 < 0x7F }, as: UTF8.self)
            record(.kittyGraphics(id: id, message: text))
        default:
            break  // OSC and other strings: consumed, not needed
        }
    }

    /// Replies that come as control sequences; true when the sequence was one.
    mutating func dispatchReply(prefix: UInt8, final: UInt8, parameters: [Int]) -> Bool {
        switch (prefix, final) {
        case (0x3F, 0x63):  // CSI ? … c
            record(.primaryDeviceAttributes(parameters))
        case (0x3F, 0x53) where parameters.count >= 2:  // CSI ? item ; status ; … S
            record(.graphicsAttribute(item: parameters[0], status: parameters[1], values: Array(parameters.dropFirst(2))))
        case (0, 0x74) where parameters.count == 3 && (parameters[0] == 6 || parameters[0] == 4):  // CSI 6 ; h ; w t
            let size = Size(width: parameters[2], height: parameters[1])
            record(parameters[0] == 6 ? .cellPixelSize(size) : .textAreaPixelSize(size))
        case (0, 0x6E) where parameters.count == 1:  // CSI 0 n
            record(.deviceStatus(parameters[0]))
        default:
            return false
        }
        return true
    }

    private mutating func record(_ reply: TerminalReply) {
        if replies.count >= Self.maxReplies { replies.removeFirst() }
        replies.append(reply)
    }
}
