/// Draws users in the official order (GENERATOR.md §5.1): both streams are seeded from the
/// request, then `results` users are drawn one after another from the same streams.
struct UserGenerator {
    private let data: GeneratorData
    private let request: GeneratorRequest
    private let calendar: ChicagoCalendar
    private var main: MainStream
    private var faker: FakerStream

    init(data: GeneratorData, request: GeneratorRequest, calendar: ChicagoCalendar = .shared) {
        self.data = data
        self.request = request
        self.calendar = calendar
        let seed = Seeding.streamSeed(for: request.streamSeedText)
        main = MainStream(seed: seed)
        faker = FakerStream(seed: seed)
    }

    /// All `request.results` users.
    /// - Throws: for the requests the live generator crashes on (`nat=,`, LEGO lists absent,
    ///   DE id without name).
    mutating func generateAll() throws(GeneratorError) -> [GeneratedUser] {
        var users: [GeneratedUser] = []
        users.reserveCapacity(request.results)
        for _ in 0..<request.results {
            users.append(try next())
        }
        return users
    }

    /// Steps 1–18 for one user.
    mutating func next() throws(GeneratorError) -> GeneratedUser {
        let nationality = try drawNationality()
        guard let lists = data.lists(for: nationality) else {
            throw .unsupportedRequest("lego needs LEGO/lists in the data directory")
        }
        let common = data.common
        let gender = request.gender ?? (main.range(0, 1) == 0 ? .male : .female)
        let first = main.index(count: lists.first(gender).count)
        let last = main.index(count: lists.last.count)
        let title = gender == .male ? "Mr" : common.titles.string(main.index(count: common.titles.count))
        let timezone = main.index(count: common.timezoneCount)
        let streetNumber = main.range(1, 9999)
        let street = main.index(count: lists.street.count)
        let city = main.index(count: lists.cities.count)
        let state = main.index(count: lists.states.count)
        let postcode = main.range(10000, 99999)
        let latitude = faker.latitude()
        let longitude = faker.longitude()
        var salt = TextBuffer(capacity: 8)
        main.append(8, of: .salt, to: &salt)
        let password: Password =
            if let spec = request.password {
                .generated(spec.generate(using: &main))
            } else {
                .listed(main.index(count: common.passwords.count))
            }
        let uuid = faker.uuid()
        let user1 = main.index(count: common.user1.count)
        let user2 = main.index(count: common.user2.count)
        let userNumber = main.range(100, 999)
        let dob = Int64(main.range(-800_000_000_000, 991_088_189_000))
        let registered = Int64(main.range(1_016_688_461_000, 1_653_344_189_000))
        let portrait =
            nationality == .lego ? main.range(0, 9) : gender == .male ? main.range(0, 99) : main.range(0, 96)

        var user = GeneratedUser(
            nationality: nationality, gender: gender, first: first, last: last, title: title,
            timezone: timezone, streetNumber: streetNumber, street: street, city: city, state: state,
            postcode: .number(postcode), latitude: latitude, longitude: longitude, salt: salt.makeString(),
            password: password, uuid: uuid, user1: user1, user2: user2, userNumber: userNumber, dob: dob,
            registered: registered, portrait: portrait)
        let context = NationalityInject.Context(fields: request.fields, lists: lists, calendar: calendar)
        try NationalityInject.apply(to: &user, stream: &main, context: context)
        return user
    }

    /// Step 1: no draw for a fixed nat, one draw from the list or from all 21 otherwise.
    private mutating func drawNationality() throws(GeneratorError) -> Nationality {
        switch request.nationality {
        case .fixed(let nationality):
            return nationality
        case .random:
            return Nationality.selectable[main.index(count: Nationality.selectable.count)]
        case .list(let list):
            let index = main.index(count: list.count)
            guard list.indices.contains(index) else {
                throw .unsupportedRequest("nat lists no nationality (e.g. nat=,), so the pick is undefined")
            }
            return list[index]
        }
    }
}
