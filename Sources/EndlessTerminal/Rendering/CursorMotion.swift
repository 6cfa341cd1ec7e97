/// The cheapest way to move the cursor, relative or absolute.
///
/// Assumes raw output (no `\n` → `\r\n` translation) and no scroll region, which is what the
/// session sets up: `\n` moves one row down keeping the column, `\b` one column left.
enum CursorMotion {
    /// Appends the shortest sequence moving the cursor from `cursor` (nil: unknown) to `target`.
    static func append(from cursor: Point?, to target: Point, into out: inout ByteWriter) {
        guard let cursor else {
            appendAbsolute(target, into: &out)
            return
        }
        if cursor == target { return }
        let absolute = absoluteCost(target)
        let vertical = verticalMove(from: cursor.y, to: target.y)
        let horizontal = horizontalMove(from: cursor.x, to: target.x)
        if vertical.cost + horizontal.cost < absolute {
            emit(vertical, into: &out)
            emit(horizontal, into: &out)
        } else {
            appendAbsolute(target, into: &out)
        }
    }

    /// The cost in bytes of the cheapest move, for callers weighing a move against rewriting
    /// the cells in between.
    static func cost(from cursor: Point?, to target: Point) -> Int {
        guard let cursor else { return absoluteCost(target) }
        if cursor == target { return 0 }
        let relative = verticalMove(from: cursor.y, to: target.y).cost + horizontalMove(from: cursor.x, to: target.x).cost
        return min(relative, absoluteCost(target))
    }

    enum Move {
        case none
        case repeated(UInt8, Int)  // `\n` or `\b` n times
        case carriageReturn
        case sequence(Int, UInt8)  // CSI n final (n == 1 omitted)
        case carriageReturnThen(Int)  // `\r` then CUF n
        case absoluteColumn(Int)  // CHA, 0-based column
        case absoluteRow(Int)  // VPA, 0-based row

        var cost: Int {
            switch self {
            case .none: return 0
            case .repeated(_, let count): return count
            case .carriageReturn: return 1
            case .sequence(let count, _): return count == 1 ? 3 : 3 + ByteWriter.decimalLength(count)
            case .carriageReturnThen(let count): return 1 + (count == 1 ? 3 : 3 + ByteWriter.decimalLength(count))
            case .absoluteColumn(let column): return column == 0 ? 3 : 3 + ByteWriter.decimalLength(column + 1)
            case .absoluteRow(let row): return row == 0 ? 3 : 3 + ByteWriter.decimalLength(row + 1)
            }
        }
    }

    private static func verticalMove(from row: Int, to target: Int) -> Move {
        let delta = target - row
        if delta == 0 { return .none }
        var best: Move = delta > 0 ? .sequence(delta, 0x42) : .sequence(-delta, 0x41)
        consider(.absoluteRow(target), &best)
        if delta > 0 && delta <= 3 { consider(.repeated(0x0A, delta), &best) }
        return best
    }

    private static func horizontalMove(from column: Int, to target: Int) -> Move {
        let delta = target - column
        if delta == 0 { return .none }
        if target == 0 { return .carriageReturn }
        var best: Move = .absoluteColumn(target)
        consider(.carriageReturnThen(target), &best)
        if delta > 0 {
            consider(.sequence(delta, 0x43), &best)
        } else {
            consider(.sequence(-delta, 0x44), &best)
            if -delta <= 3 { consider(.repeated(0x08, -delta), &best) }
        }
        return best
    }

    private static func consider(_ option: Move, _ best: inout Move) {
        if option.cost < best.cost { best = option }
    }

    private static func absoluteCost(_ target: Point) -> Int {
        if target.x == 0 && target.y == 0 { return 3 }
        if target.x == 0 { return 3 + ByteWriter.decimalLength(target.y + 1) }
        return 4 + ByteWriter.decimalLength(target.y + 1) + ByteWriter.decimalLength(target.x + 1)
    }

    private static func appendAbsolute(_ target: Point, into out: inout ByteWriter) {
        out.csi()
        if target.x != 0 || target.y != 0 {
            out.appendDecimal(target.y + 1)
            if target.x != 0 {
                out.append(0x3B)
                out.appendDecimal(target.x + 1)
            }
        }
        out.append(0x48)
    }

    private static func emit(_ move: Move, into out: inout ByteWriter) {
        switch move {
        case .none:
            break
        case .repeated(let byte, let count):
            for _ in 0..<count { out.append(byte) }
        case .carriageReturn:
            out.append(0x0D)
        case .sequence(let count, let final):
            out.csi()
            if count != 1 { out.appendDecimal(count) }
            out.append(final)
        case .carriageReturnThen(let count):
            out.append(0x0D)
            emit(.sequence(count, 0x43), into: &out)
        case .absoluteColumn(let column):
            out.csi()
            if column != 0 { out.appendDecimal(column + 1) }
            out.append(0x47)
        case .absoluteRow(let row):
            out.csi()
            if row != 0 { out.appendDecimal(row + 1) }
            out.append(0x64)
        }
    }
}
