import RandomUserAPI

/// Where a person's row is kept in a ``RowMemo``: the person and the width of the row's text.
struct PersonRowKey: Hashable {
    let id: String
    let width: Int
}

/// The fields a person's row shows (``PersonSummary``'s name, subtitle and initials are made
/// from these alone): a kept row is drawn again only while they are the same.
struct PersonRowInputs: Equatable {
    let title: String?
    let first: String?
    let last: String?
    let email: String?
    let username: String?
    let city: String?
    let country: String?
    let age: Int?

    /// The inputs of `person`'s row, or nil when its age is computed from the date of birth
    /// and the clock (a v1.0 body), which a kept row would not follow.
    init?(_ person: RandomUser) {
        if person.dob?.age == nil, person.dob?.date != nil { return nil }
        title = person.name?.title
        first = person.name?.first
        last = person.name?.last
        email = person.email
        username = person.login?.username
        city = person.location?.city
        country = person.location?.country
        age = person.dob?.age
    }
}
