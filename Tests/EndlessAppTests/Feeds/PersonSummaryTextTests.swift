import Foundation
import RandomUserAPI
import Testing

@testable import EndlessApp
@testable import EndlessFeedModel

/// Issue 29: a person's row text is appended into one string per line; it must be the text
/// the joins and interpolations made, for every shape of person the services send.
@Suite("Person summary text")
struct PersonSummaryTextTests {
    /// `PersonSummary.text(of:now:)` as it was.
    static func reference(_ person: RandomUser, now: Date) -> (name: String, subtitle: String, initials: String) {
        let name = person.name
        let full = [name?.title, name?.first, name?.last].compactMap { $0 }.filter { !$0.isEmpty }
        let title = full.isEmpty ? (person.email ?? person.login?.username ?? "unnamed") : full.joined(separator: " ")
        var place = [person.location?.city, person.location?.country].compactMap { $0 }.filter { !$0.isEmpty }
            .joined(separator: ", ")
        if let age = PersonFields.age(of: person, now: now) {
            place += place.isEmpty ? "\(age)" : " · \(age)"
        }
        let initials = [name?.first, name?.last].compactMap {
            $0?.first.map { first in
                let upper = String(first).uppercased()
                return upper.count == 1 ? upper : String(first)
            }
        }.joined()
        return (title, place, initials)
    }

    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func person(
        title: String? = "Mr", first: String? = "Leo", last: String? = "Bennink", email: String? = "leo@example.com",
        username: String? = "leo", city: String? = "Almere", country: String? = "Netherlands", age: Int? = 34,
        born: Date? = nil, hasName: Bool = true, hasLocation: Bool = true
    ) -> RandomUser {
        RandomUser(
            name: hasName ? .init(title: title, first: first, last: last) : nil,
            location: hasLocation ? .init(city: city, country: country) : nil, email: email,
            login: .init(uuid: "uuid", username: username), dob: .init(date: born, age: age))
    }

    static let people: [RandomUser] = [
        person(),
        person(title: "Mrs", first: "Ella", last: "Kruse", city: "Helsinge", country: "Denmark", age: 37),
        person(first: "شروین", last: "محمودی", city: "نور", country: "Iran", age: 35),
        person(first: "Олександра", last: "Шевченко", city: "Київ", country: "Україна"),
        person(first: "山田", last: "太郎", city: "東京都", country: "日本", age: 100),
        person(first: "👩‍🚀", last: "e\u{301}clair", city: "🇫🇷", country: "x\u{1B}[2J"),
        person(first: "\u{1B}]0;evil\u{7}", last: "\u{202E}reversed", city: "\u{0}", country: "\n"),
        person(title: "", first: "", last: ""),
        person(title: nil, first: nil, last: nil),
        person(title: nil, first: nil, last: nil, email: nil),
        person(title: nil, first: nil, last: nil, email: nil, username: nil),
        person(title: nil, first: nil, last: nil, email: "", username: "leo"),
        person(hasName: false),
        person(title: "Dr", first: nil, last: "Who"),
        person(title: nil, first: "Cher", last: nil),
        person(title: "Mr", first: "", last: "Smith"),
        person(first: "e\u{301}mile", last: "\r\nCR"),
        person(first: "A\u{308}sa", last: "o"),
        person(first: "1\u{FE0F}\u{20E3}", last: "#"),
        person(first: "\u{1B}x", last: " y"),
        person(title: "Ms", first: "Ann", last: ""),
        person(city: "Oslo", country: ""),
        person(city: "", country: "Norway", age: nil),
        person(first: " ", last: "  "),
        person(city: "", country: ""),
        person(city: nil, country: "Norway"),
        person(city: "Oslo", country: nil),
        person(hasLocation: false),
        person(city: "", country: "", age: nil),
        person(age: 0),
        person(age: -5),
        person(age: Int.max),
        person(age: Int.min),
        person(age: nil, born: Date(timeIntervalSince1970: 500_000_000)),
        person(
            first: String(repeating: "Ø", count: 300), last: String(repeating: "ab", count: 40),
            city: String(repeating: "山", count: 50), country: "A very long country name indeed"),
        person(title: "Monsieur", first: "Jean-Étienne", last: "de La Fontaine", city: "Saint-Étienne", country: "France"),
    ]

    @Test("every fixture's name, subtitle and initials are the text the joins made")
    func sameText() throws {
        for (index, person) in Self.people.enumerated() {
            let text = PersonSummary.text(of: person, now: Self.now)
            let expected = Self.reference(person, now: Self.now)
            #expect(text.name.raw == expected.name, "person \(index)")
            #expect(text.subtitle.raw == expected.subtitle, "person \(index)")
            #expect(text.initials.raw == expected.initials, "person \(index)")
            let summary = PersonSummary(person, now: Self.now)
            #expect(summary.name == text.name && summary.subtitle == text.subtitle && summary.initials == text.initials)
        }
        #expect(PersonSummary.text(of: Self.people[0], now: Self.now).subtitle.raw == "Almere, Netherlands · 34")
        #expect(PersonSummary.text(of: Self.people[10], now: Self.now).name.raw == "unnamed")
        // Initials are capitals, as on an avatar: de La Fontaine is D.
        #expect(PersonSummary.text(of: try #require(Self.people.last), now: Self.now).initials.raw == "JD")
        #expect(AvatarRow.initials(["Laura", "van der Steen"]).raw == "LV")
        #expect(AvatarRow.initials(["élodie", nil, "ßmith"]).raw == "Éß", "a letter without one capital stays as it is")
        #expect(AvatarRow.initials(["آریا", "حقیقی"]).raw == "آح")
    }
}
