/// The randomuser.me API versions the simulator answers, and the shape each gives a user.
///
/// Every version draws the same people (the v1.4 generator, GENERATOR.md); what changes is how
/// they are written, as the live service's versions wrote them (their generators'
/// `api/<version>/api.js`, the captures in ../shared/fixtures/randomuser and the service's
/// documentation):
///
/// | | 1.0 | 1.1 | 1.2 | 1.3 | 1.4 |
/// |---|---|---|---|---|---|
/// | names, places | lower case | lower case | lower case | capitalised | capitalised |
/// | `location.street` | `"6738 lone wolf trail"` | text | text | `{number, name}` | `{number, name}` |
/// | `location.country` | – | – | – | ✓ | ✓ |
/// | `coordinates`, `timezone`, `login.uuid` | – | – | ✓ | ✓ | ✓ |
/// | `dob`, `registered` | unix seconds | `"1993-02-08 11:04:13"` | `{date: "…T…Z", age}` | `{date: "…T….423Z", age}` | same |
///
/// 1.0 also writes `registered` before `dob`. Dates in 1.1 and 1.2 are the server's local time
/// (America/Chicago), 1.2's with a literal `Z`; 1.3 counts an age as a plain difference of years.
public enum RandomUserVersion: String, Sendable, Hashable, CaseIterable {
    /// Street as text, unix-second dates, lower case.
    case v1_0 = "1.0"
    /// 2016: dates as local `YYYY-MM-DD HH:mm:ss` text.
    case v1_1 = "1.1"
    /// 2018: dates as `{date, age}`, coordinates, time zone and uuid.
    case v1_2 = "1.2"
    /// 2019: street `{number, name}`, country, capitalised names, dates with milliseconds.
    case v1_3 = "1.3"
    /// The current version.
    case v1_4 = "1.4"

    /// The version `/api/` answers with.
    public static let current = RandomUserVersion.v1_4

    /// How `dob` and `registered` are written.
    enum DateShape {
        /// `449536660`.
        case unixSeconds
        /// `"1983-07-14 07:29:45"`, local time.
        case localText
        /// `{"date":"1983-07-14T07:29:45Z","age":35}`, local time with a literal `Z`.
        case localISOWithAge
        /// `{"date":"1983-07-14T12:29:45.123Z","age":35}`, UTC.
        case isoWithAge
    }

    var dateShape: DateShape {
        switch self {
        case .v1_0: .unixSeconds
        case .v1_1: .localText
        case .v1_2: .localISOWithAge
        case .v1_3, .v1_4: .isoWithAge
        }
    }

    /// Names, titles, streets, cities and states in lower case (before 1.3's "capitalized
    /// proper nouns").
    var isLowerCase: Bool { self < .v1_3 }
    /// `street` as one text, number first (before 1.3 split it).
    var hasStreetText: Bool { self < .v1_3 }
    /// `location.country` (added in 1.3).
    var hasCountry: Bool { self >= .v1_3 }
    /// `coordinates`, `timezone` and `login.uuid` (added in 1.2).
    var hasCoordinates: Bool { self >= .v1_2 }
    /// An age counted as this year less the date's year (1.3), not in completed years.
    var countsPlainYears: Bool { self == .v1_3 }
    /// `registered` written before `dob` (1.0).
    var hasRegisteredFirst: Bool { self == .v1_0 }
}

extension RandomUserVersion: Comparable {
    /// Older first.
    public static func < (lhs: RandomUserVersion, rhs: RandomUserVersion) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
