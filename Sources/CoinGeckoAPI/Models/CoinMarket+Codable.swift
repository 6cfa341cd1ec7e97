/// How a market is stored (the app's page cache keeps pages as `Codable` JSON): the service's
/// own field names, and every number as its literal text, so a stored price reads back with
/// exactly the digits the service sent. Reading is as tolerant as ``init(json:)``: a field
/// that is missing or of another type reads as absent.
extension CoinMarket: Codable {
    private struct Field: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Writes the market under its API field names; absent fields are left out.
    /// - Parameter encoder: where to write.
    /// - Throws: the encoder's errors.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Field.self)
        func number(_ value: LiteralJSON.Number?, _ name: String) throws {
            try container.encodeIfPresent(value?.literal, forKey: Field(name))
        }
        func timestamp(_ value: CoinTimestamp?, _ name: String) throws {
            try container.encodeIfPresent(value?.text, forKey: Field(name))
        }
        try container.encode(id, forKey: Field("id"))
        try container.encode(symbol, forKey: Field("symbol"))
        try container.encode(name, forKey: Field("name"))
        try container.encodeIfPresent(image, forKey: Field("image"))
        try number(currentPrice, "current_price")
        try number(marketCap, "market_cap")
        try container.encodeIfPresent(marketCapRank, forKey: Field("market_cap_rank"))
        try number(fullyDilutedValuation, "fully_diluted_valuation")
        try number(totalVolume, "total_volume")
        try number(high24h, "high_24h")
        try number(low24h, "low_24h")
        try number(priceChange24h, "price_change_24h")
        try number(priceChangePercentage24h, "price_change_percentage_24h")
        try number(marketCapChange24h, "market_cap_change_24h")
        try number(marketCapChangePercentage24h, "market_cap_change_percentage_24h")
        try number(circulatingSupply, "circulating_supply")
        try number(totalSupply, "total_supply")
        try number(maxSupply, "max_supply")
        try number(ath, "ath")
        try number(athChangePercentage, "ath_change_percentage")
        try timestamp(athDate, "ath_date")
        try number(atl, "atl")
        try number(atlChangePercentage, "atl_change_percentage")
        try timestamp(atlDate, "atl_date")
        if let roi {
            var nested = container.nestedContainer(keyedBy: Field.self, forKey: Field("roi"))
            try nested.encodeIfPresent(roi.times?.literal, forKey: Field("times"))
            try nested.encodeIfPresent(roi.currency, forKey: Field("currency"))
            try nested.encodeIfPresent(roi.percentage?.literal, forKey: Field("percentage"))
        }
        try timestamp(lastUpdated, "last_updated")
        for (window, change) in priceChangePercentage.sorted(by: { $0.key < $1.key }) {
            try number(change, window.fieldName)
        }
        // Hourly prices are computed with, never printed: doubles are exact enough and half the size.
        try container.encodeIfPresent(sparkline7d, forKey: Field("sparkline_7d"))
    }

    /// Reads a market that ``encode(to:)`` wrote.
    /// - Parameter decoder: where to read.
    /// - Throws: `DecodingError` when there is no id.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Field.self)
        func text(_ name: String) -> String? { (try? container.decodeIfPresent(String.self, forKey: Field(name))) ?? nil }
        func number(_ name: String) -> LiteralJSON.Number? { text(name).flatMap(LiteralJSON.Number.init) }
        func timestamp(_ name: String) -> CoinTimestamp? { text(name).map(CoinTimestamp.init) }
        let id = try container.decode(String.self, forKey: Field("id"))
        var fields = Fields()
        fields.image = text("image")
        fields.currentPrice = number("current_price")
        fields.marketCap = number("market_cap")
        fields.marketCapRank = (try? container.decodeIfPresent(Int.self, forKey: Field("market_cap_rank"))) ?? nil
        fields.fullyDilutedValuation = number("fully_diluted_valuation")
        fields.totalVolume = number("total_volume")
        fields.high24h = number("high_24h")
        fields.low24h = number("low_24h")
        fields.priceChange24h = number("price_change_24h")
        fields.priceChangePercentage24h = number("price_change_percentage_24h")
        fields.marketCapChange24h = number("market_cap_change_24h")
        fields.marketCapChangePercentage24h = number("market_cap_change_percentage_24h")
        fields.circulatingSupply = number("circulating_supply")
        fields.totalSupply = number("total_supply")
        fields.maxSupply = number("max_supply")
        fields.ath = number("ath")
        fields.athChangePercentage = number("ath_change_percentage")
        fields.athDate = timestamp("ath_date")
        fields.atl = number("atl")
        fields.atlChangePercentage = number("atl_change_percentage")
        fields.atlDate = timestamp("atl_date")
        if let roi = try? container.nestedContainer(keyedBy: Field.self, forKey: Field("roi")) {
            func text(_ name: String) -> String? { (try? roi.decodeIfPresent(String.self, forKey: Field(name))) ?? nil }
            fields.roi = CoinROI(
                times: text("times").flatMap(LiteralJSON.Number.init), currency: text("currency"),
                percentage: text("percentage").flatMap(LiteralJSON.Number.init))
        }
        fields.lastUpdated = timestamp("last_updated")
        for window in PriceChangeWindow.allCases {
            if let change = number(window.fieldName) { fields.priceChangePercentage[window] = change }
        }
        fields.sparkline7d = (try? container.decodeIfPresent([Double].self, forKey: Field("sparkline_7d"))) ?? nil
        self.init(id: id, symbol: text("symbol") ?? "", name: text("name") ?? id, fields: fields)
    }
}
