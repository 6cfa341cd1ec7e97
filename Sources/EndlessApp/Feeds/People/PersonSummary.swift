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
        // Each line is appended into one string reserved at its length: joining arrays of
        // optionals and interpolating made several strings per row scrolled in (issue 29).
        var title = Self.joined(name?.title, name?.first, name?.last, separator: " ")
        if title.isEmpty { title = person.email ?? person.login?.username ?? "unnamed" }
        let years = PersonFields.age(of: person, now: now).map { String($0) }
        let place = Self.joined(person.location?.city, person.location?.country, separator: ", ", then: years, after: " · ")
        var initials = ""
        if let first = Self.firstCharacter(of: name?.first) { initials.append(AvatarRow.capital(first)) }
        if let last = Self.firstCharacter(of: name?.last) { initials.append(AvatarRow.capital(last)) }
        return (UntrustedText(title), UntrustedText(place), UntrustedText(initials))
    }

    /// The parts that are neither nil nor empty, joined with `separator`, then `last` (when
    /// not nil) after `lastSeparator` (when something comes before it).
    private static func joined(
        _ first: String?, _ second: String?, _ third: String? = nil, separator: String, then last: String? = nil,
        after lastSeparator: String = ""
    ) -> String {
        let parts = (nonEmpty(first), nonEmpty(second), nonEmpty(third))
        var count = 0
        var length = 0
        func measure(_ part: String?) {
            guard let part else { return }
            length += part.utf8.count + (count > 0 ? separator.utf8.count : 0)
            count += 1
        }
        measure(parts.0)
        measure(parts.1)
        measure(parts.2)
        if let last { length += last.utf8.count + (count > 0 ? lastSeparator.utf8.count : 0) }
        var text = ""
        // A string of up to 15 bytes is kept inline; reserving more would move it to the heap.
        if length > 15 { text.reserveCapacity(length) }
        func append(_ part: String?) {
            guard let part else { return }
            if !text.isEmpty { text += separator }
            text += part
        }
        append(parts.0)
        append(parts.1)
        append(parts.2)
        if let last {
            if !text.isEmpty { text += lastSeparator }
            text += last
        }
        return text
    }

    private static func nonEmpty(_ text: String?) -> String? {
        text?.isEmpty == false ? text : nil
    }

    /// The first character of `text`. Printable ASCII followed by ASCII (or nothing) is a
    /// character alone, since nothing in ASCII joins a printable character: it is read from the
    /// first byte, without the grapheme segmentation `first` runs.
    private static func firstCharacter(of text: String?) -> Character? {
        guard let text else { return nil }
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next() else { return nil }
        if first >= 0x20, first < 0x7F, bytes.next() ?? 0 < 0x80 { return Character(Unicode.Scalar(first)) }
        return text.first
    }
}
