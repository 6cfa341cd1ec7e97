import Foundation

extension CoinGeckoService {
    /// `GET coins/{id}/market_chart?vs_currency=&days=`: the coin's prices, market caps and
    /// volumes over the days asked, as `{"prices":[[ms,price],…],"market_caps":…,"total_volumes":…}`,
    /// oldest first, the last point now (its price the one `coins/markets` lists at the same
    /// instant). Points are five minutes apart for one day, an hour for up to 90, a day above;
    /// `max` goes back to the listing (at most ``MarketChartRequest/maximumDays``).
    func marketChart(id: Substring, _ parameters: QueryParameters) -> HTTPResponse {
        let seconds = now().timeIntervalSince1970
        let asked: MarketChartRequest
        do {
            asked = try MarketChartRequest(parameters) { model.dollars(perUnitOf: $0, at: seconds) != nil }
        } catch {
            return Self.json(400, ErrorBody.json(error.message))
        }
        guard let coin = model.catalog.coins.first(where: { $0.id == id }) else {
            return Self.json(404, ErrorBody.json("coin not found"))
        }
        let listedDays = coin.isFresh ? max(1, (coin.hoursListed + 23) / 24) : MarketChartRequest.maximumDays
        let days = min(asked.days ?? listedDays, MarketChartRequest.maximumDays)
        let step = MarketChartRequest.step(days: days)
        var span = Double(days) * 86_400
        // A fresh listing has no prices from before it was listed.
        if coin.isFresh { span = min(span, Double(coin.hoursListed) * 3600) }
        let count = Int(span / step) + 1
        let instants = (0..<count).map { seconds - Double(count - 1 - $0) * step }
        let unit = model.dollars(perUnitOf: asked.currency, at: seconds) ?? 1
        let prices = model.prices(coin, at: instants).map { $0 / unit }
        var body = TextBuffer(capacity: count * 100 + 64)
        func series(_ key: StaticString, _ values: [String]) {
            body.append(key)
            for (position, value) in values.enumerated() {
                if position > 0 { body.append(UInt8(ascii: ",")) }
                body.append(UInt8(ascii: "["))
                body.append(utf8: String(Int64((instants[position] * 1000).rounded(.down))))
                body.append(UInt8(ascii: ","))
                body.append(utf8: value)
                body.append(UInt8(ascii: "]"))
            }
            body.append(UInt8(ascii: "]"))
        }
        series("{\"prices\":[", prices.map(MarketRecord.price))
        series(",\"market_caps\":[", prices.map { coin.isFresh ? "0" : MarketRecord.whole($0 * coin.circulatingSupply) })
        series(",\"total_volumes\":[", instants.map { MarketRecord.whole(model.volume(coin, at: $0) / unit) })
        body.append(UInt8(ascii: "}"))
        return Self.json(200, body.bytes)
    }
}
