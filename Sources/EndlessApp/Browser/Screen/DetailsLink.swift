import EndlessTerminal
import Foundation

/// Where a details value links to, shown as a hyperlink where the terminal shows them (OSC 8):
/// a web address to itself, an email address to `mailto:`. Everything else is plain text.
enum DetailsLink {
    /// The link of `value`, the text as the service sent it; nil for none.
    static func target(of value: String) -> String? {
        let text = value.trimmingCharacters(in: .whitespaces)
        guard text.count <= Hyperlink.maximumLength else { return nil }
        let lowered = text.lowercased()
        if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") { return Hyperlink.target(text) }
        return isEmail(text) ? Hyperlink.target("mailto:" + text) : nil
    }

    /// `name@host.tld`: one `@`, a dot in the host, nothing a mail address does not hold.
    static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix(".") else {
            return false
        }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "@.-_+".unicodeScalars.contains(scalar))
        }
    }
}
