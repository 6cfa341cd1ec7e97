/// The market board's columns, fitted to a width: every column the board has when it fits,
/// and when it does not, the least important go first (the sparkline, which needs a dozen
/// columns and says least, then volume, the hour's change, the market cap, the icon, the
/// week's change, the rank), until the name, the price and the day's change are left. The name takes what is spare, up to a limit; the sparkline the rest.
struct CoinColumns: Hashable, Sendable {
    enum Kind: Hashable, Sendable, CaseIterable {
        case rank, icon, name, price, hour, day, week, marketCap, volume, sparkline
    }

    struct Column: Hashable, Sendable {
        let kind: Kind
        /// The first cell, from the row's left edge.
        let x: Int
        let width: Int
    }

    /// The columns in screen order.
    let columns: [Column]

    /// Display order, and each column's width (the name's and the sparkline's are the least).
    static let order: [(kind: Kind, width: Int)] = [
        (.rank, 5), (.icon, 4), (.name, 12), (.price, 14), (.hour, 8), (.day, 8), (.week, 8), (.marketCap, 8),
        (.volume, 8), (.sparkline, 12),
    ]
    /// Least important first: the order columns are dropped in.
    static let dropOrder: [Kind] = [.sparkline, .volume, .hour, .marketCap, .icon, .week, .rank]
    /// Columns between columns.
    static let gap = 1
    /// The row's first column holds the selection marker.
    static let leftMargin = 1
    /// The name grows up to this; past it, the sparkline does.
    static let widestName = 26
    /// The narrowest a name gets on a very narrow board.
    static let narrowestName = 6
    /// The sparkline grows up to this; past it, the row ends in blank.
    static let widestSparkline = 36

    /// The columns for a row `width` cells wide (its last cell left blank, beside the scrollbar).
    init(width rowWidth: Int) {
        let width = rowWidth - 1
        var kinds = Self.order.map(\.kind)
        var widths: [Kind: Int] = Dictionary(uniqueKeysWithValues: Self.order.map { ($0.kind, $0.width) })
        func needed() -> Int {
            Self.leftMargin + kinds.map { widths[$0] ?? 0 }.reduce(0, +) + Self.gap * max(0, kinds.count - 1)
        }
        for kind in Self.dropOrder + [.day] where needed() > width {
            kinds.removeAll { $0 == kind }
        }
        // Narrower still: the name gives way, down to a few letters.
        if needed() > width { widths[.name] = max(Self.narrowestName, (widths[.name] ?? 0) - (needed() - width)) }
        var spare = max(0, width - needed())
        let nameGrowth = min(spare, Self.widestName - (widths[.name] ?? 0))
        widths[.name, default: 0] += max(0, nameGrowth)
        spare -= max(0, nameGrowth)
        if kinds.contains(.sparkline) {
            widths[.sparkline, default: 0] += min(spare, Self.widestSparkline - (widths[.sparkline] ?? 0))
        } else {
            widths[.name, default: 0] += spare  // a narrow board: the name takes it all
        }
        var x = Self.leftMargin
        var columns: [Column] = []
        for kind in kinds {
            let columnWidth = widths[kind] ?? 0
            columns.append(Column(kind: kind, x: x, width: columnWidth))
            x += columnWidth + Self.gap
        }
        self.columns = columns
    }

    /// The column of a kind, if the width left room for it.
    func column(_ kind: Kind) -> Column? {
        columns.first { $0.kind == kind }
    }

    /// Which kinds are shown.
    var kinds: [Kind] { columns.map(\.kind) }
}
