import CoinGeckoAPI
import EndlessFeedModel
import EndlessHTTP
import Foundation

/// Everything the details panel shows about one coin: every field the market sends, in a
/// trader's reading order (price and changes, market, supplies, records, return), and the week
/// as a chart with its high, low and dates.
enum CoinDetails {
    /// The details of `coin`, priced in `currency`.
    /// - Parameters:
    ///   - coin: the market, as listed.
    ///   - currency: the `vs_currency` its prices are in.
    ///   - now: when the week ends, when the market does not say (`last_updated`).
    static func of(_ coin: CoinMarket, currency: String, now: Date) -> ItemDetails {
        let unit = currency.uppercased()
        let ticker = coin.symbol.uppercased()
        func money(_ number: LiteralJSON.Number?) -> String? {
            number.map { "\(MoneyFormat.price($0)) \(unit)" }
        }
        func big(_ number: LiteralJSON.Number?) -> String? {
            number.map { "\(MoneyFormat.full($0)) \(unit)" }
        }
        var fields = ItemDetails.Builder()
        fields.add("rank", coin.marketCapRank.map { "#\($0)" })
        fields.add("page", CoinsFeed.pageURL(coin)?.absoluteString)
        fields.add("price", money(coin.currentPrice))
        for (label, window) in [("1h", PriceChangeWindow.hour), ("24h", .day), ("7d", .week), ("30d", .month), ("1y", .year)] {
            fields.add(label, coin.change(over: window).map { MoneyFormat.change($0).text })
        }
        fields.add("24h change", money(coin.priceChange24h))
        fields.add("24h high", money(coin.high24h))
        fields.add("24h low", money(coin.low24h))
        fields.add("market cap", big(coin.marketCap))
        if let change = coin.marketCapChange24h {
            let percent = coin.marketCapChangePercentage24h.map { " (\(MoneyFormat.change($0).text))" } ?? ""
            fields.add("cap 24h", "\(MoneyFormat.full(change)) \(unit)\(percent)")
        }
        fields.add("fully diluted", big(coin.fullyDilutedValuation))
        fields.add("volume 24h", big(coin.totalVolume))
        fields.add("circulating", coin.circulatingSupply.map { "\(MoneyFormat.supply($0)) \(ticker)" })
        fields.add("total supply", coin.totalSupply.map { "\(MoneyFormat.supply($0)) \(ticker)" })
        fields.add("max supply", coin.maxSupply.map { "\(MoneyFormat.supply($0)) \(ticker)" } ?? (coin.circulatingSupply == nil ? nil : "none"))
        fields.add("all-time high", record(coin.ath, change: coin.athChangePercentage, date: coin.athDate, unit: unit))
        fields.add("all-time low", record(coin.atl, change: coin.atlChangePercentage, date: coin.atlDate, unit: unit))
        if let roi = coin.roi {
            let times = roi.times.map { "\(MoneyFormat.full($0))×" } ?? "—"
            let percent = roi.percentage.map { " (\(MoneyFormat.change($0).text))" } ?? ""
            fields.add("return on offer", "\(times)\(percent)" + (roi.currency.map { " in \($0.uppercased())" } ?? ""))
        }
        fields.add("last updated", MoneyFormat.moment(coin.lastUpdated))
        fields.add("id", coin.id)
        fields.add("image", coin.image)
        return ItemDetails(
            id: coin.id, title: UntrustedText(ticker.isEmpty ? coin.name : "\(coin.name) (\(ticker))"), imageURL: coin.imageURL,
            fields: fields.fields, chart: chart(coin, currency: currency, now: now))
    }

    /// `108,135.00 USD · 2024-12-17 · ▼ 11.11%`.
    static func record(
        _ value: LiteralJSON.Number?, change: LiteralJSON.Number?, date: CoinTimestamp?, unit: String
    ) -> String? {
        guard let value else { return nil }
        var parts = ["\(MoneyFormat.price(value)) \(unit)"]
        if let day = MoneyFormat.day(date) { parts.append(day) }
        if let change { parts.append(MoneyFormat.change(change).text + " since") }
        return parts.joined(separator: " · ")
    }

    /// The week's chart: hourly prices, the high and low as prices, the first, middle and last days.
    static func chart(_ coin: CoinMarket, currency: String, now: Date) -> ItemDetails.Chart? {
        guard let prices = coin.sparkline7d, prices.count > 1, let high = prices.max(), let low = prices.min(),
            let first = prices.first, let last = prices.last
        else { return nil }
        let end = coin.lastUpdated?.date ?? now
        let hours = Double(prices.count - 1)
        let days = [hours, hours / 2, 0].map { MoneyFormat.shortDay(end.addingTimeInterval(-$0 * 3600)) }
        let trend: ItemDetails.Chart.Trend = last > first ? .up : last < first ? .down : .flat
        return ItemDetails.Chart(
            title: "\(prices.count == 168 ? MarketChartRange.sevenDays.label : "\(prices.count) h") · \(currency)", values: prices,
            highLabel: MoneyFormat.price(high), lowLabel: MoneyFormat.price(low), timeLabels: days, trend: trend)
    }

    /// A chart of `market_chart`'s prices over `range`: the high and low as prices, and three
    /// instants along the bottom (times of day for a day, days for a month, months beyond).
    /// - Throws: ``CoinGeckoError/unexpectedBody(_:)`` when fewer than two prices came.
    static func chart(_ chart: MarketChart, range: MarketChartRange, currency: String) throws(CoinGeckoError) -> ItemDetails.Chart {
        let values = chart.prices.map(\.value)
        guard values.count > 1, let high = values.max(), let low = values.min(), let first = chart.prices.first,
            let last = chart.prices.last
        else { throw .unexpectedBody("no prices over \(range.label)") }
        let middle = first.date.addingTimeInterval(last.date.timeIntervalSince(first.date) / 2)
        let labels = [first.date, middle, last.date].map { timeLabel($0, range: range) }
        let trend: ItemDetails.Chart.Trend = last.value > first.value ? .up : last.value < first.value ? .down : .flat
        return ItemDetails.Chart(
            title: "\(range.label) · \(currency)", values: values, highLabel: MoneyFormat.price(high), lowLabel: MoneyFormat.price(low),
            timeLabels: labels, trend: trend)
    }

    /// `14:05` for a day's chart, `Dec 2` up to a month, `Dec 2024` beyond (UTC).
    static func timeLabel(_ date: Date, range: MarketChartRange) -> String {
        let parts = Calendar.utc.dateComponents([.year, .month, .hour, .minute], from: date)
        switch range {
        case .oneDay:
            return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        case .sevenDays, .thirtyDays:
            return MoneyFormat.shortDay(date)
        case .oneYear, .max:
            return "\(String(MoneyFormat.shortDay(date).prefix(3))) \(parts.year ?? 1970)"
        }
    }
}
