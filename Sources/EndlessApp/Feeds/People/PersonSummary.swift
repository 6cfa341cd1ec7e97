import EndlessFeedModel
import Foundation
import RandomUserAPI

/// One person as a row of the list shows them: the name in bold, a dim second line, and
/// the avatar's address.
public struct PersonSummary: Hashable, Sendable, Identifiable {
    /// The person's identity (`login.uuid`, or a content hash).
    public let id: String
    /// Title, first and last name: `Mr Leo Bennink`.
    public let name: UntrustedText
    /// City, country and age: `Almere, Netherlands · 34`.
    public let subtitle: UntrustedText
    /// Initials for the avatar's place while the portrait loads, or when there is none.
    public let initials: UntrustedText
    /// The small portrait (48 px) and the medium one (72 px).
    public let thumbnailURL: URL?
    public let mediumURL: URL?

    /// Summarizes `person`.
    /// - Parameters:
    ///   - person: the person as decoded.
    ///   - now: the instant an age is computed at when the server sent only a date (v1.0).
    public init(_ person: RandomUser, now: Date) {
        id = person.id
        (name, subtitle, initials) = Self.text(of: person, now: now)
        thumbnailURL = person.picture?.thumbnailURL
        mediumURL = person.picture?.mediumURL
    }

    /// The text of `person`'s summary alone: what a row shows, without the pictures'
    /// addresses, which it does not show and which cost more to parse than the rest.
    /// - Parameters:
    ///   - person: the person as decoded.
    ///   - now: the instant an age is computed at when the server sent only a date (v1.0).
    /// - Returns: the name, the subtitle and the initials, as in a summary.
    static func text(of person: RandomUser, now: Date) -> (name: UntrustedText, subtitle: UntrustedText, initials: UntrustedText) {
        let name = person.name
        let full = [name?.title, name?.first, name?.last].compactMap { $0 }.filter { !$0.isEmpty }
        let title = UntrustedText(full.isEmpty ? (person.email ?? person.login?.username ?? "unnamed") : full.joined(separator: " "))
        var place = [person.location?.city, person.location?.country].compactMap { $0 }.filter { !$0.isEmpty }
            .joined(separator: ", ")
        if let age = PersonFields.age(of: person, now: now) {
            place += place.isEmpty ? "\(age)" : " · \(age)"
        }
        let initials = UntrustedText([name?.first, name?.last].compactMap { $0?.first.map(String.init) }.joined())
        return (title, UntrustedText(place), initials)
    }
}
