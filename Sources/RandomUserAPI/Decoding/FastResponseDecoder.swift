import EndlessHTTP
import Foundation

/// Reads a randomuser.me body straight into ``RandomUserResponse``, several times faster than
/// `JSONDecoder` with the `Codable` models, for the bodies real servers send.
///
/// `JSONDecoder` pays for generality on every field: a keyed container (a dictionary of the
/// object's keys) per nested object, a `CodingKey` per lookup, existential and generic
/// dispatch, and an error allocated for each tolerant fallback. Profiled on a 5,000-user
/// page, those, not the JSON parsing, were most of the time. This reader walks the bytes once
/// with ``JSONScanner`` and builds the models directly.
///
/// It reads exactly what the tolerant `init(from:)` methods read, and only that: for every
/// shape it is not certain of (a number where text is usual, a duplicate key, an escaped key,
/// a 0.x body, the service's `{"error": …}`, anything `JSONDecoder` would reject) it returns
/// nil, and ``RandomUserResponseReader`` decodes with `JSONDecoder` instead, so results and
/// error messages never differ. A test compares the two on every captured body and on the
/// odd shapes.
enum FastResponseDecoder {
    /// The response, or nil when `JSONDecoder` must decide.
    static func decode(_ body: Data) -> RandomUserResponse? {
        decodeKeepingBody(body) ?? (try? RawJSON(parsing: body)).flatMap(decode)
    }

    /// The response of a body sent compact (no whitespace between tokens, as randomuser.me
    /// sends its default format), read in one pass: the scanner checks what it reads as
    /// strictly as ``RawJSON``'s parser does (UTF-8, escapes, numbers, nesting), so the body is
    /// kept as it came, without checking it a second time, and each person keeps its bytes of
    /// it (the body itself, not a copy). Nil when the body has whitespace (read it compacted with ``decode(_:)-(RawJSON)``)
    /// or when `JSONDecoder` must decide.
    static func decodeKeepingBody(_ body: Data) -> RandomUserResponse? {
        let read: (RandomUserResponse, [Range<Int>])? = body.withUnsafeBytes { raw in
            var scanner = JSONScanner(raw.bindMemory(to: UInt8.self))
            var ranges: [Range<Int>] = []
            do throws(JSONScanner.Unsure) {
                let response = try response(&scanner, ranges: &ranges)
                guard scanner.isAtEnd(), !scanner.sawWhitespace else { return nil }
                return (response, ranges)
            } catch {
                return nil
            }
        }
        guard case (var response, let ranges)? = read else { return nil }
        response.keep(RawJSON(trusted: body), people: ranges)
        return response
    }

    /// The response read from a checked body, each person keeping its object (a slice of the
    /// body's bytes, found while reading it: neither copied nor walked again); nil when
    /// `JSONDecoder` must decide.
    static func decode(_ body: RawJSON) -> RandomUserResponse? {
        let read: (RandomUserResponse, [Range<Int>])? = body.bytes.withUnsafeBytes { raw in
            var scanner = JSONScanner(raw.bindMemory(to: UInt8.self))
            var ranges: [Range<Int>] = []
            do throws(JSONScanner.Unsure) {
                let response = try response(&scanner, ranges: &ranges)
                guard scanner.isAtEnd() else { return nil }
                return (response, ranges)
            } catch {
                return nil
            }
        }
        guard case (var response, let ranges)? = read else { return nil }
        response.keep(body, people: ranges)
        return response
    }

    /// One person read from its object, keeping it; nil when `JSONDecoder` must decide.
    static func user(_ object: RawJSON) -> RandomUser? {
        object.bytes.withUnsafeBytes { raw in
            var scanner = JSONScanner(raw.bindMemory(to: UInt8.self))
            do throws(JSONScanner.Unsure) {
                let person = try user(&scanner, depth: 2)
                guard scanner.isAtEnd() else { return nil }
                return person.keeping(object)
            } catch {
                return nil
            }
        }
    }

    /// Bits for the keys an object has shown, so a repeated key sends the body to `JSONDecoder`.
    private struct Seen {
        private var bits: UInt32 = 0

        mutating func insert(_ bit: UInt32) throws(JSONScanner.Unsure) {
            guard bits & (1 << bit) == 0 else { throw JSONScanner.Unsure() }
            bits |= 1 << bit
        }

        func contains(_ bit: UInt32) -> Bool { bits & (1 << bit) != 0 }
    }

    /// The response, and in `ranges` where each person's object lies in the bytes read.
    private static func response(
        _ scanner: inout JSONScanner, ranges: inout [Range<Int>]
    ) throws(JSONScanner.Unsure) -> RandomUserResponse {
        var results: [RandomUser]?
        var info: RandomUserResponse.Info?
        var seen = Seen()
        try scanner.object(depth: 0) { (scanner, key) throws(JSONScanner.Unsure) in
            if key.equals("results") {
                try seen.insert(0)
                var users: [RandomUser] = []
                // A 5,000-user page: one allocation for the array.
                users.reserveCapacity(min(5000, max(16, scanner.bytes.count / 1200)))
                ranges.reserveCapacity(users.capacity)
                try scanner.array(depth: 1) { (scanner) throws(JSONScanner.Unsure) in
                    scanner.skipWhitespace()
                    let start = scanner.index
                    users.append(try user(&scanner, depth: 2))
                    ranges.append(start..<scanner.index)
                }
                results = users
            } else if key.equals("info") {
                try seen.insert(1)
                if try !scanner.consumeNull() {
                    guard try scanner.nextKind() == .object else { throw JSONScanner.Unsure() }
                    info = try self.info(&scanner, depth: 1)
                }
            } else if key.equals("error") {
                throw JSONScanner.Unsure()  // the service's error body: worded by the slow path
            } else {
                try scanner.skipValue(depth: 1)
            }
        }
        guard let results else { throw JSONScanner.Unsure() }
        return RandomUserResponse(results: results, info: info)
    }

    private static func info(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Unsure) -> RandomUserResponse.Info {
        var seed: String?
        var results: Int?
        var page: Int?
        var version: String?
        var seen = Seen()
        try scanner.object(depth: depth) { (scanner, key) throws(JSONScanner.Unsure) in
            if key.equals("seed") {
                try seen.insert(0)
                seed = try lenientString(&scanner, depth: depth)
            } else if key.equals("results") {
                try seen.insert(1)
                results = try lenientInt(&scanner, depth: depth)
            } else if key.equals("page") {
                try seen.insert(2)
                page = try lenientInt(&scanner, depth: depth)
            } else if key.equals("version") {
                try seen.insert(3)
                version = try lenientString(&scanner, depth: depth)
            } else {
                try scanner.skipValue(depth: depth)
            }
        }
        return RandomUserResponse.Info(seed: seed, results: results, page: page, version: version)
    }

    // MARK: - A person

    private static func user(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Unsure) -> RandomUser {
        guard try scanner.nextKind() == .object else { throw JSONScanner.Unsure() }
        var gender: String?
        var name: RandomUser.Name?
        var location: RandomUser.Location?
        var email: String?
        var login: RandomUser.Login?
        var dob: RandomUser.DatedAge?
        var registered: RandomUser.DatedAge?
        var phone: String?
        var cell: String?
        var nationalID: RandomUser.NationalID?
        var picture: RandomUser.Picture?
        var nat: String?
        var seen = Seen()
        try scanner.object(depth: depth) { (scanner, key) throws(JSONScanner.Unsure) in
            switch key.count {
            case 2 where key.equals("id"):
                try seen.insert(0)
                nationalID = try object(&scanner, depth: depth) { (scanner) throws(JSONScanner.Unsure) in
                    try strings(&scanner, depth: depth + 1, "name", "value") { RandomUser.NationalID(name: $0, value: $1) }
                }
            case 3 where key.equals("dob"):
                try seen.insert(1)
                dob = try datedAge(&scanner, depth: depth)
            case 3 where key.equals("nat"):
                try seen.insert(2)
                nat = try lenientString(&scanner, depth: depth)
            case 4 where key.equals("name"):
                try seen.insert(3)
                name = try object(&scanner, depth: depth) { (scanner) throws(JSONScanner.Unsure) in
                    try strings(&scanner, depth: depth + 1, "title", "first", "last") {
                        RandomUser.Name(title: $0, first: $1, last: $2)
                    }
                }
            case 4 where key.equals("cell"):
                try seen.insert(4)
                cell = try lenientString(&scanner, depth: depth)
            case 4 where key.equals("user"):
                throw JSONScanner.Unsure()  // a 0.x wrapper: refused by the slow path
            case 5 where key.equals("email"):
                try seen.insert(5)
                email = try lenientString(&scanner, depth: depth)
            case 5 where key.equals("login"):
                try seen.insert(6)
                login = try object(&scanner, depth: depth) { (scanner) throws(JSONScanner.Unsure) in
                    try self.login(&scanner, depth: depth + 1)
                }
            case 5 where key.equals("phone"):
                try seen.insert(7)
                phone = try lenientString(&scanner, depth: depth)
            case 6 where key.equals("gender"):
                try seen.insert(8)
                gender = try lenientString(&scanner, depth: depth)
            case 7 where key.equals("picture"):
                try seen.insert(9)
                picture = try object(&scanner, depth: depth) { (scanner) throws(JSONScanner.Unsure) in
                    try strings(&scanner, depth: depth + 1, "large", "medium", "thumbnail") {
                        RandomUser.Picture(large: $0, medium: $1, thumbnail: $2)
                    }
                }
            case 8 where key.equals("location"):
                try seen.insert(10)
                location = try object(&scanner, depth: depth) { (scanner) throws(JSONScanner.Unsure) in
                    try self.location(&scanner, depth: depth + 1)
                }
            case 10 where key.equals("registered"):
                try seen.insert(11)
                registered = try datedAge(&scanner, depth: depth)
            default:
                try scanner.skipValue(depth: depth)
            }
        }
        return RandomUser(
            gender: gender, name: name, location: location, email: email, login: login, dob: dob,
            registered: registered, phone: phone, cell: cell, nationalID: nationalID, picture: picture, nat: nat)
    }

    private static func login(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Unsure) -> RandomUser.Login {
        var values = [String?](repeating: nil, count: 7)
        var seen = Seen()
        try scanner.object(depth: depth) { (scanner, key) throws(JSONScanner.Unsure) in
            let slot: Int
            if key.equals("uuid") {
                slot = 0
            } else if key.equals("username") {
                slot = 1
            } else if key.equals("password") {
                slot = 2
            } else if key.equals("salt") {
                slot = 3
            } else if key.equals("md5") {
                slot = 4
            } else if key.equals("sha1") {
                slot = 5
            } else if key.equals("sha256") {
                slot = 6
            } else {
                return try scanner.skipValue(depth: depth)
            }
            try seen.insert(UInt32(slot))
            values[slot] = try lenientString(&scanner, depth: depth)
        }
        return RandomUser.Login(
            uuid: values[0], username: values[1], password: values[2], salt: values[3], md5: values[4],
            sha1: values[5], sha256: values[6])
    }

    private static func location(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Unsure) -> RandomUser.Location {
        var street: RandomUser.Street?
        var city: String?
        var state: String?
        var country: String?
        var postcode: RandomUser.Postcode?
        var coordinates: RandomUser.Coordinates?
        var timezone: RandomUser.TimeZoneInfo?
        var seen = Seen()
        try scanner.object(depth: depth) { (scanner, key) throws(JSONScanner.Unsure) in
            if key.equals("street") {
                try seen.insert(0)
                switch try scanner.nextKind() {
                case .object:
                    street = try self.street(&scanner, depth: depth + 1)
                case .string:
                    street = RandomUser.Street(line: try scanner.string())  // v1.0–1.2
                case .null:
                    _ = try scanner.consumeNull()
                default:
                    throw JSONScanner.Unsure()
                }
            } else if key.equals("city") {
                try seen.insert(1)
                city = try lenientString(&scanner, depth: depth)
            } else if key.equals("state") {
                try seen.insert(2)
                state = try lenientString(&scanner, depth: depth)
            } else if key.equals("country") {
                try seen.insert(3)
                country = try lenientString(&scanner, depth: depth)
            } else if key.equals("postcode") {
                try seen.insert(4)
                switch try scanner.nextKind() {
                case .number: postcode = .number(try scanner.integer())
                case .string: postcode = .text(try scanner.string())
                case .null: _ = try scanner.consumeNull()
                default: throw JSONScanner.Unsure()
                }
            } else if key.equals("coordinates") {
                try seen.insert(5)
                coordinates = try object(&scanner, depth: depth) { (scanner) throws(JSONScanner.Unsure) in
                    try strings(&scanner, depth: depth + 1, "latitude", "longitude") {
                        RandomUser.Coordinates(latitude: $0, longitude: $1)
                    }
                }
            } else if key.equals("timezone") {
                try seen.insert(6)
                timezone = try object(&scanner, depth: depth) { (scanner) throws(JSONScanner.Unsure) in
                    try strings(&scanner, depth: depth + 1, "offset", "description") {
                        RandomUser.TimeZoneInfo(offset: $0, description: $1)
                    }
                }
            } else {
                try scanner.skipValue(depth: depth)
            }
        }
        return RandomUser.Location(
            street: street, city: city, state: state, country: country, postcode: postcode,
            coordinates: coordinates, timezone: timezone)
    }

    private static func street(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Unsure) -> RandomUser.Street {
        var number: Int?
        var name: String?
        var seen = Seen()
        try scanner.object(depth: depth) { (scanner, key) throws(JSONScanner.Unsure) in
            if key.equals("number") {
                try seen.insert(0)
                number = try lenientInt(&scanner, depth: depth)
            } else if key.equals("name") {
                try seen.insert(1)
                name = try lenientString(&scanner, depth: depth)
            } else {
                try scanner.skipValue(depth: depth)
            }
        }
        return RandomUser.Street(number: number, name: name)
    }

    /// `dob` and `registered` in their four shapes (see ``RandomUser/DatedAge``).
    private static func datedAge(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Unsure) -> RandomUser.DatedAge? {
        switch try scanner.nextKind() {
        case .null:
            _ = try scanner.consumeNull()
            return nil
        case .string:  // v1.1
            return RandomUser.DatedAge(date: try date(try scanner.string()))
        case .number:  // v1.0
            return RandomUser.DatedAge(date: try date(unixSeconds: try scanner.integer()))
        case .object:
            var date: Date?
            var age: Int?
            var seen = Seen()
            try scanner.object(depth: depth + 1) { (scanner, key) throws(JSONScanner.Unsure) in
                if key.equals("date") {
                    try seen.insert(0)
                    switch try scanner.nextKind() {
                    case .string: date = try self.date(try scanner.string())
                    case .number: date = try self.date(unixSeconds: try scanner.integer())
                    case .null: _ = try scanner.consumeNull()
                    default: throw JSONScanner.Unsure()
                    }
                } else if key.equals("age") {
                    try seen.insert(1)
                    age = try lenientInt(&scanner, depth: depth + 1)
                } else {
                    try scanner.skipValue(depth: depth + 1)
                }
            }
            return RandomUser.DatedAge(date: date, age: age)
        default:
            throw JSONScanner.Unsure()
        }
    }

    private static func date(_ text: String) throws(JSONScanner.Unsure) -> Date {
        guard let date = WireDate.parse(text) else { throw JSONScanner.Unsure() }
        return date
    }

    private static func date(unixSeconds seconds: Int) throws(JSONScanner.Unsure) -> Date {
        guard WireDate.unixSecondsRange.contains(seconds) else { throw JSONScanner.Unsure() }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    // MARK: - Tolerant values

    /// An object member read by `read`; nil for null; any other shape is the slow path's.
    private static func object<T>(
        _ scanner: inout JSONScanner, depth: Int, _ read: (inout JSONScanner) throws(JSONScanner.Unsure) -> T
    ) throws(JSONScanner.Unsure) -> T? {
        switch try scanner.nextKind() {
        case .null:
            _ = try scanner.consumeNull()
            return nil
        case .object:
            return try read(&scanner)
        default:
            throw JSONScanner.Unsure()
        }
    }

    /// An object of string members, named by `keys` (at most 3), built by `make`.
    private static func strings<T>(
        _ scanner: inout JSONScanner, depth: Int, _ first: StaticString, _ second: StaticString,
        _ make: (String?, String?) -> T
    ) throws(JSONScanner.Unsure) -> T {
        let values = try strings(&scanner, depth: depth, [first, second])
        return make(values[0], values[1])
    }

    private static func strings<T>(
        _ scanner: inout JSONScanner, depth: Int, _ first: StaticString, _ second: StaticString,
        _ third: StaticString, _ make: (String?, String?, String?) -> T
    ) throws(JSONScanner.Unsure) -> T {
        let values = try strings(&scanner, depth: depth, [first, second, third])
        return make(values[0], values[1], values[2])
    }

    private static func strings(
        _ scanner: inout JSONScanner, depth: Int, _ keys: [StaticString]
    ) throws(JSONScanner.Unsure) -> [String?] {
        var values = [String?](repeating: nil, count: keys.count)
        var seen = Seen()
        try scanner.object(depth: depth) { (scanner, key) throws(JSONScanner.Unsure) in
            for (slot, name) in keys.enumerated() where key.equals(name) {
                try seen.insert(UInt32(slot))
                values[slot] = try lenientString(&scanner, depth: depth)
                return
            }
            try scanner.skipValue(depth: depth)
        }
        return values
    }

    /// `lenientString`: text as is, null as nil; a bool, object or array is nil too (after
    /// checking it); a number is the slow path's (its text form depends on its type).
    private static func lenientString(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Unsure) -> String? {
        switch try scanner.nextKind() {
        case .string:
            return try scanner.string()
        case .null:
            _ = try scanner.consumeNull()
            return nil
        case .bool, .object, .array:
            try scanner.skipValue(depth: depth)
            return nil
        case .number:
            throw JSONScanner.Unsure()
        }
    }

    /// `lenientInt`: an integer as is, null as nil; a bool, object or array is nil; a string
    /// or a fraction is the slow path's.
    private static func lenientInt(_ scanner: inout JSONScanner, depth: Int) throws(JSONScanner.Unsure) -> Int? {
        switch try scanner.nextKind() {
        case .number:
            return try scanner.integer()
        case .null:
            _ = try scanner.consumeNull()
            return nil
        case .bool, .object, .array:
            try scanner.skipValue(depth: depth)
            return nil
        case .string:
            throw JSONScanner.Unsure()
        }
    }
}
