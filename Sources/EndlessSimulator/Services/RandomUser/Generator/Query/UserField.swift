/// The twelve user fields `inc`/`exc` select, in the final key order of GENERATOR.md §5.9.
enum UserField: Int, CaseIterable, Sendable {
    case gender, name, location, email, login, dob, registered, phone, cell, id, picture, nat

    /// The name used in `inc`/`exc` and as the JSON key.
    var key: String {
        switch self {
        case .gender: "gender"
        case .name: "name"
        case .location: "location"
        case .email: "email"
        case .login: "login"
        case .dob: "dob"
        case .registered: "registered"
        case .phone: "phone"
        case .cell: "cell"
        case .id: "id"
        case .picture: "picture"
        case .nat: "nat"
        }
    }
}
