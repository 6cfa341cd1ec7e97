import EndlessHTTP
import Foundation

/// The three series of a `/coins/{id}/market_chart` answer, read with bounds:
/// `{"prices":[[ms,price],…],"market_caps":[[ms,n],…],"total_volumes":[[ms,n],…]}`.
///
/// The points are read straight from the body's checked bytes, one at a time, so a body of a
/// million points costs no more than counting to ``maximumPoints`` before it is refused: no
/// array of elements is built first. A point that is not two numbers, or whose instant is
/// before ``earliest`` or after ``latest``, or whose value is not finite or below zero, is left
/// out (and counted in ``MarketChart/skippedPoints``): a chart with a gap is still a chart.
public enum MarketChartBody {
    /// The most points one series may send: ten years of hourly points is 87,600.
    public static let maximumPoints = 100_000
    /// The earliest instant believed, in milliseconds since 1970: 2000-01-01.
    public static let earliest: Double = 946_684_800_000
    /// The latest instant believed, in milliseconds since 1970: 2200-01-01.
    public static let latest: Double = 7_258_118_400_000
    /// The longest number literal read: longer is not a timestamp or a price.
    static let longestNumber = 64

    /// Reads the chart of a body.
    /// - Parameter body: the answer, as sent.
    /// - Returns: the three series, oldest first (missing `market_caps` or `total_volumes`
    ///   read as empty).
    /// - Throws: ``CoinGeckoError/unexpectedBody(_:)`` when the body is not an object with a
    ///   `prices` array, a series is not an array, or a series has more than ``maximumPoints``.
    public static func read(_ body: RawJSON) throws(CoinGeckoError) -> MarketChart {
        guard body.kind == .object, let prices = body["prices"], prices.kind == .array else {
            let text = body.text
            throw .unexpectedBody(
                "expected {\"prices\":[[ms,price],…],…}, got \(text.count > 80 ? String(text.prefix(79)) + "…" : text)")
        }
        var skipped = 0
        let read = try series(prices, named: "prices", skipped: &skipped)
        var caps: [MarketChart.Point] = []
        if let value = body["market_caps"] { caps = try series(value, named: "market_caps", skipped: &skipped) }
        var volumes: [MarketChart.Point] = []
        if let value = body["total_volumes"] { volumes = try series(value, named: "total_volumes", skipped: &skipped) }
        return MarketChart(prices: read, marketCaps: caps, totalVolumes: volumes, skippedPoints: skipped, body: body)
    }

    /// The points of one series, oldest first.
    static func series(_ value: RawJSON, named name: String, skipped: inout Int) throws(CoinGeckoError) -> [MarketChart.Point] {
        if value.kind == .null { return [] }
        guard value.kind == .array else { throw .unexpectedBody("\(name) is not a list of [ms, value] points") }
        let result = value.bytes.withUnsafeBytes { raw in
            var scanner = PointScanner(bytes: raw.bindMemory(to: UInt8.self))
            return scanner.points()
        }
        guard let (points, left) = result else {
            throw .unexpectedBody("\(name) has more than \(maximumPoints) points")
        }
        skipped += left
        // The service sends them oldest first; a body that does not is put in order.
        if zip(points, points.dropFirst()).allSatisfy({ $0.date <= $1.date }) { return points }
        return points.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
    }
}

/// Walks a compacted, checked JSON array (``RawJSON``'s bytes: no whitespace, every token
/// valid), reading each `[number,number]` element and skipping any other. Every index is
/// checked against the end, so no input can make it trap.
private struct PointScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 1  // after [

    /// The points and how many elements were left out; nil when there are more than
    /// ``MarketChartBody/maximumPoints`` elements.
    mutating func points() -> (points: [MarketChart.Point], skipped: Int)? {
        var points: [MarketChart.Point] = []
        var skipped = 0
        var elements = 0
        guard index < bytes.count, bytes[index] != UInt8(ascii: "]") else { return ([], 0) }
        while index < bytes.count {
            elements += 1
            guard elements <= MarketChartBody.maximumPoints else { return nil }
            switch pair() {
            case .point(let point): points.append(point)
            case .outOfBounds: skipped += 1
            case .notAPair:
                skipped += 1
                index = end(ofValueAt: index)
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { break }
            index += 1
        }
        return (points, skipped)
    }

    /// What an element is.
    private enum Element {
        /// `[ms,value]` within bounds.
        case point(MarketChart.Point)
        /// `[ms,value]` with an instant or a value that cannot be right; the index is past it.
        case outOfBounds
        /// Anything else; the index is where it starts.
        case notAPair
    }

    /// The element at the index, moving past it when it is a pair of numbers.
    private mutating func pair() -> Element {
        let start = index
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return .notAPair }
        index += 1
        guard let milliseconds = number(), index < bytes.count, bytes[index] == UInt8(ascii: ",") else {
            index = start
            return .notAPair
        }
        index += 1
        guard let value = number(), index < bytes.count, bytes[index] == UInt8(ascii: "]") else {
            index = start
            return .notAPair
        }
        index += 1
        guard milliseconds >= MarketChartBody.earliest, milliseconds <= MarketChartBody.latest, value.isFinite, value >= 0 else {
            return .outOfBounds
        }
        return .point(MarketChart.Point(date: Date(timeIntervalSince1970: milliseconds / 1000), value: value))
    }

    /// The number literal at the index, moving past it; nil for another token or one too long.
    private mutating func number() -> Double? {
        let start = index
        guard index < bytes.count, bytes[index] == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
        else { return nil }
        while index < bytes.count, index - start <= MarketChartBody.longestNumber {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"),
                UInt8(ascii: "E"):
                index += 1
            default:
                return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
            }
        }
        return nil
    }

    /// The end of the value that starts at `start`: past its closing bracket or quote, or at
    /// the `,` or `]` after a scalar.
    private func end(ofValueAt start: Int) -> Int {
        var depth = 0
        var position = start
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 { return position }
                depth -= 1
                if depth == 0 { return position + 1 }
            case UInt8(ascii: ","):
                if depth == 0 { return position }
            case UInt8(ascii: "\""):
                position += 1
                while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                    position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
                }
                if depth == 0 { return position + 1 }
            default:
                break
            }
            position += 1
        }
        return bytes.count
    }
}
