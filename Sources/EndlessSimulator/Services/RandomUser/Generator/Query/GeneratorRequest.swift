/// A request after the official sanitizing rules (GENERATOR.md §1), in the generator's order:
/// last-wins → results/page → inc/exc → nat → results sanity → gender → lego / nat validation
/// → 18-character seed or default seed → page clamp.
struct GeneratorRequest: Sendable, Hashable {
    /// Where the nationality of each user comes from (§5.1 step 1).
    enum NationalityOption: Sendable, Hashable {
        /// `NATS[r(0,20)]` per user.
        case random
        /// `list[r(0,len−1)]` per user; an empty list (`nat=,`) makes the generator throw.
        case list([Nationality])
        /// No draw: an 18-character seed's suffix or `lego`.
        case fixed(Nationality)
    }

    static let maximumResults = 5000

    /// `[A-Za-z0-9_$.]`: what JSONP servers let through, so the reflected callback can only
    /// name a function, never inject script or markup.
    static func isCallbackByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }
    static let maximumPage = 10000.0

    var results: Int
    var page: Double
    /// The text whose md5 seeds both streams (§2 step 2).
    var streamSeedText: String
    /// `info.seed` (§6).
    var infoSeed: String
    var gender: Gender?
    var nationality: NationalityOption
    var fields: FieldSet
    /// nil: passwords come from the list.
    var password: PasswordSpec?
    var format: ResponseFormat
    var includesInfo: Bool
    var callback: String?
    var download: Bool
    /// `extension=true`, the Photoshop plug-in's shape (§1).
    var photoshopExtension: Bool
    /// The query gave a seed: the page is the same bytes every time (ages aside), so its body
    /// may be cached. Without one, the default seed is new for every request.
    var isSeeded: Bool

    /// Applies §1 to a decoded query.
    /// - Parameter defaultSeed: called when the query has no seed (the official one is not reproducible).
    /// - Throws: for an 18-character seed whose suffix is not a nationality index (the live
    ///   service throws there too).
    init(_ query: QueryParameters, defaultSeed: () -> String) throws(GeneratorError) {
        // `results` is read before "last wins": a repeated key is an array, which Number()
        // reads as its values joined by commas (so `results=5&results=7` is NaN → 1).
        // Anything but a whole number in 1...5000 is 1 user.
        let requested = NumericParameter.javaScriptNumber(query.joined("results"), in: 1...Double(Self.maximumResults))
        if let count = requested.value, count.rounded(.towardZero) == count {
            results = Int(count)
        } else {
            results = 1
        }

        // Anything but a number in (0, 10000] is page 1; a fraction stays one (it seeds the streams).
        page = NumericParameter.javaScriptNumber(query.last("page"), in: Double.leastNonzeroMagnitude...Self.maximumPage).value ?? 1

        fields = FieldSet(include: query.last("inc"), exclude: query.last("exc"))

        let givenSeed = query.last("seed").flatMap { $0.isEmpty ? nil : $0 }
        if let gender = query.last("gender"), givenSeed == nil {
            self.gender = gender == "male" ? .male : gender == "female" ? .female : nil
        } else {
            gender = nil
        }

        let lego = query.last("lego")
        nationality = Self.nationalityOption(query)
        if let lego, lego != "false" {
            nationality = .fixed(.lego)
        }

        isSeeded = givenSeed != nil
        let seedValue = givenSeed ?? defaultSeed()
        var rngSeed = seedValue
        if JSString.length(seedValue) == 18 {
            // §1: the last two UTF-16 units index NATS (parseInt base 16) and override nat and
            // lego; only the first 16 units seed the streams.
            let suffix = JSString.slice(seedValue, from: 16, to: 18)
            guard let index = JSNumber.parseHexInt(suffix), index >= 0, index < Double(Nationality.selectable.count)
            else {
                throw .unsupportedRequest(
                    "the last two characters of an 18-character seed must be a hex index below 21, got \"\(suffix)\"")
            }
            nationality = .fixed(Nationality.selectable[Int(index)])
            rngSeed = JSString.slice(seedValue, from: 0, to: 16)
        }
        streamSeedText = Seeding.streamSeedText(seed: rngSeed, page: page)

        // §6: a single-string nat appends its padded hex index; LEGO's index is -1.
        if case .fixed(let fixed) = nationality {
            let index = fixed == .lego ? "-1" : String(fixed.rawValue, radix: 16)
            infoSeed = seedValue + (index.count < 2 ? "0" + index : index)
        } else {
            infoSeed = seedValue
        }

        password = query.last("password").flatMap(PasswordSpec.init(parameter:))
        let formatName = query.last("format").flatMap { $0.isEmpty ? nil : $0 } ?? query.last("fmt") ?? "json"
        format = ResponseFormat(name: formatName.lowercased())
        // §1: `noinfo` only counts when `lego` is not "false" (a code bug ties the two).
        includesInfo = !(query.contains("noinfo") && lego != "false")
        callback = query.last("callback").flatMap { $0.isEmpty ? nil : $0 }
        if let callback, !callback.utf8.allSatisfy(Self.isCallbackByte) {
            throw .invalidParameter(
                name: "callback",
                reason: "callback may hold only letters, digits, _, $ and . (a JavaScript function name such as jQuery.cb_1)")
        }
        download = query.contains("dl") || query.contains("download")
        photoshopExtension = query.last("extension") == "true"
        if photoshopExtension {
            nationality = .list([.us, .gb])
        }
    }

    /// `nat` if non-empty, else `nationality`: split on `,`, empty items dropped, uppercased,
    /// never trimmed. Any unknown code drops the whole list (random).
    private static func nationalityOption(_ query: QueryParameters) -> NationalityOption {
        let value = query.last("nat").flatMap { $0.isEmpty ? nil : $0 } ?? query.last("nationality")
        guard let value, !value.isEmpty else { return .random }
        var list: [Nationality] = []
        for item in JSString.split(value, on: ",") where !item.isEmpty {
            guard let nationality = Nationality(selectableCode: item.uppercased()) else { return .random }
            list.append(nationality)
        }
        return .list(list)
    }
}
