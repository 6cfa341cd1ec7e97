/// The xterm palette, for downsampling RGB to 256 or 16 colors.
enum Palette {
    /// xterm's default RGB for the 16 ANSI colors.
    static let ansi: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The six levels of each channel in the 6×6×6 color cube (indices 16–231).
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The RGB of a 256-palette index.
    static func rgb(ofIndex index: UInt8) -> (UInt8, UInt8, UInt8) {
        switch index {
        case 0..<16:
            return ansi[Int(index)]
        case 16..<232:
            let cube = Int(index) - 16
            return (UInt8(cubeLevels[cube / 36]), UInt8(cubeLevels[(cube / 6) % 6]), UInt8(cubeLevels[cube % 6]))
        default:
            let level = UInt8(8 + 10 * (Int(index) - 232))
            return (level, level, level)
        }
    }

    /// The 256-palette index nearest to an RGB color: the nearest cube color or the nearest
    /// gray, whichever is closer. The 16 theme colors are avoided, since themes remap them.
    static func nearest256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let (ri, gi, bi) = (cubeIndex(r), cubeIndex(g), cubeIndex(b))
        let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let grayIndex = average > 238 ? 23 : max(0, (average - 3) / 10)
        let grayLevel = 8 + 10 * grayIndex
        let cubeDistance = distance((Int(r), Int(g), Int(b)), cube)
        let grayDistance = distance((Int(r), Int(g), Int(b)), (grayLevel, grayLevel, grayLevel))
        if grayDistance < cubeDistance { return UInt8(232 + grayIndex) }
        return UInt8(16 + 36 * ri + 6 * gi + bi)
    }

    /// The ANSI color (0–15) nearest to an RGB color, by squared distance.
    static func nearest16(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for (index, color) in ansi.enumerated() {
            let d = distance((Int(r), Int(g), Int(b)), (Int(color.0), Int(color.1), Int(color.2)))
            if d < bestDistance {
                bestDistance = d
                best = index
            }
        }
        return UInt8(best)
    }

    private static func cubeIndex(_ value: UInt8) -> Int {
        let v = Int(value)
        if v < 48 { return 0 }
        if v < 115 { return 1 }
        return (v - 35) / 40
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return dr * dr + dg * dg + db * db
    }
}
