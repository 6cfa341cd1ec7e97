/// A mouse event from SGR mouse reporting (modes 1000/1002/1003 with 1006).
public struct MouseEvent: Hashable, Sendable {
    /// A mouse button.
    public enum Button: Hashable, Sendable {
        /// The primary button.
        case left
        /// The middle button or wheel click.
        case middle
        /// The secondary button.
        case right
        /// An extra button (8 and up, "back" and "forward").
        case other(Int)
    }

    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// A button went down.
        case press(Button)
        /// A button went up.
        case release(Button)
        /// The mouse moved with a button held (mode 1002).
        case drag(Button)
        /// The mouse moved with no button held (mode 1003 only).
        case move
        /// The wheel turned away from the user.
        case scrollUp
        /// The wheel turned towards the user.
        case scrollDown
        /// The wheel (or a trackpad) scrolled left.
        case scrollLeft
        /// The wheel (or a trackpad) scrolled right.
        case scrollRight
    }

    /// What happened.
    public var kind: Kind
    /// The cell under the pointer, 0-based.
    public var position: Point
    /// Modifiers held (shift, alt, control).
    public var modifiers: KeyModifiers

    /// Creates a mouse event.
    ///
    /// - Parameters:
    ///   - kind: what happened.
    ///   - position: the cell, 0-based.
    ///   - modifiers: modifiers held.
    public init(_ kind: Kind, at position: Point, modifiers: KeyModifiers = []) {
        self.kind = kind
        self.position = position
        self.modifiers = modifiers
    }

    /// Decodes the button byte of a mouse report (SGR or X10, already without X10's +32).
    init?(code: Int, x: Int, y: Int, released: Bool) {
        guard code >= 0 else { return nil }
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let low = code & 3
        let button: Button?
        if code & 128 != 0 {
            button = .other(8 + low)
        } else {
            switch low {
            case 0: button = .left
            case 1: button = .middle
            case 2: button = .right
            default: button = nil
            }
        }
        let kind: Kind
        if code & 64 != 0 && code & 128 == 0 {
            switch low {
            case 0: kind = .scrollUp
            case 1: kind = .scrollDown
            case 2: kind = .scrollLeft
            default: kind = .scrollRight
            }
        } else if code & 32 != 0 {
            if let button { kind = .drag(button) } else { kind = .move }
        } else if released || button == nil {
            // X10 reports a release as button 3 without saying which; SGR says which.
            kind = .release(button ?? .left)
        } else if let button {
            kind = .press(button)
        } else {
            return nil
        }
        self.init(kind, at: Point(x: max(0, x - 1), y: max(0, y - 1)), modifiers: modifiers)
    }
}
