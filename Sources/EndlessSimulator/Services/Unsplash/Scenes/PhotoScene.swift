/// What one catalogue photo shows, drawn from its seed: a kind of subject (sky, hills, sea,
/// city, abstract shapes) and the colours and shapes that make it this photo and no other.
///
/// A scene is resolution-free: it is a function of a point in the original's unit square, so
/// the image endpoint draws any crop at any size straight from it (see ``SceneRenderer``), and
/// every size of a photo is the same picture.
struct PhotoScene: Sendable, Equatable {
    typealias Color = PortraitCanvas.Color

    enum Kind: String, CaseIterable, Sendable {
        case sky, hills, sea, city, abstract
    }

    /// The light of the sky: its zenith and horizon colours, and the sun's.
    struct Light: Sendable, Equatable {
        var name: String
        var zenith: Color
        var horizon: Color
        var sun: Color
        /// Whether it is night (lit windows, a moon instead of a sun).
        var isNight = false
    }

    /// A ridge of hills: where its crest lies (0 top, 1 bottom), how much it rolls, its colour.
    struct Ridge: Sendable, Equatable {
        var base: Double
        var amplitude: Double
        var frequencies: [Double]
        var phases: [Double]
        var color: Color
    }

    /// A soft cloud: an ellipse in unit coordinates of the photo's height.
    struct Cloud: Sendable, Equatable {
        var x: Double, y: Double, width: Double, height: Double, opacity: Double
    }

    /// A building of the skyline: its left and right edges (0...1 across), its roof, its colour.
    struct Building: Sendable, Equatable {
        var left: Double, right: Double, top: Double
        var color: Color
        var windowSeed: UInt64
        var isFront: Bool
    }

    /// A shape of an abstract picture.
    struct Blob: Sendable, Equatable {
        enum Form: Sendable, Equatable { case circle, box, band }
        var form: Form
        var x: Double, y: Double, size: Double, angle: Double
        var color: Color
        var opacity: Double
    }

    let kind: Kind
    /// Width over height of the original.
    let aspect: Double
    let light: Light
    /// Where the sun (or moon) is, across (0...1) and down (0...1), and its radius in heights.
    let sun: (x: Double, y: Double, radius: Double)
    /// Where land or sea meets the sky, down (0...1).
    let horizon: Double
    let ridges: [Ridge]
    let clouds: [Cloud]
    let buildings: [Building]
    let blobs: [Blob]
    /// The abstract picture's background: from one corner's colour to the other's.
    let backdrop: (Color, Color)
    /// Grain strength, in levels: film has some, so flat skies are not a JPEG's best case.
    let grain: Double
    /// Seeds the grain.
    let seed: UInt64

    static func == (lhs: PhotoScene, rhs: PhotoScene) -> Bool { lhs.seed == rhs.seed && lhs.aspect == rhs.aspect }

    static let lights: [Light] = [
        Light(name: "day", zenith: Color(46, 108, 196), horizon: Color(176, 210, 238), sun: Color(255, 250, 230)),
        Light(name: "golden hour", zenith: Color(64, 86, 158), horizon: Color(250, 184, 112), sun: Color(255, 226, 150)),
        Light(name: "sunset", zenith: Color(38, 36, 96), horizon: Color(244, 116, 74), sun: Color(255, 196, 120)),
        Light(name: "dawn", zenith: Color(104, 126, 190), horizon: Color(248, 196, 188), sun: Color(255, 236, 214)),
        Light(name: "overcast", zenith: Color(128, 138, 150), horizon: Color(204, 208, 212), sun: Color(236, 236, 232)),
        Light(name: "night", zenith: Color(8, 12, 36), horizon: Color(40, 52, 96), sun: Color(236, 234, 214), isNight: true),
    ]

    /// Land colours by light: far ridges fade into the horizon, near ones are these.
    static let land: [Color] = [Color(38, 92, 58), Color(56, 74, 44), Color(64, 44, 84), Color(92, 76, 60), Color(40, 52, 64)]

    /// Bold pairs and accents for abstract pictures.
    static let palettes: [[Color]] = [
        [Color(hex: 0x264653), Color(hex: 0x2A9D8F), Color(hex: 0xE9C46A), Color(hex: 0xF4A261), Color(hex: 0xE76F51)],
        [Color(hex: 0x0B132B), Color(hex: 0x1C2541), Color(hex: 0x3A506B), Color(hex: 0x5BC0BE), Color(hex: 0xF2F2F2)],
        [Color(hex: 0xFFBE0B), Color(hex: 0xFB5607), Color(hex: 0xFF006E), Color(hex: 0x8338EC), Color(hex: 0x3A86FF)],
        [Color(hex: 0xEDE0D4), Color(hex: 0xDDB892), Color(hex: 0xB08968), Color(hex: 0x7F5539), Color(hex: 0x9C6644)],
        [Color(hex: 0x001219), Color(hex: 0x005F73), Color(hex: 0x0A9396), Color(hex: 0x94D2BD), Color(hex: 0xEE9B00)],
        [Color(hex: 0xF1FAEE), Color(hex: 0xA8DADC), Color(hex: 0x457B9D), Color(hex: 0x1D3557), Color(hex: 0xE63946)],
    ]

    /// Draws the scene of `seed` for a photo of `kind` and `aspect`.
    init(seed: UInt64, kind: Kind, aspect: Double) {
        var random = ChaosRandom(seed: seed)
        self.seed = seed
        self.kind = kind
        self.aspect = aspect
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        func range(_ low: Double, _ high: Double) -> Double { low + (high - low) * random.unit() }

        var light = pick(Self.lights)
        if kind == .city, random.unit() < 0.6 { light = Self.lights[5] }
        if kind == .city, !light.isNight, light.name == "day" { light = Self.lights[2] }
        self.light = light
        horizon =
            switch kind {
            case .sky: range(0.72, 0.88)
            case .sea: range(0.42, 0.62)
            case .hills: range(0.4, 0.55)
            case .city: range(0.55, 0.75)
            case .abstract: 0.5
            }
        sun = (range(0.15, 0.85), kind == .sky ? range(0.35, horizon - 0.05) : range(0.12, max(0.2, horizon - 0.08)), range(0.035, 0.075))
        clouds = (0..<(light.name == "overcast" ? 9 : Int(random.next() % 6))).map { _ in
            Cloud(x: range(-0.1, 1.1), y: range(0.05, 0.45), width: range(0.12, 0.4), height: range(0.025, 0.07), opacity: range(0.3, 0.75))
        }
        let layers = kind == .hills ? 3 + Int(random.next() % 3) : (kind == .sky ? 1 : 0)
        let nearColor = kind == .sky ? light.zenith.darker(0.75) : pick(Self.land)
        let horizon = self.horizon
        ridges = (0..<layers).map { layer in
            // Far ridges first: each nearer one lower on the picture, darker, rolling more.
            let depth = layers == 1 ? 1 : Double(layer) / Double(layers - 1)
            return Ridge(
                base: horizon + Double(layer) / Double(max(1, layers)) * (0.82 - horizon),
                amplitude: (kind == .sky ? range(0.02, 0.05) : range(0.05, 0.13)) * (0.7 + depth * 0.5),
                frequencies: [range(2, 5), range(6, 11), range(14, 25)], phases: [range(0, 6.3), range(0, 6.3), range(0, 6.3)],
                color: nearColor.mixed(with: light.horizon, 0.85 * (1 - depth)))
        }
        var buildings: [Building] = []
        if kind == .city {
            for row in 0..<2 {
                var x = -range(0, 0.05)
                while x < 1 {
                    let width = range(0.03, 0.11)
                    let top = row == 0 ? range(0.12, 0.45) : range(0.3, 0.6)
                    let shade = row == 0 ? range(0.45, 0.6) : range(0.12, 0.22)
                    buildings.append(
                        Building(
                            left: x, right: x + width, top: top,
                            color: light.zenith.mixed(with: Color(20, 20, 28), 1 - shade), windowSeed: random.next(),
                            isFront: row == 1))
                    x += width + (row == 0 ? range(0, 0.02) : range(-0.005, 0.01))
                }
            }
        }
        self.buildings = buildings
        let palette = pick(Self.palettes)
        backdrop = (palette[Int(random.next() % 2)], palette[2 + Int(random.next() % 3)].mixed(with: palette[0], 0.5))
        blobs =
            kind == .abstract
            ? (0..<(3 + Int(random.next() % 5))).map { _ in
                Blob(
                    form: pick([.circle, .circle, .box, .band]), x: range(0, 1), y: range(0, 1), size: range(0.12, 0.45),
                    angle: range(-0.8, 0.8), color: pick(palette), opacity: range(0.55, 0.95))
            } : []
        grain = range(1.5, 4)
    }
}
