import EndlessDigest

/// Walks generated users into a `ResponseSink` in the official key order (GENERATOR.md §5.9,
/// §6): `gender, name, location, email, login, dob, registered, phone, cell, id, picture, nat`,
/// minus the excluded fields, then `info`; in the shape of the API version asked for
/// (``RandomUserVersion``).
struct ResponseEncoder {
    let data: GeneratorData
    let request: GeneratorRequest
    let ages: AgeCalculator
    let version: RandomUserVersion
    /// `portraitBaseURL`, replacing `https://randomuser.me/api/portraits/`.
    let portraitBase: [UInt8]
    /// Whether picture URLs need no JSON escaping (a base URL without quotes or controls).
    private let portraitBaseIsPlain: Bool
    /// The three login hashes, in key order.
    private static let loginDigests: [(StaticString, Digest)] = [("md5", .md5), ("sha1", .sha1), ("sha256", .sha256)]
    /// Reused for composite values (email, username, URLs, dates, hashes).
    private var scratch = TextBuffer(capacity: 256)
    /// Reused for the bytes the login hashes digest (password + salt).
    private var salted = TextBuffer(capacity: 96)

    init(
        data: GeneratorData, request: GeneratorRequest, ages: AgeCalculator, portraitBaseURL: String,
        version: RandomUserVersion = .current
    ) {
        self.data = data
        self.request = request
        self.ages = ages
        self.version = version
        portraitBase = Array(portraitBaseURL.utf8)
        portraitBaseIsPlain = StringTable([portraitBaseURL]).isJSONPlain
    }

    /// The whole response object: `{"results":[…],"info":{…}}`.
    mutating func encodeResponse(_ users: [GeneratedUser], into sink: inout some ResponseSink & ~Copyable) {
        sink.beginObject(nil)
        sink.beginArray("results")
        for user in users {
            if request.photoshopExtension {
                encodeExtensionUser(user, into: &sink)
            } else {
                encode(user, into: &sink)
            }
        }
        sink.endArray()
        if request.includesInfo && !request.photoshopExtension {
            sink.beginObject("info")
            sink.string("seed", request.infoSeed)
            sink.integer("results", request.results)
            sink.number("page", request.page)
            sink.string("version", version.rawValue)
            sink.endObject()
        }
        sink.endObject()
    }

    /// One user object, only with its included fields.
    mutating func encode(_ user: GeneratedUser, into sink: inout some ResponseSink & ~Copyable) {
        let fields = request.fields
        let common = data.common
        guard let lists = data.lists(for: user.nationality) else { return }
        let firstNames = lists.first(user.gender)
        sink.beginObject(nil)
        if fields.contains(.gender) {
            sink.string("gender", user.gender.text)
        }
        if fields.contains(.name) {
            sink.beginObject("name")
            if version.isLowerCase {
                sink.string("title", user.title.lowercased())
                sink.string("first", firstNames.names.string(user.first).lowercased())
                sink.string("last", lists.last.names.string(user.last).lowercased())
            } else {
                sink.string("title", user.title)
                sink.string("first", from: firstNames.names, user.first)
                sink.string("last", from: lists.last.names, user.last)
            }
            sink.endObject()
        }
        if fields.contains(.location) {
            encodeLocation(user, lists, into: &sink)
        }
        if fields.contains(.email) {
            scratch.removeAll()
            firstNames.emailParts.withUTF8(user.first) { scratch.append(contentsOf: $0) }
            scratch.append(UInt8(ascii: "."))
            lists.last.emailParts.withUTF8(user.last) { scratch.append(contentsOf: $0) }
            scratch.append("@example.com")
            if firstNames.emailParts.isJSONPlain && lists.last.emailParts.isJSONPlain {
                sink.plainString("email", scratch.bytes)
            } else {
                sink.string("email", scratch.bytes)
            }
        }
        if fields.contains(.login) {
            encodeLogin(user, common, into: &sink)
        }
        if version.hasRegisteredFirst, fields.contains(.registered) {
            encodeDate("registered", user.registered, into: &sink)
        }
        if fields.contains(.dob) {
            encodeDate("dob", user.dob, into: &sink)
        }
        if !version.hasRegisteredFirst, fields.contains(.registered) {
            encodeDate("registered", user.registered, into: &sink)
        }
        if fields.contains(.phone) {
            sink.string("phone", user.phone)
        }
        if fields.contains(.cell) {
            sink.string("cell", user.cell)
        }
        if fields.contains(.id) {
            sink.beginObject("id")
            sink.string("name", user.identity.name)
            if let value = user.identity.value {
                sink.string("value", value)
            } else {
                sink.null("value")
            }
            sink.endObject()
        }
        if fields.contains(.picture) {
            sink.beginObject("picture")
            picture("large", user, size: "", into: &sink)
            picture("medium", user, size: "med/", into: &sink)
            picture("thumbnail", user, size: "thumb/", into: &sink)
            sink.endObject()
        }
        if fields.contains(.nat) {
            sink.string("nat", user.nationality.code)
        }
        sink.endObject()
    }

    private mutating func encodeLocation(
        _ user: GeneratedUser, _ lists: NationalityLists, into sink: inout some ResponseSink & ~Copyable
    ) {
        let common = data.common
        sink.beginObject("location")
        if version.hasStreetText {
            sink.string("street", "\(user.streetNumber) \(lists.street.string(user.street))".lowercased())
            sink.string("city", lists.cities.string(user.city).lowercased())
            sink.string("state", lists.states.string(user.state).lowercased())
        } else {
            sink.beginObject("street")
            sink.integer("number", user.streetNumber)
            sink.string("name", from: lists.street, user.street)
            sink.endObject()
            sink.string("city", from: lists.cities, user.city)
            sink.string("state", from: lists.states, user.state)
        }
        if !version.hasCountry {
            // Added in 1.3.
        } else if let country = user.nationality.country {
            sink.string("country", country)
        } else {
            sink.undefined("country")
        }
        switch user.postcode {
        case .number(let value): sink.integer("postcode", value)
        case .text(let value): sink.string("postcode", value)
        }
        guard version.hasCoordinates else { return sink.endObject() }
        sink.beginObject("coordinates")
        scratch.removeAll()
        Self.appendCoordinate(user.latitude, to: &scratch)
        sink.plainString("latitude", scratch.bytes)
        scratch.removeAll()
        Self.appendCoordinate(user.longitude, to: &scratch)
        sink.plainString("longitude", scratch.bytes)
        sink.endObject()
        sink.beginObject("timezone")
        sink.string("offset", from: common.timezoneOffsets, user.timezone)
        sink.string("description", from: common.timezoneDescriptions, user.timezone)
        sink.endObject()
        sink.endObject()
    }

    private mutating func encodeLogin(_ user: GeneratedUser, _ common: CommonLists, into sink: inout some ResponseSink & ~Copyable) {
        sink.beginObject("login")
        if version.hasCoordinates {
            scratch.removeAll()
            user.uuid.write(to: &scratch)
            sink.plainString("uuid", scratch.bytes)
        }
        scratch.removeAll()
        common.user1.withUTF8(user.user1) { scratch.append(contentsOf: $0) }
        common.user2.withUTF8(user.user2) { scratch.append(contentsOf: $0) }
        scratch.append(number: user.userNumber)
        if common.user1.isJSONPlain && common.user2.isJSONPlain {
            sink.plainString("username", scratch.bytes)
        } else {
            sink.string("username", scratch.bytes)
        }
        // §5.5: the hashes are over the UTF-8 bytes of password + salt.
        salted.removeAll()
        switch user.password {
        case .listed(let index):
            common.passwords.withUTF8(index) { salted.append(contentsOf: $0) }
            sink.string("password", from: common.passwords, index)
        case .generated(let text):
            salted.append(utf8: text)
            sink.string("password", text)
        }
        // The salt is drawn from letters and digits.
        var salt = user.salt
        salt.withUTF8 { sink.plainString("salt", $0) }
        salted.append(utf8: user.salt)
        for (key, digest) in Self.loginDigests {
            scratch.removeAll()
            scratch.appendHex(digest.hash(salted.bytes))
            sink.plainString(key, scratch.bytes)
        }
        sink.endObject()
    }

    private mutating func encodeDate(_ key: StaticString, _ instant: Int64, into sink: inout some ResponseSink & ~Copyable) {
        scratch.removeAll()
        switch version.dateShape {
        case .unixSeconds:
            sink.integer(key, Int(LocalDateTime.floorDivide(instant, 1000)))
            return
        case .localText:
            Timestamp.appendLocal(instant, separator: " ", zone: "", to: &scratch)
            sink.plainString(key, scratch.bytes)
            return
        case .localISOWithAge:
            Timestamp.appendLocal(instant, separator: "T", zone: "Z", to: &scratch)
        case .isoWithAge:
            Timestamp.appendISO(instant, to: &scratch)
        }
        sink.beginObject(key)
        sink.plainString("date", scratch.bytes)
        sink.integer("age", version.countsPlainYears ? ages.yearDifference(at: instant) : ages.age(at: instant))
        sink.endObject()
    }

    /// One picture member: its URL needs escaping only if the base URL does.
    private mutating func picture(
        _ key: StaticString, _ user: GeneratedUser, size: StaticString, into sink: inout some ResponseSink & ~Copyable
    ) {
        let url = pictureURL(user, size: size)
        if portraitBaseIsPlain {
            sink.plainString(key, url)
        } else {
            sink.string(key, url)
        }
    }

    /// `{G}/{i}.jpg` under the portrait base, with `med/` or `thumb/` before it (§5.7).
    private mutating func pictureURL(_ user: GeneratedUser, size: StaticString) -> [UInt8] {
        scratch.removeAll()
        scratch.append(contentsOf: portraitBase)
        scratch.append(size)
        switch (user.nationality, user.gender) {
        case (.lego, _): scratch.append("lego/")
        case (_, .male): scratch.append("men/")
        case (_, .female): scratch.append("women/")
        }
        scratch.append(number: user.portrait)
        scratch.append(".jpg")
        return scratch.bytes
    }

    /// `extension=true`: `{"user":{"picture":…,"name":{"first","last"}}}` per user.
    private mutating func encodeExtensionUser(_ user: GeneratedUser, into sink: inout some ResponseSink & ~Copyable) {
        guard let lists = data.lists(for: user.nationality) else { return }
        sink.beginObject(nil)
        sink.beginObject("user")
        picture("picture", user, size: "", into: &sink)
        sink.beginObject("name")
        sink.string("first", from: lists.first(user.gender).names, user.first)
        sink.string("last", from: lists.last.names, user.last)
        sink.endObject()
        sink.endObject()
        sink.endObject()
    }

    /// faker's coordinate text: `value / 10⁴` with exactly four decimals (§3.2).
    static func appendCoordinate(_ value: Int32, to text: inout TextBuffer) {
        if value < 0 {
            text.append(UInt8(ascii: "-"))
        }
        let magnitude = Int(value.magnitude)
        text.append(number: magnitude / 10000)
        text.append(UInt8(ascii: "."))
        text.append(number: magnitude % 10000, paddedTo: 4)
    }
}
