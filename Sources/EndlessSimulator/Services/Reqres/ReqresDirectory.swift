/// The users the offline reqres.in serves: the twelve of the real service, then, when a longer
/// list is asked for, people drawn reproducibly from the generator's name lists.
struct ReqresDirectory: Sendable {
    /// How many users the real service has.
    static let realUserCount = 12
    /// The most users a longer list may have.
    static let maxUserCount = 100_000

    /// The real service's users, ids 1 to 12, exactly as it sends them.
    static let realUsers: [ReqresUserRecord] =
        ([
            ("George", "Bluth", .men), ("Janet", "Weaver", .women), ("Emma", "Wong", .women),
            ("Eve", "Holt", .women), ("Charles", "Morris", .men), ("Tracey", "Ramos", .women),
            ("Michael", "Lawson", .men), ("Lindsay", "Ferguson", .women), ("Tobias", "Funke", .men),
            ("Byron", "Fields", .men), ("George", "Edwards", .men), ("Rachel", "Howell", .women),
        ] as [(String, String, PortraitKey.Gender)]).enumerated().map { offset, person in
            ReqresUserRecord(
                id: offset + 1, email: "\(person.0.lowercased()).\(person.1.lowercased())@reqres.in",
                firstName: person.0, lastName: person.1, face: person.2)
        }

    /// Users in the list.
    let count: Int
    private let names: NationalityLists?

    /// A directory of `count` users (clamped to 1…``maxUserCount``); names past the twelfth
    /// come from `data`'s US lists.
    init(count: Int = realUserCount, data: GeneratorData?) {
        self.count = min(max(1, count), Self.maxUserCount)
        names = data?.lists(for: .us)
    }

    /// The user with `id`, if the list has one.
    func user(id: Int) -> ReqresUserRecord? {
        guard id >= 1, id <= count else { return nil }
        if id <= Self.realUsers.count { return Self.realUsers[id - 1] }
        return generated(id)
    }

    /// The users on a page, as reqres.in slices them: `page` from 1, `perPage` each; a page past
    /// the end is empty, whatever its number.
    func users(page: Int, perPage: Int) -> [ReqresUserRecord] {
        PageSlice.positions(page: page, perPage: perPage, count: count).compactMap { user(id: $0 + 1) }
    }

    /// A reproducible person for an id past the real twelve: the id picks the gender and the
    /// names, so the same id is the same person in every run.
    private func generated(_ id: Int) -> ReqresUserRecord {
        var random = ChaosRandom(seed: ChaosRandom.hash(Array("reqres-user-\(id)".utf8)))
        let face: PortraitKey.Gender = random.next() & 1 == 0 ? .men : .women
        guard let names else {
            return ReqresUserRecord(
                id: id, email: "user\(id)@reqres.in", firstName: "User", lastName: "\(id)", face: face)
        }
        let firstList = face == .men ? names.maleFirst : names.femaleFirst
        let first = Int(random.next() % UInt64(firstList.count))
        let last = Int(random.next() % UInt64(names.last.count))
        let email = firstList.emailParts.string(first) + "." + names.last.emailParts.string(last) + "\(id)@reqres.in"
        return ReqresUserRecord(
            id: id, email: email, firstName: firstList.names.string(first), lastName: names.last.names.string(last),
            face: face)
    }
}
