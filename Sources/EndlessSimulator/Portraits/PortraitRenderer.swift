import Foundation

/// Draws a ``PortraitFeatures`` face into a square RGB image, back to front: background,
/// hair behind the head, shoulders, neck, ears, face, beard, hair in front, then eyes,
/// brows, nose, mouth and glasses. All geometry is in unit coordinates, so every size is the
/// same picture.
package struct PortraitRenderer {
    let features: PortraitFeatures
    var canvas: PortraitCanvas

    // The face's frame: centre, half sizes, and the rows the features sit on.
    let cx = 0.5
    let cy = 0.47
    var fw: Double { features.faceWidth }
    var fh: Double { features.faceHeight }
    var eyeY: Double { cy + 0.005 }
    var browY: Double { eyeY - 0.047 }
    var noseY: Double { eyeY + 0.072 }
    var mouthY: Double { eyeY + 0.128 }

    /// The head fills most of the frame, the shoulders just show.
    static let zoom = 1.22
    static let focus = (x: 0.5, y: 0.53)

    /// Renders `features` at `size`×`size` pixels.
    /// - Parameters:
    ///   - features: the face.
    ///   - size: the side, in pixels.
    ///   - scanningEveryPixel: evaluates every shape at every pixel of its bounds, as before
    ///     shapes knew their reach: the same pixels, slower (the bench's baseline).
    /// - Returns: 8-bit RGB pixels, row by row.
    package static func render(_ features: PortraitFeatures, size: Int, scanningEveryPixel: Bool = false) -> [UInt8] {
        let canvas = PortraitCanvas(
            size: size, background: features.background, zoom: Self.zoom, focus: Self.focus, scansEveryPixel: scanningEveryPixel)
        var renderer = PortraitRenderer(features: features, canvas: canvas)
        renderer.draw()
        return renderer.canvas.rgb
    }

    /// The face outline: an oval blended toward a rounded box by squareness, narrowing to the chin.
    var face: Shape {
        let oval = Shape.ellipse(cx, cy, fw, fh)
        let box = Shape.roundedBox(cx, cy, fw, fh, radius: fw * 0.85)
        let t = features.squareness
        return oval.blended(with: box, t).tapered(below: cy + 0.03, centerX: cx, taper: 1.1)
    }

    private mutating func draw() {
        let skin = features.skin
        if let back = hairBehind() { canvas.fill(back, features.hairColor) }
        drawBody()

        // Ears sit just outside the face, level with the eyes.
        for side in [-1.0, 1.0] {
            let ex = cx + side * fw * 0.97
            canvas.fill(.ellipse(ex, eyeY + 0.018, 0.028, 0.046), skin.darker(0.04), bounds: .around(ex, eyeY, 0.05, 0.08))
            canvas.fill(
                .ellipse(ex + side * 0.006, eyeY + 0.02, 0.012, 0.026), skin.darker(0.2), opacity: 0.35,
                bounds: .around(ex, eyeY, 0.05, 0.08))
            if features.earrings {
                canvas.fill(.circle(ex, eyeY + 0.07, 0.011), .init(hex: 0xE5C158), bounds: .around(ex, eyeY + 0.07, 0.03, 0.03))
            }
        }

        canvas.fill(face, skin)
        if features.blush {
            for side in [-1.0, 1.0] {
                let bx = cx + side * (features.eyeSpacing + 0.02)
                canvas.fill(
                    .ellipse(bx, mouthY - 0.045, 0.03, 0.017), .init(hex: 0xE8898A), opacity: 0.28,
                    bounds: .around(bx, mouthY - 0.045, 0.05, 0.04))
            }
        }
        drawBeard()
        if let front = hairInFront() {
            // A buzz cut lets the scalp show through.
            canvas.fill(front, features.hairColor, opacity: features.hair == .buzz ? 0.72 : 1)
        }
        if features.hair == .bald {
            canvas.fill(.ellipse(cx - 0.05, cy - fh * 0.72, 0.06, 0.025), .init(255, 255, 255), opacity: 0.18)
        }
        drawEyes()
        drawNose()
        drawMouth()
        drawGlasses()
    }

    /// Shoulders in the shirt colour, the neck, its shadow under the chin, and the collar.
    private mutating func drawBody() {
        let neckColor = features.skin.darker(0.07)
        let shoulders = features.isWoman ? 0.36 : 0.41
        let shirtTop = 0.8
        canvas.fill(.ellipse(cx, shirtTop + 0.23, shoulders, 0.23), features.shirt)
        let neckTop = cy + fh * 0.45
        let neck = Shape.roundedBox(cx, (neckTop + shirtTop + 0.02) / 2, fw * 0.46, (shirtTop + 0.02 - neckTop) / 2, radius: 0.02)
        canvas.fill(neck, neckColor)
        switch features.collar {
        case .crew:
            canvas.fill(.ellipse(cx, shirtTop, fw * 0.46, 0.028), neckColor)
            let band = Shape.ellipse(cx, shirtTop + 0.002, fw * 0.46 + 0.008, 0.034)
            canvas.fill(
                band.outline(0.006).intersection(.below(shirtTop - 0.004)),
                features.shirt.darker(0.25))
        case .vee:
            canvas.fill(
                .triangle((cx - fw * 0.46, shirtTop - 0.01), (cx + fw * 0.46, shirtTop - 0.01), (cx, shirtTop + 0.085)),
                neckColor)
        }
        // The chin's shadow on the neck gives the head some depth.
        let outline = face
        let shadow = outline.moved(down: 0.03).intersection(neck)
        canvas.fill(shadow, features.skin.darker(0.3), opacity: 0.35)
    }

    private mutating func drawEyes() {
        let scale = features.eyeSize
        for side in [-1.0, 1.0] {
            let ex = cx + side * features.eyeSpacing
            let bounds = PortraitCanvas.Bounds.around(ex, eyeY, 0.05, 0.06)
            let white = Shape.ellipse(ex, eyeY, 0.025 * scale, 0.0155 * scale)
            canvas.fill(white, .init(hex: 0xF7F4F0), bounds: bounds)
            canvas.fill(Shape.circle(ex, eyeY + 0.001, 0.0125 * scale).intersection(white), features.eyeColor, bounds: bounds)
            canvas.fill(.circle(ex, eyeY + 0.001, 0.006 * scale), .init(hex: 0x111111), bounds: bounds)
            canvas.fill(.circle(ex + 0.004, eyeY - 0.004, 0.0032), .init(255, 255, 255), opacity: 0.9, bounds: bounds)
            // The upper lid, heavier (lashes) on some faces.
            let lid = features.isWoman ? 0.0042 : 0.003
            canvas.fill(
                .arc(ex, eyeY + 0.013 * scale, radius: 0.029 * scale, from: .pi * 1.18, to: .pi * 1.82, thickness: lid),
                features.skin.darker(0.65), bounds: bounds)

            let browColor = features.hairColor.darker(0.15).mixed(with: features.skin, features.hair == .bald ? 0.3 : 0)
            let brow = Shape.polyline(
                [
                    (ex - side * 0.024, browY + 0.003),
                    (ex + side * 0.004, browY - 0.005),
                    (ex + side * 0.032, browY + features.browTilt),
                ], thickness: features.browThickness / 2)
            canvas.fill(brow, browColor, bounds: .around(ex, browY, 0.05, 0.03))
        }
    }

    private mutating func drawNose() {
        let shade = features.skin.darker(0.35)
        let bounds = PortraitCanvas.Bounds.around(cx, noseY, 0.04, 0.06)
        canvas.fill(.capsule(cx + 0.008, eyeY + 0.02, cx + 0.012, noseY - 0.004, 0.003), shade, opacity: 0.25, bounds: bounds)
        canvas.fill(
            .arc(cx, noseY - 0.008, radius: 0.016, from: .pi * 0.2, to: .pi * 0.8, thickness: 0.0035),
            shade, opacity: 0.55, bounds: bounds)
    }
}
