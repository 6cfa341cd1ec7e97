/// Modifier keys held with a key or a mouse event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The bits: shift 1, alt 2, control 4, meta 8.
    public let rawValue: UInt8

    /// Creates modifiers from their raw bits.
    ///
    /// - Parameter rawValue: the bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shift.
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Alt (Option), also what an ESC prefix means.
    public static let alt = KeyModifiers(rawValue: 1 << 1)
    /// Control.
    public static let control = KeyModifiers(rawValue: 1 << 2)
    /// Meta (Super), when the terminal reports it.
    public static let meta = KeyModifiers(rawValue: 1 << 3)

    /// Decodes the xterm modifier parameter (`1;5A`: 5 = 1 + Ctrl).
    init(xtermParameter value: Int) {
        let bits = max(0, value - 1)
        var modifiers: KeyModifiers = []
        if bits & 1 != 0 { modifiers.insert(.shift) }
        if bits & 2 != 0 { modifiers.insert(.alt) }
        if bits & 4 != 0 { modifiers.insert(.control) }
        if bits & 8 != 0 { modifiers.insert(.meta) }
        self = modifiers
    }
}
