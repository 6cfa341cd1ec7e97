import Foundation
import RandomUserAPI

/// Everything the details panel shows about one person, as labelled fields.
public struct PersonDetails: Hashable, Sendable, Identifiable {
    /// One labelled line: the label is the app's own text, the value came from the network.
    public struct Field: Hashable, Sendable {
        public let label: String
        public let value: UntrustedText
    }

    /// The person's identity.
    public let id: String
    /// The panel's title: the full name.
    public let title: UntrustedText
    /// The large portrait (128 px).
    public let portraitURL: URL?
    /// Every field the person has, in a reading order: contact, address, dates, account, id.
    public let fields: [Field]

    /// Collects the details of `person`; fields the server left out are skipped.
    /// - Parameters:
    ///   - person: the person as decoded.
    ///   - now: the instant ages are computed at when the server sent only dates (v1.0).
    public init(_ person: RandomUser, now: Date) {
        id = person.id
        let summary = PersonSummary(person, now: now)
        title = summary.name
        portraitURL = person.picture?.largeURL
        var fields: [Field] = []
        func add(_ label: String, _ value: String?) {
            if let value, !value.isEmpty { fields.append(Field(label: label, value: UntrustedText(value))) }
        }
        let location = person.location
        add("email", person.email)
        add("phone", person.phone)
        add("cell", person.cell)
        add("street", location?.street?.line)
        add("city", [location?.city, location?.postcode?.description].compactMap { $0 }.joined(separator: " "))
        add("state", location?.state)
        add("country", location?.country)
        if let coordinates = location?.coordinates {
            add("coordinates", [coordinates.latitude, coordinates.longitude].compactMap { $0 }.joined(separator: ", "))
        }
        if let zone = location?.timezone {
            add("timezone", ["UTC" + (zone.offset ?? ""), zone.description].compactMap { $0 }.joined(separator: " · "))
        }
        add("born", Self.dated(person.dob, age: PersonFields.age(of: person, now: now)))
        add("registered", Self.dated(person.registered, age: person.registered?.age))
        add("username", person.login?.username)
        add("gender", person.gender)
        add("nationality", person.nat)
        if let nationalID = person.nationalID {
            add("id", [nationalID.name, nationalID.value].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " "))
        }
        add("uuid", person.login?.uuid)
        self.fields = fields
    }

    /// `1992-03-08 · 34 years`.
    private static func dated(_ value: RandomUser.DatedAge?, age: Int?) -> String? {
        guard let date = value?.date else { return age.map { "\($0) years" } }
        let day = String(date.ISO8601Format(.iso8601.year().month().day()))
        return age.map { "\(day) · \($0) years" } ?? day
    }
}
