import EndlessTerminal

/// The far end of a pty, answering capability queries as a given terminal does (what each
/// answers was taken from its documentation and checked against xterm 379 and tmux 3.3a).
struct FarEnd {
    /// The DA1 answer; nil answers nothing at all.
    var deviceAttributes: String?
    /// The XTVERSION name.
    var version: String?
    var cellPixels: Size?
    var textAreaPixels: Size?
    var kitty = false
    /// Answers XTSMGRAPHICS for its sixel color registers.
    var sixelRegisters = false
    /// Answers a Device Status Report.
    var status = true

    static let xtermVT340 = FarEnd(
        deviceAttributes: "\u{1B}[?63;1;2;4;6;9;15;16;22;28c", version: "XTerm(379)", cellPixels: Size(width: 9, height: 18),
        textAreaPixels: Size(width: 720, height: 432), sixelRegisters: true)
    static let foot = FarEnd(
        deviceAttributes: "\u{1B}[?62;4;22c", version: "foot(1.16.2)", cellPixels: Size(width: 11, height: 24),
        textAreaPixels: Size(width: 880, height: 576), sixelRegisters: true)
    static let kitty = FarEnd(
        deviceAttributes: "\u{1B}[?62;c", version: "kitty(0.35.2)", cellPixels: Size(width: 10, height: 21),
        textAreaPixels: Size(width: 800, height: 504), kitty: true)
    /// tmux 3.3a itself: answers DA1 and XTVERSION, not the pixel queries, drops APC.
    static let tmux = FarEnd(deviceAttributes: "\u{1B}[?1;2c", version: "tmux 3.3a", status: true)
    static let silent = FarEnd(deviceAttributes: nil, status: false)

    /// The answers to every query in `written`, in order. Queries wrapped in tmux's
    /// passthrough go to `outer` (nil: tmux's passthrough is off and drops them).
    static func answers(to written: [UInt8], direct: FarEnd, outer: FarEnd?) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        func starts(_ text: String, at position: Int) -> Bool {
            let bytes = Array(text.utf8)
            return position + bytes.count <= written.count && Array(written[position..<(position + bytes.count)]) == bytes
        }
        while index < written.count {
            if starts("\u{1B}Ptmux;", at: index) {
                var end = index + 7
                var inner: [UInt8] = []
                while end < written.count {
                    if written[end] == 0x1B, end + 1 < written.count, written[end + 1] == 0x1B {
                        inner.append(0x1B)
                        end += 2
                    } else if written[end] == 0x1B, end + 1 < written.count, written[end + 1] == 0x5C {
                        break
                    } else {
                        inner.append(written[end])
                        end += 1
                    }
                }
                if let outer { out += answers(to: inner, direct: outer, outer: nil) }
                index = end + 2
                continue
            }
            if let answer = direct.answer(written, at: index) { out += Array(answer.utf8) }
            index += 1
        }
        return out
    }

    /// The answer to a query starting at `index`, if one does.
    func answer(_ bytes: [UInt8], at index: Int) -> String? {
        guard deviceAttributes != nil else { return nil }
        let rest = String(decoding: bytes[index..<min(bytes.count, index + 64)], as: UTF8.self)
        if rest.hasPrefix("\u{1B}_G"), rest.contains("a=q") { return kitty ? "\u{1B}_Gi=31;OK\u{1B}\\" : nil }
        if rest.hasPrefix("\u{1B}[16t") { return cellPixels.map { "\u{1B}[6;\($0.height);\($0.width)t" } }
        if rest.hasPrefix("\u{1B}[14t") { return textAreaPixels.map { "\u{1B}[4;\($0.height);\($0.width)t" } }
        if rest.hasPrefix("\u{1B}[>0q") || rest.hasPrefix("\u{1B}[>q") { return version.map { "\u{1B}P>|\($0)\u{1B}\\" } }
        if rest.hasPrefix("\u{1B}[?1;1;0S") { return sixelRegisters ? "\u{1B}[?1;0;1024S" : nil }
        if rest.hasPrefix("\u{1B}[5n") { return status ? "\u{1B}[0n" : nil }
        if rest.hasPrefix("\u{1B}[c") || rest.hasPrefix("\u{1B}[0c") { return deviceAttributes }
        return nil
    }
}
