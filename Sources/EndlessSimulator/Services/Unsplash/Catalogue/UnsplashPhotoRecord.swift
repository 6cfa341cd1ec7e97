import Foundation

/// One photo of the offline Unsplash: everything its JSON says, and the scene its pixels are
/// drawn from. Made on demand from its index in the catalogue; the same index is the same
/// photo in every run.
struct UnsplashPhotoRecord: Sendable {
    let index: Int
    let id: String
    let slug: String
    /// The image's path below the images mount: `photo-1706112345678-3f2a9c0b1d4e`.
    let imageName: String
    /// An imgix tracking id, kept on every image URL as the real ones are.
    let ixid: String
    let created: Date
    let updated: Date
    let promoted: Date?
    let width: Int
    let height: Int
    let scene: PhotoScene
    let description: String?
    let altDescription: String
    let likes: Int
    let photographer: Int
    let camera: (name: String, make: String, model: String, exposure: String, aperture: String, focal: String, iso: Int)
    let place: (name: String, city: String, country: String)?
    /// Old photos carry the zone offset their timestamps were written with (`-04:00`).
    let zoneOffset: Int

    /// The aspect ratios the catalogue draws from, as width:height, with their weights:
    /// landscape most, then portrait, square and panoramas.
    static let shapes: [(width: Int, height: Int, weight: Int)] = [
        (3, 2, 20), (4, 3, 10), (16, 9, 12), (2, 3, 14), (3, 4, 8), (4, 5, 6), (9, 16, 4), (1, 1, 10), (2, 1, 8), (3, 1, 4),
        (5, 2, 4),
    ]

    static let cameras: [(make: String, model: String)] = [
        ("Canon", "EOS R5"), ("Sony", "ILCE-7M4"), ("Nikon", "Z 6_2"), ("FUJIFILM", "X-T4"), ("Apple", "iPhone 15 Pro"),
        ("Leica", "Q2"), ("Panasonic", "DC-S5"), ("OLYMPUS", "E-M1MarkIII"),
    ]

    static let places: [(String, String, String)] = [
        ("Lofoten", "Reine", "Norway"), ("Dolomites", "Cortina d'Ampezzo", "Italy"), ("Big Sur", "Monterey", "United States"),
        ("Hong Kong", "Hong Kong", "China"), ("Lake Bled", "Bled", "Slovenia"), ("Patagonia", "El Chaltén", "Argentina"),
        ("Shibuya", "Tokyo", "Japan"), ("Algarve", "Lagos", "Portugal"), ("Isle of Skye", "Portree", "United Kingdom"),
        ("Manhattan", "New York", "United States"),
    ]

    static let captions: [PhotoScene.Kind: [(description: String, alt: String)]] = [
        .sky: [
            ("Golden hour over the valley", "orange sky over a dark hillside"), ("Clouds rolling in at dusk", "clouds in a dusk sky"),
            ("The last light of the day", "sun setting behind hills"), ("Big sky country", "wide sky with scattered clouds"),
        ],
        .hills: [
            ("Layers of ridges at sunrise", "layered mountain ridges in haze"), ("Morning fog over the hills", "misty green hills"),
            ("Somewhere in the highlands", "rolling hills under a pale sky"), ("Blue hour in the mountains", "mountain range at dusk"),
        ],
        .sea: [
            ("Calm evening on the coast", "sun reflecting on a calm sea"), ("Low tide", "waves reaching a sandy beach"),
            ("Where the sky meets the sea", "ocean horizon under a clear sky"), ("Sunrise at the pier", "sea at sunrise"),
        ],
        .city: [
            ("Downtown after dark", "city skyline at night with lit windows"), ("Office lights", "high-rise buildings at dusk"),
            ("The city never sleeps", "skyscrapers under a night sky"), ("Skyline from the river", "city buildings against the sky"),
        ],
        .abstract: [
            ("Shapes and colour", "abstract shapes in bold colours"), ("Geometry study", "overlapping circles and bands"),
            ("Colour field", "abstract painting with soft gradients"), ("Composition in five colours", "colourful abstract art"),
        ],
    ]

    /// The newest photo's creation time; each older one a little before the last.
    static let newest = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18

    /// The photo at `index` of a catalogue of `seed`, by `photographers` photographers.
    init(index: Int, seed: UInt64, photographers: Int) {
        var random = ChaosRandom(seed: ChaosRandom.hash(Array("unsplash-photo-\(index)".utf8), basis: seed))
        self.index = index
        id = UnsplashIdentifier.make(seed: random.next())
        let total = Self.shapes.reduce(0) { $0 + $1.weight }
        var pick = Int(random.next() % UInt64(total))
        var shape = Self.shapes[0]
        for candidate in Self.shapes {
            if pick < candidate.weight {
                shape = candidate
                break
            }
            pick -= candidate.weight
        }
        let long = 3000 + Int(random.next() % 3001)
        if shape.width >= shape.height {
            width = long
            height = max(1, long * shape.height / shape.width)
        } else {
            height = long
            width = max(1, long * shape.width / shape.height)
        }
        let kinds = PhotoScene.Kind.allCases
        let kind = kinds[Int(random.next() % UInt64(kinds.count))]
        scene = PhotoScene(seed: random.next(), kind: kind, aspect: Double(width) / Double(height))
        let caption = Self.captions[kind]?[Int(random.next() % 4)] ?? (description: "Untitled", alt: "a photo")
        description = random.next() % 10 < 6 ? caption.description : nil
        altDescription = caption.alt
        // About a photo every 19 hours, back from the newest.
        created = Self.newest.addingTimeInterval(-Double(index) * 68_400 - Double(random.next() % 3600))
        updated = min(created.addingTimeInterval(Double(random.next() % 8_000_000)), Self.newest.addingTimeInterval(86_400))
        promoted = random.next() % 4 == 0 ? created.addingTimeInterval(Double(random.next() % 86_400)) : nil
        let millis = Int64(created.timeIntervalSince1970 * 1000)
        imageName = "photo-\(millis)-\(String(random.next() & 0xFFFF_FFFF_FFFF, radix: 16).leftPadded(12))"
        ixid = "M3w" + String(random.next(), radix: 36) + "fHx8fA"
        let words = (description ?? altDescription).lowercased().split { !$0.isLetter && !$0.isNumber }.prefix(5)
        slug = (words + [Substring(id)]).joined(separator: "-")
        // Likes: most photos a few dozen, a few thousands.
        let unit = random.unit()
        likes = Int(pow(unit, 4) * 4000) + Int(random.next() % 20)
        self.photographer = Int(random.next() % UInt64(max(1, photographers)))
        let body = Self.cameras[Int(random.next() % UInt64(Self.cameras.count))]
        camera = (
            "\(body.make) \(body.model)", body.make, body.model, ["1/125", "1/250", "1/500", "1/1000", "1/60", "2"][Int(random.next() % 6)],
            ["1.8", "2.8", "4.0", "5.6", "8.0", "11.0"][Int(random.next() % 6)], ["24.0", "35.0", "50.0", "85.0", "16.0"][Int(random.next() % 5)],
            [100, 200, 400, 800, 1600][Int(random.next() % 5)]
        )
        place = random.next() % 3 == 0 ? nil : Self.places[Int(random.next() % UInt64(Self.places.count))]
        // Before 2017 the service wrote local offsets; since then, UTC with `Z`.
        zoneOffset = created.timeIntervalSince1970 < 1_483_228_800 ? [-4, -5, -7, 2][Int(random.next() % 4)] * 3600 : 0
    }
}

extension String {
    /// Zeros on the left up to `length` characters.
    func leftPadded(_ length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
