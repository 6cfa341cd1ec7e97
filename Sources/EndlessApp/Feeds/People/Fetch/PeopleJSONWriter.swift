import RandomUserAPI

/// `endless fetch --format json` for people: the response pretty-printed with sorted keys,
/// byte for byte what ``FetchJSON/json(_:)`` writes (JSONEncoder with `.prettyPrinted`,
/// `.sortedKeys` and `.withoutEscapingSlashes`, then ``FetchJSON/terminalSafe(_:)``), written
/// directly from the models.
///
/// JSONEncoder builds a tree of boxed values, sorts every object's keys and walks the tree
/// again; on a 5,000-user page that took longer than the download and the decoding together.
/// The models' keys are fixed, so here they are written in sorted order as they are, in one
/// pass over a byte buffer. A test compares the two writers on generated and odd people.
struct PeopleJSONWriter {
    private var output: [UInt8] = []

    /// The whole response, ending in a newline.
    static func json(_ response: RandomUserResponse) -> String {
        var writer = PeopleJSONWriter()
        writer.output.reserveCapacity(response.results.count * 1_500 + 256)
        writer.write(response)
        writer.output.append(UInt8(ascii: "\n"))
        return String(decoding: writer.output, as: UTF8.self)
    }

    // MARK: - The models, keys in sorted order

    private mutating func write(_ response: RandomUserResponse) {
        var object = open(depth: 0)
        if let info = response.info {
            key("info", &object)
            var members = open(depth: 1)
            if let page = info.page { integer("page", page, &members) }
            if let results = info.results { integer("results", results, &members) }
            if let seed = info.seed { string("seed", seed, &members) }
            if let version = info.version { string("version", version, &members) }
            close(members)
        }
        key("results", &object)
        output.append(UInt8(ascii: "["))
        if response.results.isEmpty {
            output.append(contentsOf: "\n\n".utf8)
            indent(1)
        } else {
            for (index, user) in response.results.enumerated() {
                output.append(contentsOf: index == 0 ? "\n".utf8 : ",\n".utf8)
                indent(2)
                write(user, depth: 2)
            }
            output.append(UInt8(ascii: "\n"))
            indent(1)
        }
        output.append(UInt8(ascii: "]"))
        close(object)
    }

    private mutating func write(_ user: RandomUser, depth: Int) {
        var object = open(depth: depth)
        if let cell = user.cell { string("cell", cell, &object) }
        if let dob = user.dob { datedAge("dob", dob, &object) }
        if let email = user.email { string("email", email, &object) }
        if let gender = user.gender { string("gender", gender, &object) }
        if let identity = user.nationalID {
            key("id", &object)
            var members = open(depth: depth + 1)
            if let name = identity.name { string("name", name, &members) }
            if let value = identity.value { string("value", value, &members) } else { null("value", &members) }
            close(members)
        }
        if let location = user.location {
            key("location", &object)
            write(location, depth: depth + 1)
        }
        if let login = user.login {
            key("login", &object)
            var members = open(depth: depth + 1)
            if let md5 = login.md5 { string("md5", md5, &members) }
            if let password = login.password { string("password", password, &members) }
            if let salt = login.salt { string("salt", salt, &members) }
            if let sha1 = login.sha1 { string("sha1", sha1, &members) }
            if let sha256 = login.sha256 { string("sha256", sha256, &members) }
            if let username = login.username { string("username", username, &members) }
            if let uuid = login.uuid { string("uuid", uuid, &members) }
            close(members)
        }
        if let name = user.name {
            key("name", &object)
            var members = open(depth: depth + 1)
            if let first = name.first { string("first", first, &members) }
            if let last = name.last { string("last", last, &members) }
            if let title = name.title { string("title", title, &members) }
            close(members)
        }
        if let nat = user.nat { string("nat", nat, &object) }
        if let phone = user.phone { string("phone", phone, &object) }
        if let picture = user.picture {
            key("picture", &object)
            var members = open(depth: depth + 1)
            if let large = picture.large { string("large", large, &members) }
            if let medium = picture.medium { string("medium", medium, &members) }
            if let thumbnail = picture.thumbnail { string("thumbnail", thumbnail, &members) }
            close(members)
        }
        if let registered = user.registered { datedAge("registered", registered, &object) }
        close(object)
    }

    private mutating func write(_ location: RandomUser.Location, depth: Int) {
        var object = open(depth: depth)
        if let city = location.city { string("city", city, &object) }
        if let coordinates = location.coordinates {
            key("coordinates", &object)
            var members = open(depth: depth + 1)
            if let latitude = coordinates.latitude { string("latitude", latitude, &members) }
            if let longitude = coordinates.longitude { string("longitude", longitude, &members) }
            close(members)
        }
        if let country = location.country { string("country", country, &object) }
        switch location.postcode {
        case .number(let value): integer("postcode", value, &object)
        case .text(let value): string("postcode", value, &object)
        case nil: break
        }
        if let state = location.state { string("state", state, &object) }
        if let street = location.street {
            key("street", &object)
            var members = open(depth: depth + 1)
            if let name = street.name { string("name", name, &members) }
            if let number = street.number { integer("number", number, &members) }
            close(members)
        }
        if let timezone = location.timezone {
            key("timezone", &object)
            var members = open(depth: depth + 1)
            if let description = timezone.description { string("description", description, &members) }
            if let offset = timezone.offset { string("offset", offset, &members) }
            close(members)
        }
        close(object)
    }

    private mutating func datedAge(_ name: StaticString, _ value: RandomUser.DatedAge, _ object: inout Members) {
        key(name, &object)
        var members = open(depth: object.depth + 1)
        if let age = value.age { integer("age", age, &members) }
        if let date = value.isoDate { string("date", date, &members) }
        close(members)
    }

    // MARK: - JSONEncoder's pretty layout

    /// An open object: its depth and whether a member has been written.
    private struct Members {
        let depth: Int
        var count = 0
    }

    private mutating func open(depth: Int) -> Members {
        output.append(UInt8(ascii: "{"))
        return Members(depth: depth)
    }

    /// `}` on its own line; an empty object is `{`, an empty line, `}` (as JSONEncoder writes it).
    private mutating func close(_ members: Members) {
        output.append(contentsOf: members.count == 0 ? "\n\n".utf8 : "\n".utf8)
        indent(members.depth)
        output.append(UInt8(ascii: "}"))
    }

    /// `,` before all but the first member, a new line, the indentation and `"name" : `.
    private mutating func key(_ name: StaticString, _ members: inout Members) {
        output.append(contentsOf: members.count == 0 ? "\n".utf8 : ",\n".utf8)
        members.count += 1
        indent(members.depth + 1)
        output.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { output.append(contentsOf: $0) }
        output.append(contentsOf: "\" : ".utf8)
    }

    private mutating func indent(_ depth: Int) {
        for _ in 0..<depth { output.append(contentsOf: "  ".utf8) }
    }

    private mutating func string(_ name: StaticString, _ value: String, _ members: inout Members) {
        key(name, &members)
        quoted(value)
    }

    private mutating func integer(_ name: StaticString, _ value: Int, _ members: inout Members) {
        key(name, &members)
        output.append(contentsOf: String(value).utf8)
    }

    private mutating func null(_ name: StaticString, _ members: inout Members) {
        key(name, &members)
        output.append(contentsOf: "null".utf8)
    }

    /// A JSON string as JSONEncoder escapes it (`"`, `\`, C0 controls; `/` kept), with the
    /// characters ``FetchJSON/terminalSafe(_:)`` escapes escaped as it does.
    private mutating func quoted(_ value: String) {
        output.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            let plain = !bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 >= 0x7F }
            if plain {
                output.append(contentsOf: bytes)
            } else {
                escape(String(decoding: bytes, as: UTF8.self))
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ value: String) {
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x22: output.append(contentsOf: "\\\"".utf8)
            case 0x5C: output.append(contentsOf: "\\\\".utf8)
            case 0x08: output.append(contentsOf: "\\b".utf8)
            case 0x0C: output.append(contentsOf: "\\f".utf8)
            case 0x0A: output.append(contentsOf: "\\n".utf8)
            case 0x0D: output.append(contentsOf: "\\r".utf8)
            case 0x09: output.append(contentsOf: "\\t".utf8)
            case 0..<0x20: unicodeEscape(scalar.value)
            case _ where FetchJSON.needsEscape(scalar): unicodeEscape(scalar.value)
            default: output.append(contentsOf: String(scalar).utf8)
            }
        }
    }

    /// `\u` and four lowercase hex digits.
    private mutating func unicodeEscape(_ value: UInt32) {
        let hex = String(value, radix: 16)
        output.append(contentsOf: "\\u".utf8)
        for _ in hex.utf8.count..<4 { output.append(UInt8(ascii: "0")) }
        output.append(contentsOf: hex.utf8)
    }
}
