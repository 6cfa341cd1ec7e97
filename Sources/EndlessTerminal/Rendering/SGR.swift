/// Select Graphic Rendition: the shortest `ESC [ … m` that turns one style into another.
enum SGR {
    /// Appends what changes the terminal's pen from `pen` (nil: unknown) to `target`.
    /// Both styles must already be downsampled to the color depth.
    static func append(from pen: Style?, to target: Style, into out: inout ByteWriter) {
        if let pen, pen == target { return }
        var reset: [Int] = []
        resetParameters(for: target, into: &reset)
        guard let pen else {
            write(reset.isEmpty ? [0] : [0] + reset, into: &out)
            return
        }
        var incremental: [Int] = []
        incrementalParameters(from: pen, to: target, into: &incremental)
        let resetForm = reset.isEmpty ? [] : [0] + reset  // `ESC[m` alone resets
        if length(resetForm) <= length(incremental) {
            write(resetForm, into: &out)
        } else {
            write(incremental, into: &out)
        }
    }

    /// Parameters that set `target` from a reset pen (without the leading 0).
    private static func resetParameters(for target: Style, into parameters: inout [Int]) {
        appendAttributes(target.attributes, into: &parameters)
        if target.foreground != .default { appendColor(target.foreground, background: false, into: &parameters) }
        if target.background != .default { appendColor(target.background, background: true, into: &parameters) }
    }

    private static func incrementalParameters(from pen: Style, to target: Style, into parameters: inout [Int]) {
        let removed = pen.attributes.subtracting(target.attributes)
        var added = target.attributes.subtracting(pen.attributes)
        if !removed.intersection([.bold, .dim]).isEmpty {
            parameters.append(22)  // normal intensity: turns off both bold and dim
            added.formUnion(target.attributes.intersection([.bold, .dim]))
        }
        if removed.contains(.italic) { parameters.append(23) }
        if removed.contains(.underline) { parameters.append(24) }
        if removed.contains(.reverse) { parameters.append(27) }
        appendAttributes(added, into: &parameters)
        if pen.foreground != target.foreground { appendColor(target.foreground, background: false, into: &parameters) }
        if pen.background != target.background { appendColor(target.background, background: true, into: &parameters) }
    }

    private static func appendAttributes(_ attributes: TextAttributes, into parameters: inout [Int]) {
        if attributes.contains(.bold) { parameters.append(1) }
        if attributes.contains(.dim) { parameters.append(2) }
        if attributes.contains(.italic) { parameters.append(3) }
        if attributes.contains(.underline) { parameters.append(4) }
        if attributes.contains(.reverse) { parameters.append(7) }
    }

    private static func appendColor(_ color: Color, background: Bool, into parameters: inout [Int]) {
        let offset = background ? 10 : 0
        switch color {
        case .default:
            parameters.append(39 + offset)
        case .ansi(let index):
            let value = Int(index & 15)
            parameters.append(value < 8 ? 30 + offset + value : 90 + offset + value - 8)
        case .indexed(let index):
            parameters.append(contentsOf: [38 + offset, 5, Int(index)])
        case .rgb(let r, let g, let b):
            parameters.append(contentsOf: [38 + offset, 2, Int(r), Int(g), Int(b)])
        }
    }

    /// Bytes of `ESC [ p;p;… m`; an empty list is the 3-byte reset `ESC[m`.
    private static func length(_ parameters: [Int]) -> Int {
        var total = 3 + max(0, parameters.count - 1)
        for parameter in parameters { total += ByteWriter.decimalLength(parameter) }
        return total
    }

    private static func write(_ parameters: [Int], into out: inout ByteWriter) {
        out.csi()
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { out.append(0x3B) }
            out.appendDecimal(parameter)
        }
        out.append(0x6D)
    }
}
