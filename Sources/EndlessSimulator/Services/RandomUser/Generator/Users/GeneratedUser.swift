/// One generated user, as indices into the lists plus the values the draws produced. It is
/// rendered into a body by the format writers; hashes, ages and dates are computed there, only
/// for the fields a request includes.
struct GeneratedUser: Sendable {
    var nationality: Nationality
    var gender: Gender
    /// Indices into the nationality's first-name list (for `gender`) and last-name list.
    var first: Int
    var last: Int
    var title: String
    var timezone: Int
    var streetNumber: Int
    var street: Int
    var city: Int
    var state: Int
    var postcode: Postcode
    /// faker's `k − 900000` and `k − 1800000`, in 10⁻⁴ degrees.
    var latitude: Int32
    var longitude: Int32
    var salt: String
    var password: Password
    var uuid: UserUUID
    var user1: Int
    var user2: Int
    var userNumber: Int
    /// Milliseconds since the Unix epoch.
    var dob: Int64
    var registered: Int64
    var portrait: Int
    var phone = ""
    var cell = ""
    var identity = Identity(name: "", value: nil)
}

/// `location.postcode`: an int by default, a string for the CA, GB, NO and NL injects (§5.9).
enum Postcode: Sendable, Equatable {
    case number(Int)
    case text(String)
}

/// `login.password`: a list entry or a generated one (§5.5).
enum Password: Sendable, Equatable {
    case listed(Int)
    case generated(String)
}

/// The `id` object: `value` is a string, or null for IR, NZ, TR and UA (§5.9).
struct Identity: Sendable, Equatable {
    var name: String
    var value: String?
}
