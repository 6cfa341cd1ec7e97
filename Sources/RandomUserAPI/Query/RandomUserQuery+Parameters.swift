extension RandomUserQuery {
    /// The two genders the service filters on.
    public enum Gender: String, Sendable, Equatable, CaseIterable {
        /// `gender=male` / `gender=female`.
        case male, female

        /// Reads a gender, ignoring case and surrounding spaces (the service itself only
        /// honours the exact lowercase words, which is what the query sends).
        /// - Parameter text: e.g. `"Female"`.
        /// - Throws: ``RandomUserQueryError/unknownGender(_:)``.
        public init(parsing text: String) throws(RandomUserQueryError) {
            guard let gender = Gender(rawValue: text.trimmingSpaces.lowercased()) else {
                throw .unknownGender(text)
            }
            self = gender
        }
    }

    /// The 21 nationalities of API v1.4, in the service's own order.
    public enum Nationality: String, Sendable, Equatable, CaseIterable {
        /// The codes as the service writes them in `nat`; see ``countryName`` for the names.
        case AU, BR, CA, CH, DE, DK, ES, FI, FR, GB, IE, IN, IR, MX, NL, NO, NZ, RS, TR, UA, US

        /// Reads a code in any case (`"us"`, `"Us"`), ignoring surrounding spaces.
        /// - Parameter text: a two-letter code.
        /// - Throws: ``RandomUserQueryError/unknownNationality(_:)``.
        public init(parsing text: String) throws(RandomUserQueryError) {
            guard let nationality = Nationality(rawValue: text.trimmingSpaces.uppercased()) else {
                throw .unknownNationality(text)
            }
            self = nationality
        }

        /// Reads a comma-separated list such as `"us,GB, nl"`; empty items are skipped.
        /// - Parameter text: the list.
        /// - Returns: the codes in the order given, duplicates removed.
        /// - Throws: ``RandomUserQueryError/unknownNationality(_:)`` for the first bad code.
        public static func parseList(_ text: String) throws(RandomUserQueryError) -> [Nationality] {
            var list: [Nationality] = []
            for item in text.split(separator: ",") where !item.trimmingSpaces.isEmpty {
                let nationality = try Nationality(parsing: String(item))
                if !list.contains(nationality) { list.append(nationality) }
            }
            return list
        }

        /// The country's English name, as the service writes it in `location.country`.
        public var countryName: String {
            switch self {
            case .AU: "Australia"
            case .BR: "Brazil"
            case .CA: "Canada"
            case .CH: "Switzerland"
            case .DE: "Germany"
            case .DK: "Denmark"
            case .ES: "Spain"
            case .FI: "Finland"
            case .FR: "France"
            case .GB: "United Kingdom"
            case .IE: "Ireland"
            case .IN: "India"
            case .IR: "Iran"
            case .MX: "Mexico"
            case .NL: "Netherlands"
            case .NO: "Norway"
            case .NZ: "New Zealand"
            case .RS: "Serbia"
            case .TR: "Turkey"
            case .UA: "Ukraine"
            case .US: "United States"
            }
        }
    }

    /// The 12 top-level fields `inc` and `exc` name.
    public enum Field: String, Sendable, Equatable, CaseIterable {
        /// The JSON keys of a person; `id` is the national identity document.
        case gender, name, location, email, login, registered, dob, phone, cell, id, picture, nat

        /// Reads a field name in any case, ignoring surrounding spaces.
        /// - Parameters:
        ///   - text: e.g. `"Email"`.
        ///   - parameter: `inc` or `exc`, named in the error.
        /// - Throws: ``RandomUserQueryError/unknownField(_:parameter:)``.
        public init(
            parsing text: String, for parameter: RandomUserQueryError.Parameter
        ) throws(RandomUserQueryError) {
            guard let field = Field(rawValue: text.trimmingSpaces.lowercased()) else {
                throw .unknownField(text, parameter: parameter)
            }
            self = field
        }

        /// Reads a comma-separated list such as `"name,email"`; empty items are skipped.
        /// - Parameters:
        ///   - text: the list.
        ///   - parameter: `inc` or `exc`, named in the error.
        /// - Returns: the fields in the order given, duplicates removed.
        /// - Throws: ``RandomUserQueryError/unknownField(_:parameter:)`` for the first bad name.
        public static func parseList(
            _ text: String, for parameter: RandomUserQueryError.Parameter
        ) throws(RandomUserQueryError) -> [Field] {
            var list: [Field] = []
            for item in text.split(separator: ",") where !item.trimmingSpaces.isEmpty {
                let field = try Field(parsing: String(item), for: parameter)
                if !list.contains(field) { list.append(field) }
            }
            return list
        }
    }

    /// The API versions the models read. Each is served under `/api/<version>/`; the bare
    /// `/api/` serves the latest.
    public enum APIVersion: String, Sendable, Equatable, CaseIterable {
        /// Unix-second dates, street as a string, no uuid in many bodies.
        case v1_0 = "1.0"
        /// `YYYY-MM-DD HH:mm:ss` dates.
        case v1_1 = "1.1"
        /// `{date, age}` objects, ISO 8601 dates without milliseconds.
        case v1_2 = "1.2"
        /// Street objects, dates with milliseconds.
        case v1_3 = "1.3"
        /// The current version.
        case v1_4 = "1.4"

        /// The newest version, the one `/api/` serves.
        public static let latest = APIVersion.v1_4

        /// Reads `"1.4"`, also accepting a leading `v` (`"v1.4"`).
        /// - Parameter text: the version.
        /// - Throws: ``RandomUserQueryError/unknownVersion(_:)``.
        public init(parsing text: String) throws(RandomUserQueryError) {
            var trimmed = text.trimmingSpaces.lowercased()
            if trimmed.hasPrefix("v") { trimmed.removeFirst() }
            guard let version = APIVersion(rawValue: trimmed) else { throw .unknownVersion(text) }
            self = version
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        let text = Substring(self)
        let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
        let end = text.lastIndex { $0 != " " && $0 != "\t" }.map(text.index(after:)) ?? start
        return text[start..<Swift.max(start, end)]
    }
}
