/// Mouth, beard and glasses.
extension PortraitRenderer {
    mutating func drawMouth() {
        let line = features.lipColor?.darker(0.25) ?? features.skin.mixed(with: .init(hex: 0x8A3B3B), 0.6)
        let bounds = PortraitCanvas.Bounds.around(cx, mouthY, 0.07, 0.06)
        if let lips = features.lipColor, features.mouth != .grin {
            canvas.fill(.ellipse(cx, mouthY + 0.003, 0.032, 0.011), lips, opacity: 0.9, bounds: bounds)
        }
        switch features.mouth {
        case .smile:
            canvas.fill(
                .arc(cx, mouthY - 0.032, radius: 0.04, from: .pi * 0.27, to: .pi * 0.73, thickness: 0.0045),
                line, bounds: bounds)
        case .grin:
            let opening = Shape.circle(cx, mouthY - 0.014, 0.037).intersection(.below(mouthY - 0.006))
            canvas.fill(opening, .init(hex: 0x5E2323), bounds: bounds)
            canvas.fill(opening.intersection(.above(mouthY + 0.004)), .init(hex: 0xFAFAF5), bounds: bounds)
            if let lips = features.lipColor {
                canvas.fill(opening.outline(0.003), lips, bounds: bounds)
            }
        case .flat:
            canvas.fill(.capsule(cx - 0.028, mouthY + 0.002, cx + 0.028, mouthY + 0.002, 0.0042), line, bounds: bounds)
        case .smirk:
            canvas.fill(
                .polyline(
                    [(cx - 0.028, mouthY + 0.001), (cx + 0.005, mouthY + 0.005), (cx + 0.032, mouthY - 0.008)],
                    thickness: 0.0042), line, bounds: bounds)
        }
    }

    mutating func drawBeard() {
        let clearing = Shape.ellipse(cx, mouthY + 0.002, 0.042, 0.017)
        let mustache = Shape.ellipse(cx - 0.019, mouthY - 0.017, 0.027, 0.0095)
            .union(.ellipse(cx + 0.019, mouthY - 0.017, 0.027, 0.0095))
        // The beard line curves from the ears down to just under the nose.
        let cheeks = Shape.ellipse(cx, eyeY - 0.02, fw * 1.1, mouthY - eyeY - 0.005)
        let jaw = face.offset(0.006).subtracting(cheeks).subtracting(clearing)
        switch features.beard {
        case .none:
            return
        case .stubble:
            canvas.fill(jaw.union(mustache), features.hairColor.darker(0.35), opacity: 0.22)
        case .full:
            canvas.fill(jaw, features.hairColor)
            canvas.fill(mustache, features.hairColor.darker(0.1))
        case .goatee:
            let goatee = Shape.ellipse(cx, mouthY + 0.045, 0.034, 0.045).intersection(face).subtracting(clearing)
            canvas.fill(goatee, features.hairColor)
            canvas.fill(mustache, features.hairColor.darker(0.1))
        case .mustache:
            canvas.fill(mustache, features.hairColor.darker(0.1))
        }
    }

    mutating func drawGlasses() {
        guard let frame = features.glasses else { return }
        let half = (width: 0.04, height: 0.03)
        for side in [-1.0, 1.0] {
            let ex = cx + side * features.eyeSpacing
            let lens = Shape.roundedBox(ex, eyeY, half.width, half.height, radius: 0.014)
            let bounds = PortraitCanvas.Bounds.around(ex, eyeY, 0.06, 0.05)
            canvas.fill(lens, .init(255, 255, 255), opacity: 0.14, bounds: bounds)
            canvas.fill(lens.outline(0.0035), frame, bounds: bounds)
            // The temple arm, back to the ear.
            canvas.fill(.capsule(ex + side * half.width, eyeY - 0.01, cx + side * fw * 0.97, eyeY - 0.004, 0.003), frame)
        }
        let inner = features.eyeSpacing - half.width
        canvas.fill(.arc(cx, eyeY - 0.002, radius: inner, from: .pi * 1.2, to: .pi * 1.8, thickness: 0.003), frame)
    }
}
