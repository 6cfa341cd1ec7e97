import Synchronization

/// The offline Unsplash's photos: a reproducible catalogue of thousands (seeded), newest
/// first, each drawn by one of a few hundred photographers, found by position, id or image name.
///
/// Records are made on demand from their index. The lookups (id and image name to index) and
/// the popularity order are built on the first request that needs them, once per process for
/// the default catalogue (every embedded simulator shares it), so starting a server costs
/// nothing.
struct UnsplashCatalogue: Sendable {
    /// Photos in the default catalogue.
    static let defaultCount = 5000
    /// The default seed: the same catalogue in every run.
    static let defaultSeed: UInt64 = 0x756E_7370_6C61_7368  // "unsplash"

    let count: Int
    let seed: UInt64
    let photographers: [UnsplashPhotographer]
    private let index: UnsplashCatalogueIndex

    /// A catalogue of `count` photos (at least 1).
    /// - Parameters:
    ///   - count: photos.
    ///   - seed: makes the catalogue; the same seed, the same photos.
    ///   - data: the generator's name lists, for the photographers' names.
    init(count: Int = defaultCount, seed: UInt64 = defaultSeed, data: GeneratorData?) {
        self.count = max(1, count)
        self.seed = seed
        photographers = (0..<UnsplashPhotographer.count).map { UnsplashPhotographer.make(index: $0, data: data) }
        index =
            self.count == Self.defaultCount && seed == Self.defaultSeed
            ? .standard : UnsplashCatalogueIndex(count: self.count, seed: seed, photographers: photographers.count)
    }

    /// The photo at `index` of the catalogue (0 is the newest).
    func photo(at index: Int) -> UnsplashPhotoRecord {
        UnsplashPhotoRecord(index: index, seed: seed, photographers: photographers.count)
    }

    /// The photo with `id`, if the catalogue has it.
    func photo(id: String) -> UnsplashPhotoRecord? {
        index.built.byID[id].map(photo(at:))
    }

    /// The photo whose image is named `name` (`photo-1706112345678-3f2a9c0b1d4e`).
    func photo(imageName name: String) -> UnsplashPhotoRecord? {
        index.built.byImage[name].map(photo(at:))
    }

    /// The photographer with `id`.
    func photographer(id: String) -> UnsplashPhotographer? {
        photographers.first { $0.id == id }
    }

    /// The catalogue positions on a page: `page` from 1, `perPage` each, in `order`; a page past
    /// the end is empty, whatever its number.
    func page(_ page: Int, perPage: Int, order: Order) -> [Int] {
        let range = PageSlice.positions(page: page, perPage: perPage, count: count)
        switch order {
        case .latest: return Array(range)
        case .oldest: return range.map { count - 1 - $0 }
        case .popular: return Array(index.built.byPopularity[range])
        }
    }

    /// The positions of the photos a search finds, as `GET /search/photos` orders them: every
    /// word must start a word of the description, the alt description or the tag;
    /// `relevant` puts photos matched in their description first (then newest), `latest`
    /// newest first.
    func search(_ words: SearchWords, latest: Bool) -> [Int] {
        guard !words.isEmpty else { return [] }
        let fields = index.built.searchFields
        var found: [(position: Int, score: Int)] = []
        for (position, field) in fields.enumerated() {
            let score = words.score([(field.description, 3), (field.tag, 2), (field.alt, 1)])
            if score > 0 { found.append((position, score)) }
        }
        if !latest { found.sort { $0.score != $1.score ? $0.score > $1.score : $0.position < $1.position } }
        return found.map(\.position)
    }

    /// How `GET /photos` orders the catalogue.
    enum Order: String, Sendable, CaseIterable {
        case latest, oldest, popular
    }
}

/// The catalogue's lookups, built on first use and then kept.
final class UnsplashCatalogueIndex: Sendable {
    struct Built: Sendable {
        var byID: [String: Int] = [:]
        var byImage: [String: Int] = [:]
        /// Positions by likes, most first.
        var byPopularity: [Int] = []
        /// What a search reads of each photo, lowercased: its description, alt description, tag.
        var searchFields: [(description: String, alt: String, tag: String)] = []
    }

    /// The default catalogue's, shared by every server in the process.
    static let standard = UnsplashCatalogueIndex(
        count: UnsplashCatalogue.defaultCount, seed: UnsplashCatalogue.defaultSeed, photographers: UnsplashPhotographer.count)

    private let count: Int
    private let seed: UInt64
    private let photographers: Int
    private let state = Mutex<Built?>(nil)

    init(count: Int, seed: UInt64, photographers: Int) {
        self.count = count
        self.seed = seed
        self.photographers = photographers
    }

    /// The lookups, built now if this is the first use (tens of milliseconds for 5,000 photos).
    var built: Built {
        state.withLock { built in
            if let built { return built }
            var made = Built()
            made.byID.reserveCapacity(count)
            made.byImage.reserveCapacity(count)
            var likes: [Int] = []
            likes.reserveCapacity(count)
            for index in 0..<count {
                let record = UnsplashPhotoRecord(index: index, seed: seed, photographers: photographers)
                made.byID[record.id] = index
                made.byImage[record.imageName] = index
                likes.append(record.likes)
                made.searchFields.append(
                    ((record.description ?? "").lowercased(), record.altDescription.lowercased(), record.scene.kind.rawValue))
            }
            made.byPopularity = (0..<count).sorted { likes[$0] != likes[$1] ? likes[$0] > likes[$1] : $0 < $1 }
            built = made
            return made
        }
    }
}
