/// The look of one face, drawn from a hash of its gender and number, so the same portrait
/// URL always shows the same person and neighbouring numbers show different people.
package struct PortraitFeatures: Equatable {
    /// The hair styles.
    package enum Hair: CaseIterable, Equatable {
        case short, sidePart, buzz, bald, balding, quiff, curlyTop, afro
        case long, bob, bun, ponytail, curlyLong, pixie
    }

    /// Facial hair.
    package enum Beard: Equatable { case none, stubble, full, goatee, mustache }
    /// Expressions.
    package enum Mouth: Equatable { case smile, grin, flat, smirk }
    /// Necklines.
    package enum Collar: Equatable { case crew, vee }

    /// Drawn from the women's portraits (styles, lipstick, earrings).
    package var isWoman: Bool
    /// The flat colour behind the person.
    package var background: PortraitCanvas.Color
    /// Face, ears, neck.
    package var skin: PortraitCanvas.Color
    /// Hair, beard and, darker, the brows.
    package var hairColor: PortraitCanvas.Color
    /// The hair style.
    package var hair: Hair
    /// The beard, if any.
    package var beard: Beard
    /// The frame colour, or nil without glasses.
    package var glasses: PortraitCanvas.Color?
    /// The iris.
    package var eyeColor: PortraitCanvas.Color
    /// The shirt on the shoulders.
    package var shirt: PortraitCanvas.Color
    /// The shirt's neckline.
    package var collar: Collar
    /// The mouth's expression.
    package var mouth: Mouth
    /// Lipstick, or nil for plain lips.
    package var lipColor: PortraitCanvas.Color?
    /// Gold studs under the ears.
    package var earrings: Bool
    /// Pink on the cheeks.
    package var blush: Bool
    /// Face half-width in unit coordinates.
    package var faceWidth: Double
    /// Face half-height in unit coordinates.
    package var faceHeight: Double
    /// 0 = oval, 1 = square jaw.
    package var squareness: Double
    /// Horizontal distance from the face's centre to each eye.
    package var eyeSpacing: Double
    /// Scale of the eyes (about 1).
    package var eyeSize: Double
    /// The brows' stroke width.
    package var browThickness: Double
    /// How much the brows' outer ends drop (positive) or rise.
    package var browTilt: Double
    /// Horizontal offset of a side parting (-1...1).
    package var parting: Double

    static let backgrounds: [UInt32] = [
        0xA8D8EA, 0xF6C6C7, 0xC3E2C2, 0xFFE5A5, 0xD4C1EC, 0xB5EAD7, 0xF3D1B0, 0xC9D6DF,
        0xFFD3B6, 0xAED9E0, 0xE2F0CB, 0xE0BBE4,
    ]
    static let skins: [UInt32] = [0xFBE0CE, 0xF3CBB1, 0xE8B592, 0xD9A07B, 0xC68863, 0xA96C48, 0x8D5436, 0x6B3E26]
    static let hairColors: [UInt32] = [0x1E1A18, 0x3B2A20, 0x5A3A22, 0x7B4A2A, 0xA0662D, 0xD4A85A, 0xB3472B, 0x8F8A86]
    static let eyeColors: [UInt32] = [0x3B2A1E, 0x5B3A1E, 0x2F6E9E, 0x4C7A3A, 0x6B5B3A, 0x1E1E1E]
    static let shirts: [UInt32] = [0x2F4858, 0x33658A, 0x86BBD8, 0xF26419, 0x4F6D7A, 0x9B2335, 0x3D5A3D, 0x6C4F8A, 0xE8C547, 0x555555]
    static let frames: [UInt32] = [0x222222, 0x5A3A22, 0x2D4A8A, 0x8A2D2D]
    static let lipsticks: [UInt32] = [0xB8434F, 0xC45C66, 0x9E3B4A, 0xD7707A]

    /// The features of portrait `index` of `gender` (indexes beyond the live range are drawn
    /// directly, without the distinctness guarantee).
    package init(gender: PortraitKey.Gender, index: Int) {
        let table = gender == .men ? Self.men : Self.women
        self = table.indices.contains(index) ? table[index] : PortraitFeatures(gender: gender, index: index, attempt: 0)
    }

    static let men = table(for: .men)
    static let women = table(for: .women)

    /// Every portrait of a gender, each redrawn (from the same hash stream, so still
    /// deterministic) until it differs from all earlier ones in at least
    /// ``minimumDifferences`` visible traits: no two people in the list look alike.
    private static func table(for gender: PortraitKey.Gender) -> [PortraitFeatures] {
        var accepted: [PortraitFeatures] = []
        for index in 0...gender.maxIndex {
            var attempt: UInt64 = 0
            var candidate = PortraitFeatures(gender: gender, index: index, attempt: attempt)
            while attempt < 64, accepted.contains(where: { $0.visibleDifferences(from: candidate) < minimumDifferences }) {
                attempt += 1
                candidate = PortraitFeatures(gender: gender, index: index, attempt: attempt)
            }
            accepted.append(candidate)
        }
        return accepted
    }

    static let minimumDifferences = 3

    /// In how many of the traits one notices first two faces differ.
    func visibleDifferences(from other: PortraitFeatures) -> Int {
        [
            background != other.background, skin != other.skin, hairColor != other.hairColor, hair != other.hair,
            beard != other.beard, (glasses == nil) != (other.glasses == nil), shirt != other.shirt,
            mouth != other.mouth,
        ].filter { $0 }.count
    }

    private init(gender: PortraitKey.Gender, index: Int, attempt: UInt64) {
        var random = ChaosRandom(seed: ChaosRandom.hash(Array("portrait/\(gender.rawValue)/\(index)/\(attempt)".utf8)))
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        func chance(_ probability: Double) -> Bool { random.unit() < probability }
        func between(_ low: Double, _ high: Double) -> Double { low + (high - low) * random.unit() }

        isWoman = gender == .women
        background = .init(hex: pick(Self.backgrounds))
        skin = .init(hex: pick(Self.skins))
        let grey = chance(isWoman ? 0.08 : 0.14)
        hairColor = grey ? .init(hex: pick([0x8F8A86, 0xB9B4AE, 0xD8D4CF])) : .init(hex: pick(Self.hairColors))
        hair =
            isWoman
            ? pick([.long, .long, .bob, .bun, .ponytail, .curlyLong, .pixie, .afro, .sidePart])
            : pick([.short, .short, .sidePart, .buzz, .bald, .balding, .quiff, .curlyTop, .afro, .long])
        beard = isWoman ? .none : pick([.none, .none, .none, .stubble, .full, .goatee, .mustache])
        glasses = chance(0.22) ? .init(hex: pick(Self.frames)) : nil
        eyeColor = .init(hex: pick(Self.eyeColors))
        shirt = .init(hex: pick(Self.shirts))
        collar = pick([.crew, .vee])
        mouth = pick([.smile, .smile, .grin, .flat, .smirk])
        lipColor = isWoman && chance(0.5) ? .init(hex: pick(Self.lipsticks)) : nil
        earrings = isWoman && chance(0.35)
        blush = chance(isWoman ? 0.5 : 0.15)
        faceWidth = isWoman ? between(0.175, 0.2) : between(0.185, 0.215)
        faceHeight = between(0.235, 0.265)
        squareness = isWoman ? between(0, 0.3) : between(0.1, 0.7)
        eyeSpacing = between(0.072, 0.088)
        eyeSize = between(0.85, 1.15)
        browThickness = isWoman ? between(0.006, 0.009) : between(0.008, 0.013)
        browTilt = between(-0.008, 0.012)
        parting = between(-1, 1)
    }
}
