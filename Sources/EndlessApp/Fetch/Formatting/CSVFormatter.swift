import EndlessTerminal
import RandomUserAPI

/// The `csv` format: RFC 4180, a header of dotted v1.4 field paths, every record ended by
/// CRLF.
///
/// Values are sanitized (a CSV is as likely to be shown with `cat` as opened in a
/// spreadsheet), which also turns embedded line breaks into spaces; commas and quotes stay
/// and are quoted per the RFC. A missing field is an empty value.
///
/// The columns are those of the fields the query asked for (`--inc`, `--exc`), whether or
/// not a value happens to be missing, so the same query always gives the same header.
enum CSVFormatter {
    /// The header and one record per person.
    /// - Parameters:
    ///   - people: the people, in order.
    ///   - query: the query they answer; its field selection picks the columns.
    static func format(_ people: [RandomUser], for query: RandomUserQuery? = nil) -> String {
        let columns = PersonFields.csvColumns.filter { column in
            guard let query else { return true }
            let top = String(column.header.prefix { $0 != "." })
            return RandomUserQuery.Field(rawValue: top).map(query.includes) ?? true
        }
        var output = record(columns.map(\.header))
        for person in people {
            output += record(columns.map { TextSanitizer.sanitize($0.value(person) ?? "") })
        }
        return output
    }

    private static func record(_ fields: [String]) -> String {
        fields.map(quote).joined(separator: ",") + "\r\n"
    }

    /// Quotes a field that contains a comma, a quote or a line break, doubling its quotes.
    static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
