import EndlessTerminal
import Foundation

/// RFC 4180 CSV for `endless fetch`'s `csv` format: records ended by CRLF, fields quoted when
/// they hold a comma, a quote or a line break.
///
/// Values are sanitized (a CSV is as likely to be shown with `cat` as opened in a
/// spreadsheet), which also turns embedded line breaks into spaces; commas and quotes stay
/// and are quoted per the RFC. A missing field is an empty value.
enum CSVText {
    /// One record: the fields, sanitized and quoted, then CRLF.
    static func record(_ fields: [String?], sanitizing: Bool = true) -> String {
        fields.map { quote(sanitizing ? TextSanitizer.sanitize($0 ?? "") : ($0 ?? "")) }.joined(separator: ",") + "\r\n"
    }

    /// Quotes a field that contains a comma, a quote or a line break, doubling its quotes.
    static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
