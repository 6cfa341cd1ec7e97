import Foundation

/// Words to search a service for, as a person typed them: cleaned, bounded, and never empty.
///
/// The text is untrusted (typed, pasted, or given on the command line): its control and
/// invisible format characters are dropped, runs of white space become one space, and it is
/// cut to ``maximumLength`` characters. Clients percent-encode it in the query string, so
/// `&`, `=`, `#` or `%` in it stay words.
public struct SearchText: Sendable, Hashable, CustomStringConvertible {
    /// The longest text sent, in characters: longer text is cut.
    public static let maximumLength = 100

    /// The words, as sent.
    public let text: String

    /// The cleaned `text`, or nil when nothing searchable is left.
    public init?(_ text: String) {
        var cleaned = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !cleaned.isEmpty
                continue
            }
            switch scalar.properties.generalCategory {
            case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: continue
            default: break
            }
            if pendingSpace {
                cleaned.unicodeScalars.append(" ")
                pendingSpace = false
            }
            cleaned.unicodeScalars.append(scalar)
            if cleaned.count > Self.maximumLength { break }
        }
        guard !cleaned.isEmpty else { return nil }
        self.text = String(cleaned.prefix(Self.maximumLength))
    }

    /// The words, as sent.
    public var description: String { text }
}
