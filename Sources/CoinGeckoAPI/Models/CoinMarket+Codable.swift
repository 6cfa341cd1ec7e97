import EndlessHTTP

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
        for field in Self.numberFields { try number(self[keyPath: field.market], field.name) }
        for field in Self.timestampFields { try timestamp(self[keyPath: field.market], field.name) }
        try container.encodeIfPresent(marketCapRank, forKey: Field("market_cap_rank"))
        if let roi {
            var nested = container.nestedContainer(keyedBy: Field.self, forKey: Field("roi"))
            try nested.encodeIfPresent(roi.times?.literal, forKey: Field("times"))
            try nested.encodeIfPresent(roi.currency, forKey: Field("currency"))
            try nested.encodeIfPresent(roi.percentage?.literal, forKey: Field("percentage"))
        }
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
        for field in Self.numberFields { fields[keyPath: field.fields] = number(field.name) }
        for field in Self.timestampFields { fields[keyPath: field.fields] = timestamp(field.name) }
        fields.marketCapRank = (try? container.decodeIfPresent(Int.self, forKey: Field("market_cap_rank"))) ?? nil
        if let roi = try? container.nestedContainer(keyedBy: Field.self, forKey: Field("roi")) {
            func text(_ name: String) -> String? { (try? roi.decodeIfPresent(String.self, forKey: Field(name))) ?? nil }
            fields.roi = CoinROI(
                times: text("times").flatMap(LiteralJSON.Number.init), currency: text("currency"),
                percentage: text("percentage").flatMap(LiteralJSON.Number.init))
        }
        for window in PriceChangeWindow.allCases {
            if let change = number(window.fieldName) { fields.priceChangePercentage[window] = change }
        }
        fields.sparkline7d = (try? container.decodeIfPresent([Double].self, forKey: Field("sparkline_7d"))) ?? nil
        self.init(id: id, symbol: text("symbol") ?? "", name: text("name") ?? id, fields: fields)
    }
}
