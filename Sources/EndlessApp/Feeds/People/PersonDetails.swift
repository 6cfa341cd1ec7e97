import EndlessFeedModel
import Foundation
import RandomUserAPI

/// Everything the details panel shows about one person: every field, in a reading order
/// (contact, address, dates, account, id), and the large portrait.
enum PersonDetails {
    /// The details of `person`; fields the server left out are skipped.
    /// - Parameters:
    ///   - person: the person as decoded.
    ///   - now: the instant ages are computed at when the server sent only dates (v1.0).
    static func of(_ person: RandomUser, now: Date) -> ItemDetails {
        let summary = PersonSummary(person, now: now)
        var fields = ItemDetails.Builder()
        let location = person.location
        fields.add("email", person.email)
        fields.add("phone", person.phone)
        fields.add("cell", person.cell)
        fields.add("street", location?.street?.line)
        fields.add("city", [location?.city, location?.postcode?.description].compactMap { $0 }.joined(separator: " "))
        fields.add("state", location?.state)
        fields.add("country", location?.country)
        if let coordinates = location?.coordinates {
            fields.add("coordinates", [coordinates.latitude, coordinates.longitude].compactMap { $0 }.joined(separator: ", "))
        }
        if let zone = location?.timezone {
            fields.add("timezone", ["UTC" + (zone.offset ?? ""), zone.description].compactMap { $0 }.joined(separator: " · "))
        }
        fields.add("born", dated(person.dob, age: PersonFields.age(of: person, now: now)))
        fields.add("registered", dated(person.registered, age: person.registered?.age))
        fields.add("username", person.login?.username)
        fields.add("gender", person.gender)
        fields.add("nationality", person.nat)
        if let nationalID = person.nationalID {
            fields.add("id", [nationalID.name, nationalID.value].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " "))
        }
        fields.add("uuid", person.login?.uuid)
        return ItemDetails(id: person.id, title: summary.name, imageURL: person.picture?.largeURL, fields: fields.fields)
    }

    /// `1992-03-08 · 34 years`.
    private static func dated(_ value: RandomUser.DatedAge?, age: Int?) -> String? {
        guard let date = value?.date else { return age.map { "\($0) years" } }
        let day = String(date.ISO8601Format(.iso8601.year().month().day()))
        return age.map { "\(day) · \($0) years" } ?? day
    }
}
