import Foundation
import RandomUserAPI

/// The values a person shows in `endless fetch`'s table and CSV, read from the model.
/// Raw: the formatters sanitize every value before it is measured or written.
enum PersonFields {
    /// The age in whole years: the server's `dob.age` when it sent one, otherwise computed
    /// from `dob.date` at `now` in UTC (v1.0 bodies send only the date).
    static func age(of person: RandomUser, now: Date) -> Int? {
        if let age = person.dob?.age { return age }
        guard let birth = person.dob?.date else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar.dateComponents([.year], from: birth, to: now).year
    }

    /// The CSV columns: the v1.4 fields as dotted paths, in the service's own key order.
    static let csvColumns: [(header: String, value: @Sendable (RandomUser) -> String?)] = [
        ("gender", { $0.gender }),
        ("name.title", { $0.name?.title }),
        ("name.first", { $0.name?.first }),
        ("name.last", { $0.name?.last }),
        ("location.street.number", { $0.location?.street?.number.map(String.init) }),
        ("location.street.name", { $0.location?.street?.name }),
        ("location.city", { $0.location?.city }),
        ("location.state", { $0.location?.state }),
        ("location.country", { $0.location?.country }),
        ("location.postcode", { $0.location?.postcode?.description }),
        ("location.coordinates.latitude", { $0.location?.coordinates?.latitude }),
        ("location.coordinates.longitude", { $0.location?.coordinates?.longitude }),
        ("location.timezone.offset", { $0.location?.timezone?.offset }),
        ("location.timezone.description", { $0.location?.timezone?.description }),
        ("email", { $0.email }),
        ("login.uuid", { $0.login?.uuid }),
        ("login.username", { $0.login?.username }),
        ("login.password", { $0.login?.password }),
        ("login.salt", { $0.login?.salt }),
        ("login.md5", { $0.login?.md5 }),
        ("login.sha1", { $0.login?.sha1 }),
        ("login.sha256", { $0.login?.sha256 }),
        ("dob.date", { $0.dob?.isoDate }),
        ("dob.age", { $0.dob?.age.map(String.init) }),
        ("registered.date", { $0.registered?.isoDate }),
        ("registered.age", { $0.registered?.age.map(String.init) }),
        ("phone", { $0.phone }),
        ("cell", { $0.cell }),
        ("id.name", { $0.nationalID?.name }),
        ("id.value", { $0.nationalID?.value }),
        ("picture.large", { $0.picture?.large }),
        ("picture.medium", { $0.picture?.medium }),
        ("picture.thumbnail", { $0.picture?.thumbnail }),
        ("nat", { $0.nat }),
    ]
}
