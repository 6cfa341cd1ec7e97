/// A query the service would misread: each case names the parameter, what was wrong and
/// what is allowed.
///
/// The live service never rejects a query: it silently answers something else (1 person for
/// `results=0`, page 1 for `page=-3`, random nationalities when one code in `nat` is wrong,
/// random genders when a seed is given). So the builder refuses these up front, where a
/// person can still fix them.
public enum RandomUserQueryError: Error, Sendable, Equatable {
    /// `results` outside 1...5000 (the service would return 1 person).
    case resultsOutOfRange(Int)
    /// `page` outside 1...10000 (the service would return page 1).
    case pageOutOfRange(Int)
    /// An empty seed (the service would draw a random one).
    case emptySeed
    /// A gender other than `male` or `female`.
    case unknownGender(String)
    /// A gender together with a seed: the service ignores gender for seeded requests.
    case genderWithSeed
    /// A gender filter with the `gender` field left out, so people cannot be filtered.
    case genderWithoutGenderField
    /// A nationality code that is not one of the 21 v1.4 codes (the service would drop the
    /// whole list).
    case unknownNationality(String)
    /// A field name in `inc` or `exc` that is not one of the 12 fields.
    case unknownField(String, parameter: Parameter)
    /// `inc` and `exc` together leave no field (every person would be `{}`).
    case noFieldsLeft
    /// A password spec the service would misread; `reason` says how.
    case invalidPassword(String, reason: String)
    /// An API version other than 1.0–1.4.
    case unknownVersion(String)
    /// A base URL that is not an absolute http(s) URL, or whose path names a different
    /// API version than the query; `reason` says which.
    case invalidBaseURL(String, reason: String)

    /// A query parameter, by the name the service uses (`baseURL` is not a query parameter
    /// but the server address the query is sent to).
    public enum Parameter: String, Sendable, Equatable, CaseIterable {
        /// The query parameter names, and `baseURL` for the server address.
        case baseURL, results, page, seed, gender, nat, inc, exc, password, version
    }

    /// The parameter at fault. For ``genderWithSeed`` that is `gender`, the one to drop.
    public var parameter: Parameter {
        switch self {
        case .resultsOutOfRange: .results
        case .pageOutOfRange: .page
        case .emptySeed: .seed
        case .unknownGender, .genderWithSeed, .genderWithoutGenderField: .gender
        case .unknownNationality: .nat
        case .unknownField(_, let parameter): parameter
        case .noFieldsLeft: .exc
        case .invalidPassword: .password
        case .unknownVersion: .version
        case .invalidBaseURL: .baseURL
        }
    }

    /// What was wrong, quoting the value given.
    public var problem: String {
        switch self {
        case .resultsOutOfRange(let value):
            "\(value) is out of range (the service would silently return 1 person)"
        case .pageOutOfRange(let value):
            "\(value) is out of range (the service would silently return page 1)"
        case .emptySeed:
            "the seed is empty (the service would draw a random one)"
        case .unknownGender(let value):
            "\"\(value)\" is not a gender the service knows"
        case .genderWithSeed:
            "a gender has no effect together with a seed (the service ignores it)"
        case .genderWithoutGenderField:
            "the people cannot be filtered by gender when --inc/--exc leaves the gender field out"
        case .unknownNationality(let value):
            "\"\(value)\" is not a nationality code (the service would ignore the whole list)"
        case .unknownField(let value, _):
            "\"\(value)\" is not a field name"
        case .noFieldsLeft:
            "no field is left after inc and exc (every person would be empty)"
        case .invalidPassword(let value, let reason):
            "\"\(value)\": \(reason)"
        case .unknownVersion(let value):
            "\"\(value)\" is not an API version"
        case .invalidBaseURL(let value, let reason):
            "\"\(value)\": \(reason)"
        }
    }

    /// What is allowed instead.
    public var allowed: String {
        switch self {
        case .resultsOutOfRange: "a whole number from 1 to 5000"
        case .pageOutOfRange: "a whole number from 1 to 10000"
        case .emptySeed: "any non-empty text, e.g. a word or a hex string"
        case .unknownGender: "male or female (any case)"
        case .genderWithSeed: "either a gender or a seed, not both"
        case .genderWithoutGenderField: "a gender filter with the gender field included"
        case .unknownNationality:
            RandomUserQuery.Nationality.allCases.map(\.rawValue).joined(separator: " ") + " (any case)"
        case .unknownField, .noFieldsLeft:
            RandomUserQuery.Field.allCases.map(\.rawValue).joined(separator: " ")
        case .invalidPassword:
            "character sets special, upper, lower, number (comma-separated, in the order wanted), "
                + "then optionally a length N or MIN-MAX within 1-64, e.g. upper,lower,8-16"
        case .unknownVersion:
            RandomUserQuery.APIVersion.allCases.map(\.rawValue).joined(separator: " ")
        case .invalidBaseURL:
            "an absolute http or https URL such as https://randomuser.me/api/ or http://127.0.0.1:8080/"
        }
    }
}

extension RandomUserQueryError: CustomStringConvertible {
    /// `"nat: "xx" is not a nationality code (…); allowed: AU BR … (any case)"`.
    public var description: String {
        "\(parameter.rawValue): \(problem); allowed: \(allowed)"
    }
}
