import EndlessTerminal

/// Aligned columns fitted to a width, for `endless fetch`'s `table` format, whatever the feed.
///
/// Every value is sanitized before it is measured, so an escape sequence can neither reach
/// the terminal nor skew the alignment. Widths are display columns (CJK counts 2, Persian
/// letters 1, combining marks and ZWNJ 0), and a value that does not fit is cut with `…`.
struct FetchTable<Row> {
    /// Spaces between columns.
    static var gap: Int { 2 }

    struct Column {
        let title: String
        /// The narrowest the column may become before the table overflows instead.
        let minimumWidth: Int
        let alignRight: Bool
        let value: (Row) -> String?

        init(_ title: String, minimumWidth: Int, alignRight: Bool = false, value: @escaping (Row) -> String?) {
            self.title = title
            self.minimumWidth = minimumWidth
            self.alignRight = alignRight
            self.value = value
        }
    }

    let columns: [Column]
    /// The total width to fit, in columns.
    let width: Int

    /// The table: a header line and one line per row, each ending in a newline, none wider
    /// than ``width`` unless even the minimum column widths do not fit.
    func format(_ items: [Row]) -> String {
        let rows = items.map { item in columns.map { TextSanitizer.sanitize($0.value(item) ?? "") } }
        let header = columns.map(\.title)
        let widths = fit(natural: naturalWidths(header: header, rows: rows))

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
    private func fit(natural: [Int]) -> [Int] {
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

/// The width tables are fitted to when standard output is not a terminal.
enum TableWidth {
    static let whenPiped = 100
}
