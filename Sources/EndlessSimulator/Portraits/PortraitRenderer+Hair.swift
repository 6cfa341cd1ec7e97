import Foundation

/// Hair: the part behind the head (long styles, afros, buns) and the part in front of it
/// (the cap with its hairline, fringes, quiffs).
extension PortraitRenderer {
    /// The skull the hair cap hugs, grown by `volume`.
    private func skull(_ volume: Double) -> Shape {
        .ellipse(cx, cy - 0.012, fw + 0.012 + volume, fh + 0.014 + volume)
    }

    /// The skin the hairline leaves free: an ellipse over the forehead, shifted by the parting.
    private func forehead(shift: Double = 0, height: Double = 0) -> Shape {
        .ellipse(cx + shift, cy + 0.1 - height, fw * 0.94, fh * 0.84 + height)
    }

    /// The cap: skull minus forehead, ending at the temples (`sides` below the eye line).
    private func cap(volume: Double, shift: Double = 0, height: Double = 0, sides: Double = -0.03) -> Shape {
        skull(volume).intersection(.above(eyeY + sides)).subtracting(forehead(shift: shift, height: height))
    }

    func hairBehind() -> Shape? {
        let side = features.parting < 0 ? -1.0 : 1.0
        switch features.hair {
        case .long:
            let bottom = features.isWoman ? 0.9 : 0.74
            let top = cy - fh * 0.4
            return Shape.roundedBox(cx, (top + bottom) / 2, fw + 0.045, (bottom - top) / 2, radius: 0.09)
                .union(skull(0.03))
        case .bob:
            let bottom = cy + fh * 0.72
            let top = cy - fh * 0.5
            return Shape.roundedBox(cx, (top + bottom) / 2, fw + 0.05, (bottom - top) / 2, radius: 0.06)
                .union(skull(0.04))
        case .afro:
            let center = (cx, cy - 0.04)
            let puffs = (0..<14).map { index in
                let angle = Double(index) / 14 * 2 * .pi
                return (x: center.0 + cos(angle) * (fw + 0.075), y: center.1 + sin(angle) * (fh + 0.035), radius: 0.05)
            }
            return Shape.circles(puffs).union(.ellipse(center.0, center.1, fw + 0.08, fh + 0.04))
        case .curlyLong:
            var puffs: [(x: Double, y: Double, radius: Double)] = []
            for row in 0..<6 {
                let y = cy - 0.06 + Double(row) * 0.07
                let wobble = row % 2 == 0 ? 0.0 : 0.015
                for s in [-1.0, 1.0] {
                    puffs.append((cx + s * (fw + 0.03 + wobble), y, 0.052))
                }
            }
            return skull(0.035).union(.circles(puffs))
        case .bun:
            return Shape.circle(cx + side * 0.02, cy - fh - 0.045, 0.065)
        case .ponytail:
            return Shape.capsule(cx + side * fw * 0.6, cy - fh * 0.75, cx + side * (fw + 0.07), cy + 0.16, 0.045)
                .union(.circle(cx + side * (fw + 0.03), cy - fh * 0.45, 0.05))
        default:
            return nil
        }
    }

    func hairInFront() -> Shape? {
        let side = features.parting < 0 ? -1.0 : 1.0
        switch features.hair {
        case .short:
            return cap(volume: 0.012, shift: features.parting * 0.02)
        case .sidePart:
            let sweep = skull(0.026).intersection(.above(cy - fh * 0.45))
                .subtracting(.ellipse(cx + side * 0.09, cy - 0.03, fw * 0.62, fh * 0.55))
            return cap(volume: 0.026, shift: side * 0.05, height: 0.02).union(sweep)
        case .buzz:
            return cap(volume: 0.004, height: 0.012)
        case .bald:
            return nil
        case .balding:
            return cap(volume: 0.008, height: 0.02).intersection(.outside(halfWidth: fw * 0.62, of: cx))
        case .quiff:
            let quiff = Shape.ellipse(cx + side * 0.02, cy - fh - 0.01, fw * 0.8, 0.055).intersection(.above(cy - fh * 0.55))
            return cap(volume: 0.014, height: 0.03).union(quiff)
        case .curlyTop:
            let curls = (0..<9).map { index in
                let angle = Double.pi * (1.1 + 0.8 * Double(index) / 8)
                return (x: cx + cos(angle) * (fw + 0.01), y: cy - 0.012 + sin(angle) * (fh + 0.012), radius: 0.032)
            }
            return cap(volume: 0.018).union(Shape.circles(curls).intersection(.above(cy - fh * 0.3)))
        case .afro:
            return cap(volume: 0.02, height: 0.01)
        case .long, .curlyLong:
            return cap(volume: 0.03, shift: features.parting * 0.03, sides: 0.01)
        case .bob:
            // Straight bangs across the forehead.
            return skull(0.04).intersection(.above(cy - fh * 0.38))
        case .bun, .ponytail:
            return cap(volume: 0.01, height: 0.015)
        case .pixie:
            let fringe = skull(0.02).intersection(.above(cy - fh * 0.25))
                .subtracting(.ellipse(cx - side * 0.1, cy + 0.02, fw * 0.8, fh * 0.62))
            return cap(volume: 0.02, shift: -side * 0.03).union(fringe)
        }
    }
}
