import EndlessTerminal

extension VirtualScreen {
    mutating func selectGraphicRendition(_ numbers: [Int?]) {
        var index = 0
        let values = numbers.isEmpty ? [0] : numbers.map { $0 ?? 0 }
        while index < values.count {
            let value = values[index]
            index += 1
            switch value {
            case 0: pen = .plain
            case 1: pen.attributes.insert(.bold)
            case 2: pen.attributes.insert(.dim)
            case 3: pen.attributes.insert(.italic)
            case 4: pen.attributes.insert(.underline)
            case 7: pen.attributes.insert(.reverse)
            case 22: pen.attributes.subtract([.bold, .dim])
            case 23: pen.attributes.remove(.italic)
            case 24: pen.attributes.remove(.underline)
            case 27: pen.attributes.remove(.reverse)
            case 30...37: pen.foreground = .ansi(UInt8(value - 30))
            case 90...97: pen.foreground = .ansi(UInt8(value - 90 + 8))
            case 40...47: pen.background = .ansi(UInt8(value - 40))
            case 100...107: pen.background = .ansi(UInt8(value - 100 + 8))
            case 39: pen.foreground = .default
            case 49: pen.background = .default
            case 38, 48:
                guard let color = extendedColor(values, &index) else {
                    unsupportedSequences.append("SGR \(values)")
                    return
                }
                if value == 38 { pen.foreground = color } else { pen.background = color }
            default:
                unsupportedSequences.append("SGR \(value)")
            }
        }
    }

    private func extendedColor(_ values: [Int], _ index: inout Int) -> Color? {
        guard index < values.count else { return nil }
        let kind = values[index]
        if kind == 5, index + 1 < values.count {
            defer { index += 2 }
            return .indexed(UInt8(clamping: values[index + 1]))
        }
        if kind == 2, index + 3 < values.count {
            defer { index += 4 }
            return .rgb(UInt8(clamping: values[index + 1]), UInt8(clamping: values[index + 2]), UInt8(clamping: values[index + 3]))
        }
        return nil
    }

    /// The screen as text followed by a style map: one letter per cell naming its style
    /// (`.` for the default look), and a legend. Made for snapshot files, where a change of
    /// color or attribute shows up as a readable diff. Spaces the program erased rather than
    /// wrote carry the background only (their foreground would not show anyway).
    ///
    /// - Returns: the text, a blank line, the style map, a blank line, the legend.
    public func styledText() -> String {
        var legend: [Style] = []
        var map: [String] = []
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        for y in 0..<size.height {
            var row = ""
            for x in 0..<size.width {
                let cell = buffer[x, y]
                if cell.style == .plain {
                    row.append(".")
                    continue
                }
                var index = legend.firstIndex(of: cell.style) ?? legend.count
                if index == legend.count { legend.append(cell.style) }
                index = min(index, letters.count - 1)
                row.append(letters[index])
            }
            map.append(String(row.reversed().drop(while: { $0 == "." }).reversed()))
        }
        let described = legend.enumerated().map { "\(letters[min($0.offset, letters.count - 1)]): \(Self.describe($0.element))" }
        return ([text, ""] + map + [""] + described).joined(separator: "\n")
    }

    static func describe(_ style: Style) -> String {
        var parts: [String] = []
        let names: [(TextAttributes, String)] = [
            (.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"), (.reverse, "reverse"),
        ]
        for (attribute, name) in names where style.attributes.contains(attribute) { parts.append(name) }
        if style.foreground != .default { parts.append("fg=\(describe(style.foreground))") }
        if style.background != .default { parts.append("bg=\(describe(style.background))") }
        return parts.joined(separator: " ")
    }

    static func describe(_ color: Color) -> String {
        switch color {
        case .default: return "default"
        case .ansi(let index): return "ansi\(index)"
        case .indexed(let index): return "idx\(index)"
        case .rgb(let r, let g, let b):
            let hex = (Int(r) << 16) | (Int(g) << 8) | Int(b)
            let digits = String(hex, radix: 16)
            return "#" + String(repeating: "0", count: 6 - digits.count) + digits
        }
    }
}
