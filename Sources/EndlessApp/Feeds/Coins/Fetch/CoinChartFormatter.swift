import CoinGeckoAPI
import EndlessHTTP
import Foundation

/// `endless fetch coins --chart ID`'s four formats: `json` is the answer as the API sent it,
/// `ndjson` its price points one a line as sent (`[ms,price]`), `table` and `csv` one line an
/// instant: the time (UTC), the price, the market cap and the volume then.
enum CoinChartFormatter {
    /// One instant of the chart: its price, and the market cap and volume at the same instant.
    struct Row {
        let date: Date
        let price: Double
        let marketCap: Double?
        let volume: Double?
    }

    static func format(_ chart: MarketChart, as format: OutputFormat, width: Int, currency: String) -> String {
        switch format {
        case .json:
            return chart.body.map(FetchJSON.json) ?? ""
        case .ndjson:
            let points = chart.body?["prices"]?.elements ?? []
            return points.map { $0.compactText(escaping: FetchJSON.needsEscape) + "\n" }.joined()
        case .csv:
            var output = CSVText.record(["time", "price", "market_cap", "total_volume"], sanitizing: false)
            for row in rows(chart) {
                output += CSVText.record([time(row.date), number(row.price), row.marketCap.map(number), row.volume.map(number)])
            }
            return output
        case .table:
            let unit = currency.uppercased()
            return FetchTable<Row>(
                columns: [
                    .init("TIME (UTC)", minimumWidth: 16, priority: 10) { time($0.date) },
                    .init("PRICE (\(unit))", minimumWidth: 8, alignRight: true, priority: 9) { MoneyFormat.price($0.price) },
                    .init("MARKET CAP", minimumWidth: 5, alignRight: true, priority: 5) { row in row.marketCap.map(compact) },
                    .init("VOLUME", minimumWidth: 5, alignRight: true, priority: 4) { row in row.volume.map(compact) },
                ], width: width
            ).format(rows(chart))
        }
    }

    /// The prices, each with the market cap and volume sent for the same instant.
    static func rows(_ chart: MarketChart) -> [Row] {
        let caps = Dictionary(chart.marketCaps.map { ($0.date, $0.value) }, uniquingKeysWith: { _, last in last })
        let volumes = Dictionary(chart.totalVolumes.map { ($0.date, $0.value) }, uniquingKeysWith: { _, last in last })
        return chart.prices.map { Row(date: $0.date, price: $0.value, marketCap: caps[$0.date], volume: volumes[$0.date]) }
    }

    /// `2026-12-02 10:05`.
    static func time(_ date: Date) -> String {
        let parts = Calendar.utc.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0)
    }

    /// A value as Swift writes a `Double` (the shortest text that reads back as it).
    static func number(_ value: Double) -> String { "\(value)" }

    /// `1.68T`, `30.3B`.
    static func compact(_ value: Double) -> String {
        MoneyFormat.compact(LiteralJSON.Number("\(value)"))
    }
}
