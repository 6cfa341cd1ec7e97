/// A photographer of the offline Unsplash: the fields a photo's `user` carries, and which face
/// the simulator draws for the avatar.
struct UnsplashPhotographer: Sendable, Equatable {
    let id: String
    let username: String
    let firstName: String
    /// Many real accounts have none.
    let lastName: String?
    let bio: String?
    let location: String?
    let portfolioURL: String?
    let totalPhotos: Int
    let totalLikes: Int
    let totalCollections: Int
    let face: PortraitKey

    /// `first last`, as `name`.
    var name: String { [firstName, lastName].compactMap { $0 }.joined(separator: " ") }

    /// How many photographers the catalogue has.
    static let count = 240

    static let places = [
        "Lisbon, Portugal", "Reykjavík, Iceland", "Kyoto, Japan", "Cape Town, South Africa", "Vancouver, Canada",
        "Berlin, Germany", "Oaxaca, Mexico", "Tromsø, Norway", "Melbourne, Australia", "Marrakesh, Morocco",
        "Seoul, South Korea", "Valparaíso, Chile", "Edinburgh, Scotland", "Hanoi, Vietnam", "Denver, Colorado",
    ]

    static let bios = [
        "Landscape photographer chasing light.", "Weekend hiker with a camera.", "Film and digital. Mostly skies.",
        "Architecture, lines and long exposures.", "I photograph the sea in every weather.",
        "Designer by day, photographer by night.", "Shapes, colours and the spaces between.",
        "Travelling slowly, photographing everything.",
    ]

    /// The photographer at `index`, named from the generator's lists of a nationality chosen
    /// by the index (or `Photographer N` without data), reproducibly.
    static func make(index: Int, data: GeneratorData?) -> UnsplashPhotographer {
        var random = ChaosRandom(seed: ChaosRandom.hash(Array("unsplash-photographer-\(index)".utf8)))
        let gender: PortraitKey.Gender = random.next() & 1 == 0 ? .men : .women
        let nationality = Nationality.selectable[Int(random.next() % UInt64(Nationality.selectable.count))]
        var first = "Photographer", last: String? = String(index + 1), handle = "photographer\(index + 1)"
        if let lists = data?.lists(for: nationality) {
            let firstList = gender == .men ? lists.maleFirst : lists.femaleFirst
            let f = Int(random.next() % UInt64(firstList.count)), l = Int(random.next() % UInt64(lists.last.count))
            first = firstList.names.string(f)
            handle = firstList.emailParts.string(f).lowercased()
            if random.next() % 4 == 0 {
                last = nil
            } else {
                last = lists.last.names.string(l)
                handle += lists.last.emailParts.string(l).lowercased().filter { $0.isLetter }
            }
        }
        handle = String(handle.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }.prefix(20))
        if handle.isEmpty { handle = "photographer" }
        handle += random.next() % 3 == 0 ? String(index) : ""
        let bio = random.next() % 2 == 0 ? bios[Int(random.next() % UInt64(bios.count))] : nil
        let location = random.next() % 5 < 3 ? places[Int(random.next() % UInt64(places.count))] : nil
        let portfolio = random.next() % 5 < 2 ? "https://\(handle).example.com" : nil
        return UnsplashPhotographer(
            id: UnsplashIdentifier.make(seed: random.next()), username: handle, firstName: first, lastName: last, bio: bio,
            location: location, portfolioURL: portfolio, totalPhotos: 20 + Int(random.next() % 900),
            totalLikes: Int(random.next() % 3000), totalCollections: Int(random.next() % 40),
            face: PortraitKey(gender: gender, index: Int(random.next() % UInt64(gender.maxIndex + 1)), size: .large))
    }
}

/// Unsplash's 11-character ids: base 64 with `-` and `_`, e.g. `LBI7cgq3pbM`.
enum UnsplashIdentifier {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    static func make(seed: UInt64) -> String {
        var random = ChaosRandom(seed: seed)
        var bits = random.next()
        // The first character is a letter or digit, as on the real service, so an id never
        // looks like a command-line flag.
        var id = [alphabet[Int(bits % 62)]]
        bits /= 62
        for _ in 1..<11 {
            id.append(alphabet[Int(bits & 63)])
            bits >>= 6
            if bits == 0 { bits = random.next() }
        }
        return String(id)
    }
}
