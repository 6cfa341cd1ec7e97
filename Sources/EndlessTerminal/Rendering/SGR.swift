/// Select Graphic Rendition: the shortest `ESC [ … m` that turns one style into another.
enum SGR {
    /// Appends what changes the terminal's pen from `pen` (nil: unknown) to `target`.
    /// Both styles must already be downsampled to the color depth.
    static func append(from pen: Style?, to target: Style, into out: inout ByteWriter) {
        if let pen, pen == target { return }
        var reset = SGRParameters()
        reset.append(0)
        resetParameters(for: target, into: &reset)
        guard let pen else {
            write(reset, into: &out)
            return
        }
        var incremental = SGRParameters()
        incrementalParameters(from: pen, to: target, into: &incremental)
        // `ESC[m` alone resets: a reset form with nothing after the 0 drops it.
        if reset.count == 1 { reset = SGRParameters() }
        write(reset.length <= incremental.length ? reset : incremental, into: &out)
    }

    /// Parameters that set `target` from a reset pen (without the leading 0).
    private static func resetParameters(for target: Style, into parameters: inout SGRParameters) {
        appendAttributes(target.attributes, into: &parameters)
        if target.foreground != .default { appendColor(target.foreground, background: false, into: &parameters) }
        if target.background != .default { appendColor(target.background, background: true, into: &parameters) }
    }

    private static func incrementalParameters(from pen: Style, to target: Style, into parameters: inout SGRParameters) {
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

    private static func appendAttributes(_ attributes: TextAttributes, into parameters: inout SGRParameters) {
        if attributes.contains(.bold) { parameters.append(1) }
        if attributes.contains(.dim) { parameters.append(2) }
        if attributes.contains(.italic) { parameters.append(3) }
        if attributes.contains(.underline) { parameters.append(4) }
        if attributes.contains(.reverse) { parameters.append(7) }
    }

    private static func appendColor(_ color: Color, background: Bool, into parameters: inout SGRParameters) {
        let offset: UInt8 = background ? 10 : 0
        switch color {
        case .default:
            parameters.append(39 + offset)
        case .ansi(let index):
            let value = index & 15
            parameters.append(value < 8 ? 30 + offset + value : 90 + offset + value - 8)
        case .indexed(let index):
            parameters.append(38 + offset)
            parameters.append(5)
            parameters.append(index)
        case .rgb(let r, let g, let b):
            parameters.append(38 + offset)
            parameters.append(2)
            parameters.append(r)
            parameters.append(g)
            parameters.append(b)
        }
    }

    /// Writes `ESC [ p;p;… m`; no parameters is the 3-byte reset `ESC[m`.
    private static func write(_ parameters: SGRParameters, into out: inout ByteWriter) {
        out.csi()
        for index in 0..<parameters.count {
            if index > 0 { out.append(0x3B) }
            out.appendDecimal(parameters[index])
        }
        out.append(0x6D)
    }
}

/// The parameters of one SGR, kept inline rather than in an array: a frame that scrolls a
/// list of true-colour pictures sets the pen dozens of times, and an array per SGR (and one
/// per colour) was most of the cost of writing a cell. Every parameter is below 256, and an
/// SGR has at most 19 (four removals, five attributes, two colours of five), so a fixed
/// capacity of 24 is never reached; a parameter past it would be dropped rather than trap.
struct SGRParameters {
    static let capacity = 24
    private var storage: (UInt64, UInt64, UInt64) = (0, 0, 0)
    /// How many parameters are held.
    private(set) var count = 0
    /// The bytes of `ESC [ p;p;… m` with these parameters, kept as they are appended.
    private(set) var length = 3

    mutating func append(_ value: UInt8) {
        guard count < Self.capacity else { return }
        withUnsafeMutableBytes(of: &storage) { $0[count] = value }
        length += (count > 0 ? 1 : 0) + ByteWriter.decimalLength(value)
        count += 1
    }

    subscript(index: Int) -> UInt8 {
        withUnsafeBytes(of: storage) { $0[index] }
    }
}
