import CoinGeckoAPI
import EndlessHTTP
import EndlessTerminal
import EndlessTerminalWidgets

/// The four formats of `endless fetch coins`. `json` and `ndjson` are the objects as the API
/// sent them (its field names, its number literals, fields this client does not know); `table`
/// and `csv` sanitize what they print.
enum CoinsFormatter {
    static func format(_ page: CoinMarketsPage, as format: OutputFormat, width: Int, currency: String) -> String {
        switch format {
        case .json:
            return FetchJSON.json(page.rawJSON)
        case .ndjson:
            return FetchJSON.ndjson(page.markets)
        case .csv:
            return csv(page.markets.compactMap { LiteralJSON($0.rawJSON).object })
        case .table:
            return FetchTable(columns: columns(currency: currency, sparkline: page.query.sparkline), width: width)
                .format(page.markets)
        }
    }

    static func columns(currency: String, sparkline: Bool) -> [FetchTable<CoinMarket>.Column] {
        var columns: [FetchTable<CoinMarket>.Column] = [
            // Narrow, the sparkline goes first, then volume, the hour, the week, the symbol, the
            // market cap, the rank: the coin, its price and its day stay.
            .init("#", minimumWidth: 1, alignRight: true, priority: 4) { $0.marketCapRank.map(String.init) },
            .init("COIN", minimumWidth: 6, priority: 10) { $0.name },
            .init("SYMBOL", minimumWidth: 3, priority: 5) { $0.symbol.uppercased() },
            .init("PRICE (\(currency.uppercased()))", minimumWidth: 8, alignRight: true, priority: 9) { MoneyFormat.price($0.currentPrice) },
            .init("1H", minimumWidth: 6, alignRight: true, priority: 2) { MoneyFormat.change($0.change(over: .hour)).text },
            .init("24H", minimumWidth: 6, alignRight: true, priority: 8) { MoneyFormat.change($0.change(over: .day)).text },
            .init("7D", minimumWidth: 6, alignRight: true, priority: 3) { MoneyFormat.change($0.change(over: .week)).text },
            .init("MARKET CAP", minimumWidth: 5, alignRight: true, priority: 6) { MoneyFormat.compact($0.marketCap) },
            .init("VOLUME", minimumWidth: 5, alignRight: true, priority: 1) { MoneyFormat.compact($0.totalVolume) },
        ]
        if sparkline {
            columns.append(
                .init("7 DAYS", minimumWidth: 8, priority: 0) { coin in
                    coin.sparkline7d.map { Sparkline(values: $0).canvas(width: 16, height: 1).lines.joined() }
                })
        }
        return columns
    }

    /// The CSV columns: the API's field names, numbers as sent.
    static let csvFields =
        [
            "id", "symbol", "name", "current_price", "market_cap", "market_cap_rank", "fully_diluted_valuation", "total_volume",
            "high_24h", "low_24h", "price_change_24h", "price_change_percentage_24h", "market_cap_change_24h",
            "market_cap_change_percentage_24h", "circulating_supply", "total_supply", "max_supply", "ath",
            "ath_change_percentage", "ath_date", "atl", "atl_change_percentage", "atl_date", "last_updated",
        ] + CoinsFeed.changeWindows.map(\.fieldName)

    static func csv(_ objects: [LiteralJSON.Object]) -> String {
        var output = CSVText.record(csvFields, sanitizing: false)
        for object in objects {
            output += CSVText.record(
                csvFields.map { field in
                    switch object[field] {
                    case .string(let text): text
                    case .number(let number): number.literal
                    case .bool(let value): value ? "true" : "false"
                    case .null, .none, .array, .object: nil
                    }
                })
        }
        return output
    }
}
