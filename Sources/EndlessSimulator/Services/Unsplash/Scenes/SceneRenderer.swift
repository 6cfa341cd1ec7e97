import Foundation

/// Draws a ``PhotoScene`` into RGB pixels: any part of the original (`source`, in unit
/// coordinates) at any size, straight from the scene's shapes, with edges anti-aliased by their
/// distance in output pixels. This is how the image endpoint resizes: the original is the
/// scene itself, so a 48-pixel thumbnail and a 1080-pixel `regular` are the same picture
/// without a 6000-pixel master in memory.
///
/// Whatever depends only on the column (ridge crests, the building under it) is computed once
/// per column, and whatever depends only on the row (the sky's and the sea's gradients, each a
/// `pow`: a quarter of a photo's pixels' cost) once per row, so a pixel costs a few multiplications and a handful of blends, and nothing a
/// pixel does allocates or retains (a column's copy retained its crests, a city pixel made an
/// array of its buildings and another to hash a window: about a fifth of what drawing the
/// photos of a held `j` cost).
enum SceneRenderer {
    typealias Color = PortraitCanvas.Color

    /// A rectangle of the original, in unit coordinates (0...1 both ways, y down).
    struct Source: Hashable, Sendable {
        var x: Double, y: Double, width: Double, height: Double

        static let whole = Source(x: 0, y: 0, width: 1, height: 1)
    }

    /// What a column of the output needs, whatever the row; its ridges' crests are kept apart
    /// (``Crests``), so a column is plain values.
    struct Column {
        var u: Double
        var back: PhotoScene.Building?
        var front: PhotoScene.Building?
    }

    /// What a row of the output needs, whatever the column.
    struct Row {
        var v: Double
        /// The sky's colour from zenith to horizon at this height.
        var sky: Color
        /// How far below the horizon toward the bottom (0 above it), its square root, and the
        /// sea's colour there before its waves and the sun's path.
        var seaDepth: Double, seaDepthRoot: Double, water: Color

        init(_ scene: PhotoScene, v: Double) {
            let light = scene.light
            self.v = v
            sky = light.zenith.mixed(with: light.horizon, pow(min(1, max(0, v / max(0.05, scene.horizon))), 1.6))
            seaDepth = max(0, (v - scene.horizon) / max(0.05, 1 - scene.horizon))
            seaDepthRoot = seaDepth.squareRoot()
            water = light.horizon.darker(0.25).mixed(with: light.zenith.darker(0.45), pow(seaDepth, 0.6))
        }
    }

    /// The height of each ridge's crest in each column, column by column.
    struct Crests {
        let ridges: Int
        var heights: [Double]

        /// The crests of the column at `x`, read in place.
        func withColumn<Result>(_ x: Int, _ body: (UnsafeBufferPointer<Double>) -> Result) -> Result {
            heights.withUnsafeBufferPointer { all in body(UnsafeBufferPointer(rebasing: all[(x * ridges)..<((x + 1) * ridges)])) }
        }
    }

    /// The pixels of `source` at `width`×`height`, 3 bytes each, rows from the top.
    static func render(_ scene: PhotoScene, source: Source = .whole, width: Int, height: Int) -> [UInt8] {
        let width = max(1, width), height = max(1, height)
        var output = [UInt8](repeating: 0, count: width * height * 3)
        // One output pixel, in heights of the original: how soft an edge must be.
        let pixel = source.height / Double(height)
        let us = (0..<width).map { source.x + (Double($0) + 0.5) / Double(width) * source.width }
        let columns = us.map { column(scene, u: $0) }
        let crests = Crests(ridges: scene.ridges.count, heights: us.flatMap { crestHeights(scene, u: $0) })
        output.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                let v = source.y + (Double(row) + 0.5) / Double(height) * source.height
                let line = Row(scene, v: v)
                for x in 0..<width {
                    let column = columns[x]
                    var color = crests.withColumn(x) { shade(scene, column, crests: $0, row: line, pixel: pixel) }
                    // A soft vignette, and grain that differs per output pixel, like film.
                    let du = column.u - 0.5, dv = v - 0.5
                    color = color.darker(0.2 * (du * du + dv * dv))
                    let noise = (grainUnit(scene.seed, x, row) - 0.5) * 2 * scene.grain
                    let offset = (row * width + x) * 3
                    out[offset] = byte(color.red + noise)
                    out[offset + 1] = byte(color.green + noise)
                    out[offset + 2] = byte(color.blue + noise)
                }
            }
        }
        return output
    }

    static func column(_ scene: PhotoScene, u: Double) -> Column {
        let back = scene.buildings.last { !$0.isFront && $0.left <= u && u < $0.right }
        let front = scene.buildings.last { $0.isFront && $0.left <= u && u < $0.right }
        return Column(u: u, back: back, front: front)
    }

    /// The height of each ridge's crest at `u`, ridge by ridge.
    static func crestHeights(_ scene: PhotoScene, u: Double) -> [Double] {
        let across = u * scene.aspect
        return scene.ridges.map { ridge in
            ridge.base
                - ridge.amplitude
                * (0.55 * sin(ridge.frequencies[0] * across + ridge.phases[0])
                    + 0.3 * sin(ridge.frequencies[1] * across + ridge.phases[1])
                    + 0.15 * sin(ridge.frequencies[2] * across + ridge.phases[2]) + 0.5)
        }
    }

    static func shade(_ scene: PhotoScene, _ column: Column, crests: UnsafeBufferPointer<Double>, row: Row, pixel: Double) -> Color {
        let v = row.v
        switch scene.kind {
        case .abstract:
            return abstract(scene, u: column.u, v: v, pixel: pixel)
        case .sky, .hills:
            var color = sky(scene, u: column.u, row: row, pixel: pixel)
            for (ridge, crest) in zip(scene.ridges, crests) {
                let coverage = edge(v - crest, pixel)
                guard coverage > 0 else { continue }
                // Darker into the ridge, lit along its crest.
                let land = ridge.color.mixed(with: ridge.color.darker(0.35), min(1, (v - crest) * 4))
                color = color.mixed(with: land, coverage)
            }
            return color
        case .sea:
            return sea(scene, u: column.u, row: row, pixel: pixel)
        case .city:
            return city(scene, column, row: row, pixel: pixel)
        }
    }

    /// The sky: a gradient from zenith to horizon, the sun (or moon) with its glow, stars at
    /// night, and soft clouds.
    static func sky(_ scene: PhotoScene, u: Double, row: Row, pixel: Double) -> Color {
        let light = scene.light
        let v = row.v
        let t = min(1, max(0, v / max(0.05, scene.horizon)))
        var color = row.sky
        let dx = (u - scene.sun.x) * scene.aspect, dy = v - scene.sun.y
        let distance = (dx * dx + dy * dy).squareRoot()
        if light.isNight {
            color = color.mixed(with: light.sun, 0.25 * exp(-distance / (scene.sun.radius * 2)))
            color = color.mixed(with: Color(250, 250, 240), star(scene, u: u, v: v, pixel: pixel) * (1 - t))
        } else {
            color = color.mixed(with: light.sun, 0.55 * exp(-distance / (scene.sun.radius * 5)))
        }
        color = color.mixed(with: light.sun, edge(scene.sun.radius - distance, pixel))
        for cloud in scene.clouds {
            let ex = (u - cloud.x) * scene.aspect / cloud.width, ey = (v - cloud.y) / cloud.height
            let e = ex * ex + ey * ey
            guard e < 1 else { continue }
            let lit = Color(250, 248, 244).mixed(with: light.horizon, 0.35).mixed(with: light.zenith, light.isNight ? 0.7 : 0)
            color = color.mixed(with: lit, cloud.opacity * smooth(1 - e))
        }
        return color
    }

    /// The sea below the horizon: deeper toward the bottom, waves in bands that tighten toward
    /// the horizon, the sun's path glittering on it, and now and then a beach.
    static func sea(_ scene: PhotoScene, u: Double, row: Row, pixel: Double) -> Color {
        let v = row.v
        let above = sky(scene, u: u, row: row, pixel: pixel)
        let coverage = edge(v - scene.horizon, pixel)
        guard coverage > 0 else { return above }
        let light = scene.light
        let t = row.seaDepth
        var water = row.water
        let depth = row.seaDepthRoot
        let across = u * scene.aspect
        let wave = 0.5 + 0.5 * sin(depth * 90 + sin(across * 7 + depth * 20) * 1.5)
        water = water.darker(0.1 * wave)
        let dx = abs(u - scene.sun.x) * scene.aspect
        let spread = scene.sun.radius * (1 + 7 * t)
        let path = exp(-(dx / spread) * (dx / spread)) * (0.35 + 0.65 * wave)
        water = water.mixed(with: light.sun, (light.isNight ? 0.35 : 0.7) * path)
        if scene.seed & 3 == 0 {
            let shore = 0.86 + 0.035 * sin(across * 3 + Double(scene.seed % 7))
            let sand = Color(214, 190, 150).mixed(with: light.horizon, 0.2).darker(light.isNight ? 0.7 : 0)
            water = water.mixed(with: Color(240, 240, 236), 0.6 * edge(0.006 - abs(v - shore), pixel))
            water = water.mixed(with: sand, edge(v - shore - 0.006, pixel))
        }
        return above.mixed(with: water, coverage)
    }

    /// A skyline: a hazy row of towers behind a dark one, windows lit in a pattern of their own.
    static func city(_ scene: PhotoScene, _ column: Column, row: Row, pixel: Double) -> Color {
        let v = row.v
        var color = sky(scene, u: column.u, row: row, pixel: pixel)
        // The hazy row behind, then the dark one in front.
        func paint(_ building: PhotoScene.Building?) {
            guard let building else { return }
            let sides = min(column.u - building.left, building.right - column.u) * scene.aspect
            let coverage = edge(v - building.top, pixel) * edge(sides, pixel)
            guard coverage > 0 else { return }
            var wall = building.color
            // Windows: a grid from the building's own corner, lit by its own seed.
            let cellWidth = 0.014, cellHeight = 0.022
            let localX = (column.u - building.left) * scene.aspect, localY = v - building.top - 0.012
            if localY > 0 {
                let cx = Int(localX / cellWidth), cy = Int(localY / cellHeight)
                let fx = localX / cellWidth - Double(cx), fy = localY / cellHeight - Double(cy)
                let inside =
                    edge(min(fx - 0.25, 0.75 - fx) * cellWidth, pixel) * edge(min(fy - 0.25, 0.75 - fy) * cellHeight, pixel)
                let hash = ChaosRandom.hash(UInt8(truncatingIfNeeded: cx), UInt8(truncatingIfNeeded: cy), basis: building.windowSeed)
                let share: UInt64 = scene.light.isNight ? 45 : 18
                let lit = hash % 100 < share
                let glass =
                    lit
                    ? Color(255, 212, 140).mixed(with: Color(255, 240, 200), Double((hash >> 8) % 100) / 100)
                    : wall.mixed(with: scene.light.zenith, 0.25)
                wall = wall.mixed(with: glass, inside * (building.isFront ? 1 : 0.6))
            }
            color = color.mixed(with: wall, coverage)
        }
        paint(column.back)
        paint(column.front)
        return color
    }

    /// Abstract shapes over a diagonal gradient.
    static func abstract(_ scene: PhotoScene, u: Double, v: Double, pixel: Double) -> Color {
        let x = u * scene.aspect
        var color = scene.backdrop.0.mixed(with: scene.backdrop.1, (x + v) / (scene.aspect + 1))
        for blob in scene.blobs {
            let dx = x - blob.x * scene.aspect, dy = v - blob.y
            let c = cos(blob.angle), s = sin(blob.angle)
            let rx = dx * c + dy * s, ry = -dx * s + dy * c
            let distance: Double
            switch blob.form {
            case .circle: distance = (dx * dx + dy * dy).squareRoot() - blob.size / 2
            case .box:
                let qx = abs(rx) - blob.size / 2, qy = abs(ry) - blob.size / 3
                distance = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot() + min(max(qx, qy), 0)
            case .band: distance = abs(ry) - blob.size / 6
            }
            color = color.mixed(with: blob.color, blob.opacity * edge(-distance, pixel))
        }
        return color
    }

    /// How much of a pixel lies inside an edge `distance` away (positive inside), in heights.
    @inline(__always)
    static func edge(_ distance: Double, _ pixel: Double) -> Double {
        min(1, max(0, distance / pixel + 0.5))
    }

    static func smooth(_ t: Double) -> Double {
        let x = min(1, max(0, t))
        return x * x * (3 - 2 * x)
    }

    /// A star in a grid cell of its own, when the cell has one.
    static func star(_ scene: PhotoScene, u: Double, v: Double, pixel: Double) -> Double {
        let cell = 0.025
        let x = u * scene.aspect / cell, y = v / cell
        let cx = Int(x), cy = Int(y)
        let hash = ChaosRandom.hash(
            UInt8(truncatingIfNeeded: cx), UInt8(truncatingIfNeeded: cx >> 8), UInt8(truncatingIfNeeded: cy), basis: scene.seed)
        guard hash % 7 == 0 else { return 0 }
        let sx = Double(hash >> 8 & 0xFF) / 255, sy = Double(hash >> 16 & 0xFF) / 255
        let dx = (x - Double(cx) - sx) * cell, dy = (y - Double(cy) - sy) * cell
        return edge(0.0012 - (dx * dx + dy * dy).squareRoot(), max(pixel, 0.0008))
    }

    static func grainUnit(_ seed: UInt64, _ x: Int, _ y: Int) -> Double {
        var z = seed &+ UInt64(truncatingIfNeeded: x) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(truncatingIfNeeded: y) &* 0xC2B2_AE3D_27D4_EB4F
        z = (z ^ (z >> 31)) &* 0xBF58_476D_1CE4_E5B9
        return Double(z >> 40) / Double(1 << 24)
    }

    @inline(__always)
    static func byte(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }
}
