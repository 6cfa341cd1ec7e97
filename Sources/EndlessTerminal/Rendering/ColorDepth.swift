/// How many colors the terminal shows, which decides how ``Color`` values are written.
public enum ColorDepth: Int, Hashable, Sendable, Comparable, CaseIterable {
    /// No color at all (`NO_COLOR`, `TERM=dumb`): attributes only.
    case none
    /// The 16 ANSI colors.
    case ansi16
    /// The xterm 256-color palette.
    case indexed256
    /// 24-bit color.
    case trueColor

    /// Fewer colors sort first.
    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Detects the depth from environment variables, in this order: `NO_COLOR` set and not
    /// empty, or `TERM=dumb`, means none; `COLORTERM=truecolor` or `24bit` (or a `*-direct`
    /// TERM) means true color; a TERM containing `256color` means 256; any other TERM, or
    /// none, means 16.
    ///
    /// - Parameter environment: the variables, e.g. `ProcessInfo.processInfo.environment`;
    ///   tests pass their own.
    /// - Returns: the depth to render with.
    public static func detect(environment: [String: String]) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let term = environment["TERM"]?.lowercased() ?? ""
        if term == "dumb" { return .none }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" || term.hasSuffix("-direct") { return .trueColor }
        // `xterm-256color`, `screen-256color-bce`: a word of the name, found without
        // Foundation's `contains`, whose first call costs a tenth of a millisecond at launch.
        if term.split(separator: "-").contains("256color") { return .indexed256 }
        return .ansi16
    }

    /// `color` as this depth can show it: RGB and palette colors are mapped to the nearest
    /// color available; with no color, everything becomes the default.
    ///
    /// - Parameter color: the wanted color.
    /// - Returns: the color to emit.
    public func downsample(_ color: Color) -> Color {
        switch (self, color) {
        case (_, .default), (.trueColor, _): return color
        case (.none, _): return .default
        case (.indexed256, .rgb(let r, let g, let b)): return .indexed(Palette.nearest256(r, g, b))
        case (.indexed256, _): return color
        case (.ansi16, .ansi): return color
        case (.ansi16, .indexed(let index)):
            if index < 16 { return .ansi(index) }
            let (r, g, b) = Palette.rgb(ofIndex: index)
            return .ansi(Palette.nearest16(r, g, b))
        case (.ansi16, .rgb(let r, let g, let b)): return .ansi(Palette.nearest16(r, g, b))
        }
    }
}
