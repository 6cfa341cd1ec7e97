/// Splits a rectangle into rows or columns.
///
/// Fixed slots get their size, flexible slots their minimum, and what remains is shared
/// between flexible slots by weight (largest remainder, so the sizes always add up). When
/// the space is too small, flexible slots shrink first (last first), then fixed ones (last
/// first), so a header stays before a footer does.
///
/// ```swift
/// let parts = Layout.rows([.fixed(1), .flexible, .fixed(1)], in: screen)
/// // parts[0]: header, parts[1]: list, parts[2]: status bar
/// ```
public enum Layout {
    /// Splits `rect` top to bottom.
    ///
    /// - Parameters:
    ///   - sizes: one slot per row band.
    ///   - rect: the area to split.
    ///   - spacing: empty rows between bands.
    /// - Returns: one rectangle per slot, in order.
    public static func rows(_ sizes: [LayoutSize], in rect: Rect, spacing: Int = 0) -> [Rect] {
        var y = rect.y
        return split(sizes, total: rect.height, spacing: spacing).map { height in
            defer { y += height + spacing }
            return Rect(x: rect.x, y: y, width: rect.width, height: height)
        }
    }

    /// Splits `rect` left to right.
    ///
    /// - Parameters:
    ///   - sizes: one slot per column band.
    ///   - rect: the area to split.
    ///   - spacing: empty columns between bands.
    /// - Returns: one rectangle per slot, in order.
    public static func columns(_ sizes: [LayoutSize], in rect: Rect, spacing: Int = 0) -> [Rect] {
        var x = rect.x
        return split(sizes, total: rect.width, spacing: spacing).map { width in
            defer { x += width + spacing }
            return Rect(x: x, y: rect.y, width: width, height: rect.height)
        }
    }

    /// The length of each slot along one axis.
    static func split(_ sizes: [LayoutSize], total: Int, spacing: Int) -> [Int] {
        guard !sizes.isEmpty else { return [] }
        let available = max(0, total - max(0, spacing) * (sizes.count - 1))
        var lengths = sizes.map { size -> Int in
            switch size {
            case .fixed(let length): return max(0, length)
            case .flexible(_, let minimum): return max(0, minimum)
            }
        }
        var deficit = lengths.reduce(0, +) - available
        if deficit > 0 {
            shrink(&lengths, where: { if case .flexible = sizes[$0] { return true } else { return false } }, by: &deficit)
            shrink(&lengths, where: { _ in true }, by: &deficit)
            return lengths
        }
        let weights = sizes.map { size -> Int in
            if case .flexible(let weight, _) = size { return max(0, weight) }
            return 0
        }
        let totalWeight = weights.reduce(0, +)
        let extra = -deficit
        guard totalWeight > 0, extra > 0 else { return lengths }
        var given = 0
        var remainders: [(index: Int, remainder: Int)] = []
        for index in lengths.indices where weights[index] > 0 {
            let share = extra * weights[index]
            lengths[index] += share / totalWeight
            given += share / totalWeight
            remainders.append((index, share % totalWeight))
        }
        remainders.sort { $0.remainder != $1.remainder ? $0.remainder > $1.remainder : $0.index < $1.index }
        for entry in remainders.prefix(extra - given) { lengths[entry.index] += 1 }
        return lengths
    }

    private static func shrink(_ lengths: inout [Int], where eligible: (Int) -> Bool, by deficit: inout Int) {
        for index in lengths.indices.reversed() where deficit > 0 && eligible(index) {
            let cut = min(lengths[index], deficit)
            lengths[index] -= cut
            deficit -= cut
        }
    }
}
