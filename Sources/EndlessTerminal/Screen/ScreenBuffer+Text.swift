extension ScreenBuffer {
    /// Writes text on one row, clipped to the buffer and to `maxWidth` columns.
    ///
    /// Controls and other undrawable clusters are skipped, so even unsanitized text cannot
    /// move the cursor; outside strings should still go through ``TextSanitizer`` first, which
    /// also removes whole escape sequences and bidi overrides. A wide character that would
    /// cross the limit is replaced by a space.
    ///
    /// - Parameters:
    ///   - text: the text.
    ///   - point: where its first column goes; columns left of 0 are clipped.
    ///   - style: colors and attributes of every cell written.
    ///   - maxWidth: the most columns to use; `nil` means up to the right edge.
    ///   - ellipsis: when true, text that does not fit ends in `…` instead of being cut.
    /// - Returns: the columns written (including a space that replaced a clipped wide character).
    @inlinable
    @discardableResult
    public mutating func write(
        _ text: some StringProtocol, at point: Point, style: Style = .plain, maxWidth: Int? = nil,
        ellipsis: Bool = false
    ) -> Int {
        write(String(text), at: point, style: style, maxWidth: maxWidth, ellipsis: ellipsis)
    }

    /// The concrete path: a generic public entry, inlined into its caller, converts once
    /// (nothing to do for a `String`) and lands here, so callers in other modules do not run
    /// the per-character loop through protocol witnesses.
    ///
    /// Text is walked by ``TextClusters``: a run of simple scalars (printable ASCII, the
    /// letters of most names) becomes cells straight from its bytes, and text that needs an
    /// ellipsis is measured only until it is known not to fit.
    @usableFromInline
    @discardableResult
    mutating func write(_ text: String, at point: Point, style: Style, maxWidth: Int?, ellipsis: Bool) -> Int {
        guard point.y >= 0, point.y < size.height else { return 0 }
        var limit = size.width
        if let maxWidth { limit = min(limit, point.x + max(0, maxWidth)) }
        guard limit > point.x, limit > 0 else { return 0 }
        var writer = ClusterWriter(x: point.x, y: point.y, style: style, limit: limit)
        writer.write(text, ellipsis: ellipsis, into: &self)
        return writer.written(from: point.x)
    }

    /// The cells ``write(_:at:style:maxWidth:ellipsis:)`` leaves for `text` at the start of a
    /// blank line `width` columns wide, up to the last column it writes: a line laid out once
    /// and copied into later frames. Only what fits is measured, and only the columns written
    /// are made (a short name in a wide row is not laid out on a line as wide as the row).
    ///
    /// - Parameters:
    ///   - text: the text.
    ///   - style: colors and attributes of every cell.
    ///   - width: the columns available.
    ///   - ellipsis: when true, text that does not fit ends in `…` instead of being cut.
    /// - Returns: the cells, as many as the columns written.
    package static func cells(of text: String, style: Style, width: Int, ellipsis: Bool) -> [Cell] {
        guard width > 0 else { return [] }
        // Text that fits is written whole on a line its own width; text that does not, on the
        // full width, as it would be anywhere.
        let columns = min(width, DisplayWidth.of(string: text, stoppingPast: width))
        guard columns > 0 else { return [] }
        var line = LineCells()
        line.cells.reserveCapacity(columns)
        var writer = ClusterWriter(x: 0, y: 0, style: style, limit: columns)
        writer.write(text, ellipsis: ellipsis, into: &line)
        return line.cells
    }

    /// Writes a row's clusters from column `x` up to `limit`, as ``write(_:at:style:maxWidth:ellipsis:)``
    /// places them.
    private struct ClusterWriter {
        var x: Int
        let y: Int
        let style: Style
        let packedStyle: UInt64
        let limit: Int
        /// Whether the limit was reached: nothing more is written.
        var isFull = false

        /// The key of ``TextLayout/ellipsis``.
        static let ellipsisKey = GraphemeKey(String(TextLayout.ellipsis), width: 1)

        init(x: Int, y: Int, style: Style, limit: Int) {
            self.x = x
            self.y = y
            self.style = style
            packedStyle = style.packed
            self.limit = limit
        }

        /// The columns written from `start` (a space that replaced a clipped wide character
        /// included).
        func written(from start: Int) -> Int {
            max(0, x - max(start, 0))
        }

        /// Writes `text`, cut to end in `…` when `ellipsis` is true and it does not fit.
        mutating func write<Target: CellTarget>(_ text: String, ellipsis: Bool, into target: inout Target) {
            guard ellipsis else { return write(text, upTo: .max, into: &target) }
            // What `TextLayout.truncate` keeps: every cluster up to the first that would take
            // the ellipsis's column, when the whole does not fit.
            let available = limit - x
            var used = 0
            var cut = -1
            var overflows = false
            var simpleBeforeCut = true
            TextClusters.forEach(in: text) { cluster in
                if cut < 0 {
                    if used + cluster.width > available - 1 {
                        cut = cluster.start
                    } else {
                        simpleBeforeCut = cluster.key != nil
                    }
                }
                used += cluster.width
                overflows = used > available
                return !overflows
            }
            if !overflows {
                write(text, upTo: .max, into: &target)
            } else if simpleBeforeCut {
                write(text, upTo: cut, into: &target)
                put(TextCluster(width: 1, start: 0, key: Self.ellipsisKey, character: nil), into: &target)
            } else {
                // A cluster of the general path before the ellipsis (a prepended mark) may join it.
                write(TextLayout.truncate(string: text, toWidth: available), upTo: .max, into: &target)
            }
        }

        /// Writes the clusters of `text` that start before UTF-8 offset `end`.
        mutating func write<Target: CellTarget>(_ text: String, upTo end: Int, into target: inout Target) {
            TextClusters.forEach(in: text) { cluster in
                guard cluster.start < end else { return false }
                put(cluster, into: &target)
                return !isFull
            }
        }

        /// Writes one cluster: controls and other undrawable clusters are skipped, columns left
        /// of 0 are clipped (the right half of a wide character across column 0 becomes a
        /// space), and a wide character across the limit becomes a space.
        mutating func put<Target: CellTarget>(_ cluster: TextCluster, into target: inout Target) {
            if x >= limit {
                isFull = true
                return
            }
            let width = cluster.width
            if width == 0 { return }
            if x < 0 {
                if x + width > 0 { target.put(.blank(style), x: 0, y: y) }
                x += width
                return
            }
            if x + width > limit {
                target.put(.blank(style), x: x, y: y)
                x += 1
                isFull = true
                return
            }
            if let key = cluster.key {
                target.putNarrow(key, packedStyle: packedStyle, x: x, y: y)
            } else if let character = cluster.character {
                target.put(Cell(grapheme: String(character), style: style, width: UInt8(width)), x: x, y: y)
            }
            x += width
        }
    }
}

/// Where ``ScreenBuffer``'s text writing puts cells: a frame, or the cells of a line laid out
/// alone (``ScreenBuffer/cells(of:style:width:ellipsis:)``).
protocol CellTarget {
    /// Writes `cell` at an in-bounds position where it fits.
    mutating func put(_ cell: Cell, x: Int, y: Int)
    /// Writes a narrow cell of packed cluster `key`.
    mutating func putNarrow(_ key: GraphemeKey, packedStyle: UInt64, x: Int, y: Int)
}

extension ScreenBuffer: CellTarget {}

/// The cells of a blank line written from its first column rightwards, as far as written: each
/// cell goes at the end, since text is written left to right and a line that starts blank has
/// no wide character to repair. No line of a frame is made and cut.
struct LineCells: CellTarget {
    var cells: [Cell] = []

    mutating func put(_ cell: Cell, x: Int, y: Int) {
        cells.append(cell)
        if cell.width == 2 { cells.append(.continuation(cell.style)) }
    }

    mutating func putNarrow(_ key: GraphemeKey, packedStyle: UInt64, x: Int, y: Int) {
        cells.append(Cell(key: key, packedStyle: packedStyle))
    }
}
