import EndlessDigest

/// Walks generated users into a `ResponseSink` in the official key order (GENERATOR.md §5.9,
/// §6): `gender, name, location, email, login, dob, registered, phone, cell, id, picture, nat`,
/// minus the excluded fields, then `info`.
struct ResponseEncoder {
    let data: GeneratorData
    let request: GeneratorRequest
    let ages: AgeCalculator
    /// `portraitBaseURL`, replacing `https://randomuser.me/api/portraits/`.
    let portraitBase: [UInt8]
    /// The three login hashes, in key order.
    private static let loginDigests: [(StaticString, Digest)] = [("md5", .md5), ("sha1", .sha1), ("sha256", .sha256)]
    /// Reused for composite values (email, username, URLs, dates, hashes).
    private var scratch = TextBuffer(capacity: 256)

    init(data: GeneratorData, request: GeneratorRequest, ages: AgeCalculator, portraitBaseURL: String) {
        self.data = data
        self.request = request
        self.ages = ages
        portraitBase = Array(portraitBaseURL.utf8)
    }

    /// The whole response object: `{"results":[…],"info":{…}}`.
    mutating func encodeResponse(_ users: [GeneratedUser], into sink: inout some ResponseSink) {
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
            sink.string("version", "1.4")
            sink.endObject()
        }
        sink.endObject()
    }

    /// One user object, only with its included fields.
    mutating func encode(_ user: GeneratedUser, into sink: inout some ResponseSink) {
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
            sink.string("title", user.title)
            sink.string("first", firstNames.names.utf8(user.first))
            sink.string("last", lists.last.names.utf8(user.last))
            sink.endObject()
        }
        if fields.contains(.location) {
            encodeLocation(user, lists, into: &sink)
        }
        if fields.contains(.email) {
            scratch.removeAll()
            scratch.append(contentsOf: firstNames.emailParts.utf8(user.first))
            scratch.append(UInt8(ascii: "."))
            scratch.append(contentsOf: lists.last.emailParts.utf8(user.last))
            scratch.append("@example.com")
            sink.string("email", scratch.bytes)
        }
        if fields.contains(.login) {
            encodeLogin(user, common, into: &sink)
        }
        if fields.contains(.dob) {
            encodeDate("dob", user.dob, into: &sink)
        }
        if fields.contains(.registered) {
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
            sink.string("large", pictureURL(user, size: ""))
            sink.string("medium", pictureURL(user, size: "med/"))
            sink.string("thumbnail", pictureURL(user, size: "thumb/"))
            sink.endObject()
        }
        if fields.contains(.nat) {
            sink.string("nat", user.nationality.code)
        }
        sink.endObject()
    }

    private mutating func encodeLocation(
        _ user: GeneratedUser, _ lists: NationalityLists, into sink: inout some ResponseSink
    ) {
        let common = data.common
        sink.beginObject("location")
        sink.beginObject("street")
        sink.integer("number", user.streetNumber)
        sink.string("name", lists.street.utf8(user.street))
        sink.endObject()
        sink.string("city", lists.cities.utf8(user.city))
        sink.string("state", lists.states.utf8(user.state))
        if let country = user.nationality.country {
            sink.string("country", country)
        } else {
            sink.undefined("country")
        }
        switch user.postcode {
        case .number(let value): sink.integer("postcode", value)
        case .text(let value): sink.string("postcode", value)
        }
        sink.beginObject("coordinates")
        scratch.removeAll()
        Self.appendCoordinate(user.latitude, to: &scratch)
        sink.string("latitude", scratch.bytes)
        scratch.removeAll()
        Self.appendCoordinate(user.longitude, to: &scratch)
        sink.string("longitude", scratch.bytes)
        sink.endObject()
        sink.beginObject("timezone")
        sink.string("offset", common.timezoneOffsets.utf8(user.timezone))
        sink.string("description", common.timezoneDescriptions.utf8(user.timezone))
        sink.endObject()
        sink.endObject()
    }

    private mutating func encodeLogin(_ user: GeneratedUser, _ common: CommonLists, into sink: inout some ResponseSink)
    {
        sink.beginObject("login")
        scratch.removeAll()
        user.uuid.write(to: &scratch)
        sink.string("uuid", scratch.bytes)
        scratch.removeAll()
        scratch.append(contentsOf: common.user1.utf8(user.user1))
        scratch.append(contentsOf: common.user2.utf8(user.user2))
        scratch.append(number: user.userNumber)
        sink.string("username", scratch.bytes)
        // §5.5: the hashes are over the UTF-8 bytes of password + salt.
        var salted: [UInt8]
        switch user.password {
        case .listed(let index): salted = Array(common.passwords.utf8(index))
        case .generated(let text): salted = Array(text.utf8)
        }
        sink.string("password", salted)
        sink.string("salt", user.salt)
        salted.append(contentsOf: user.salt.utf8)
        for (key, digest) in Self.loginDigests {
            scratch.removeAll()
            for byte in digest.hash(salted) {
                scratch.append(HexDigits.lowercase[Int(byte >> 4)])
                scratch.append(HexDigits.lowercase[Int(byte & 0xF)])
            }
            sink.string(key, scratch.bytes)
        }
        sink.endObject()
    }

    private mutating func encodeDate(_ key: StaticString, _ instant: Int64, into sink: inout some ResponseSink) {
        sink.beginObject(key)
        scratch.removeAll()
        Timestamp.appendISO(instant, to: &scratch)
        sink.string("date", scratch.bytes)
        sink.integer("age", ages.age(at: instant))
        sink.endObject()
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
    private mutating func encodeExtensionUser(_ user: GeneratedUser, into sink: inout some ResponseSink) {
        guard let lists = data.lists(for: user.nationality) else { return }
        sink.beginObject(nil)
        sink.beginObject("user")
        sink.string("picture", pictureURL(user, size: ""))
        sink.beginObject("name")
        sink.string("first", lists.first(user.gender).names.utf8(user.first))
        sink.string("last", lists.last.names.utf8(user.last))
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
