import EndlessCommandLine
import EndlessTerminal
import Foundation

/// Aligned columns fitted to a width, for `endless fetch`'s `table` format, whatever the feed.
///
/// Every value is sanitized before it is measured, so an escape sequence can neither reach
/// the terminal nor skew the alignment. Widths are display columns (CJK counts 2, Persian
/// letters 1, combining marks and ZWNJ 0). A text value that does not fit is cut with `…`; a
/// number (a right-aligned column) is never cut: when the text columns are as narrow as they
/// go and the table is still too wide, whole columns are left out, the lowest ``Column/priority``
/// first (on a tie, the rightmost).
struct FetchTable<Row> {
    /// Spaces between columns.
    static var gap: Int { 2 }

    struct Column {
        let title: String
        /// The narrowest the column may become before the table overflows instead.
        let minimumWidth: Int
        let alignRight: Bool
        /// Higher is kept longer when the table is too wide.
        let priority: Int
        let value: (Row) -> String?

        init(
            _ title: String, minimumWidth: Int, alignRight: Bool = false, priority: Int = 0, value: @escaping (Row) -> String?
        ) {
            self.title = title
            self.minimumWidth = minimumWidth
            self.alignRight = alignRight
            self.priority = priority
            self.value = value
        }

        /// A number: shown whole or not at all.
        var isNumber: Bool { alignRight }
    }

    let columns: [Column]
    /// The total width to fit, in columns.
    let width: Int

    /// The table: a header line and one line per row, each ending in a newline, none wider
    /// than ``width`` unless even one column does not fit.
    func format(_ items: [Row]) -> String {
        let allRows = items.map { item in columns.map { TextSanitizer.sanitize($0.value(item) ?? "") } }
        let allNatural = naturalWidths(header: columns.map(\.title), rows: allRows)
        let (shown, widths) = fit(natural: allNatural)
        let header = shown.map { columns[$0].title }
        let rows = allRows.map { row in shown.map { row[$0] } }

        var output = ""
        for row in [header] + rows {
            var line = ""
            for (index, cell) in row.enumerated() {
                let column = columns[shown[index]]
                let text = TextLayout.truncate(cell, toWidth: widths[index])
                let isLast = index == row.count - 1
                if index > 0 { line += String(repeating: " ", count: Self.gap) }
                // The last column is not padded on the right: no trailing spaces.
                line +=
                    isLast && !column.alignRight
                    ? text : TextLayout.pad(text, toWidth: widths[index], alignment: column.alignRight ? .trailing : .leading)
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

    /// The columns shown and their widths: every column, the text ones narrowed as far as
    /// their minimum when needed; when that is not enough, without the least important.
    private func fit(natural: [Int]) -> (shown: [Int], widths: [Int]) {
        var shown = Array(columns.indices)
        while true {
            let widths = narrowed(shown, natural: natural)
            let total = widths.reduce(0, +) + Self.gap * max(0, shown.count - 1)
            guard total > width, shown.count > 1 else { return (shown, widths) }
            let lowest = shown.map { columns[$0].priority }.min() ?? 0
            if let drop = shown.lastIndex(where: { columns[$0].priority == lowest }) { shown.remove(at: drop) }
        }
    }

    /// Narrows the widest text column, one column at a time, until `shown` fits: long emails
    /// and names give way first, short columns such as NAT are left whole, numbers never cut.
    private func narrowed(_ shown: [Int], natural: [Int]) -> [Int] {
        var widths = shown.map { natural[$0] }
        let available = width - Self.gap * max(0, shown.count - 1)
        var excess = widths.reduce(0, +) - available
        while excess > 0 {
            var widest: Int?
            for position in widths.indices {
                let column = columns[shown[position]]
                // A column is never narrower than its title: a cut title names nothing.
                let narrowest = min(max(column.minimumWidth, DisplayWidth.of(column.title)), natural[shown[position]])
                guard !column.isNumber, widths[position] > narrowest else { continue }
                if widest.map({ widths[position] > widths[$0] }) ?? true { widest = position }
            }
            guard let widest else { break }
            widths[widest] -= 1
            excess -= 1
        }
        return widths
    }
}

/// The width tables are fitted to.
enum TableWidth {
    /// When standard output is not a terminal and `COLUMNS` is not set: no limit, since a
    /// file or a pipe does not wrap.
    static let whenPiped = Int.max / 2

    /// The terminal's width when standard output is one (its ioctl), else `COLUMNS` when set
    /// to a number, else no limit.
    /// - Parameters:
    ///   - output: where the table goes.
    ///   - environment: the process environment, for `COLUMNS`.
    static func of(_ output: CommandOutput, environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        if let columns = output.terminalColumns { return columns }
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        return whenPiped
    }
}
