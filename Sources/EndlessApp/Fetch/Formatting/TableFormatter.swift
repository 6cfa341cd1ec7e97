import EndlessTerminal
import Foundation
import RandomUserAPI

/// The `table` format: aligned columns (name, gender, nat, email, phone, city, age) fitted to
/// a width, for a person at a terminal.
///
/// Every value is sanitized before it is measured, so an escape sequence can neither reach
/// the terminal nor skew the alignment. Widths are display columns (CJK counts 2, Persian
/// letters 1, combining marks and ZWNJ 0), and a value that does not fit is cut with `…`.
struct TableFormatter {
    /// The width used when standard output is not a terminal.
    static let defaultWidth = 100
    /// Spaces between columns.
    static let gap = 2

    struct Column {
        let title: String
        /// The narrowest the column may become before the table overflows instead.
        let minimumWidth: Int
        let alignRight: Bool
        let value: (RandomUser) -> String?
    }

    /// The total width to fit, in columns.
    let width: Int
    /// The instant ages are computed at when the body has none.
    let now: Date

    var columns: [Column] {
        [
            Column(title: "NAME", minimumWidth: 8, alignRight: false) { $0.name?.full },
            Column(title: "GENDER", minimumWidth: 1, alignRight: false) { $0.gender },
            Column(title: "NAT", minimumWidth: 3, alignRight: false) { $0.nat },
            Column(title: "EMAIL", minimumWidth: 8, alignRight: false) { $0.email },
            Column(title: "PHONE", minimumWidth: 6, alignRight: false) { $0.phone },
            Column(title: "CITY", minimumWidth: 4, alignRight: false) { $0.location?.city },
            Column(title: "AGE", minimumWidth: 3, alignRight: true) { [now] in
                PersonFields.age(of: $0, now: now).map(String.init)
            },
        ]
    }

    /// The table: a header line and one line per person, each ending in a newline, none
    /// wider than ``width`` unless even the minimum column widths do not fit.
    func format(_ people: [RandomUser]) -> String {
        let columns = self.columns
        let rows = people.map { person in columns.map { TextSanitizer.sanitize($0.value(person) ?? "") } }
        let header = columns.map(\.title)
        let widths = fit(columns: columns, natural: naturalWidths(header: header, rows: rows))

        var output = ""
        for row in [header] + rows {
            var line = ""
            for (index, cell) in row.enumerated() {
                let column = columns[index]
                let text = TextLayout.truncate(cell, toWidth: widths[index])
                let isLast = index == row.count - 1
                if index > 0 { line += String(repeating: " ", count: Self.gap) }
                // The last column is not padded on the right: no trailing spaces.
                line += isLast && !column.alignRight ? text : TextLayout.pad(text, toWidth: widths[index], alignment: column.alignRight ? .trailing : .leading)
            }
            output += line + "\n"
        }
        return output
    }

    private func naturalWidths(header: [String], rows: [[String]]) -> [Int] {
        var widths = header.map { DisplayWidth.of($0) }
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], DisplayWidth.of(cell)) }
        }
        return widths
    }

    /// Narrows the widest column, one column at a time, until the table fits: long emails and
    /// names give way first, short columns such as NAT and AGE are left whole.
    private func fit(columns: [Column], natural: [Int]) -> [Int] {
        var widths = natural
        let available = width - Self.gap * (columns.count - 1)
        var excess = widths.reduce(0, +) - available
        while excess > 0 {
            var widest: Int?
            for index in widths.indices where widths[index] > min(columns[index].minimumWidth, natural[index]) {
                if widest.map({ widths[index] > widths[$0] }) ?? true { widest = index }
            }
            guard let widest else { break }
            widths[widest] -= 1
            excess -= 1
        }
        return widths
    }
}
