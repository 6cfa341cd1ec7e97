import EndlessHTTP

/// A market keeps the object it was read from: `endless fetch coins --format json` and the
/// page cache write it back as the service sent it, every number with the digits sent and the
/// fields this client does not read included.
extension CoinMarket: RawJSONRepresentable {
    /// The market's object as the service sent it; for a market made in code, its fields under
    /// the API's names, numbers as their literals.
    public var rawJSON: RawJSON { sentJSON ?? fieldsJSON.rawJSON }

    /// Reads a market from its object (as ``init(json:)`` does) and keeps it as ``rawJSON``.
    /// - Parameter rawJSON: the market's object.
    /// - Throws: ``CoinMarketDecodingError`` when it is not an object with an id.
    public init(rawJSON: RawJSON) throws {
        guard let object = LiteralJSON(rawJSON).object else {
            throw CoinMarketDecodingError(field: "market", reason: "a market is a JSON object")
        }
        self = try CoinMarket(json: object).keeping(rawJSON)
    }

    /// This market with the object it was read from.
    func keeping(_ object: RawJSON) -> CoinMarket {
        var copy = self
        copy.sentJSON = object
        return copy
    }

    /// The typed fields under the API's names; absent ones left out.
    private var fieldsJSON: LiteralJSON {
        var members: [LiteralJSON.Object.Member] = [.init("id", .string(id)), .init("symbol", .string(symbol)), .init("name", .string(name))]
        if let image { members.append(.init("image", .string(image))) }
        for field in Self.numberFields {
            if let number = self[keyPath: field.market] { members.append(.init(field.name, .number(number))) }
        }
        if let rank = marketCapRank.flatMap({ LiteralJSON.Number(String($0)) }) { members.append(.init("market_cap_rank", .number(rank))) }
        for field in Self.timestampFields {
            if let timestamp = self[keyPath: field.market] { members.append(.init(field.name, .string(timestamp.text))) }
        }
        if let roi {
            var parts: [LiteralJSON.Object.Member] = []
            if let times = roi.times { parts.append(.init("times", .number(times))) }
            if let currency = roi.currency { parts.append(.init("currency", .string(currency))) }
            if let percentage = roi.percentage { parts.append(.init("percentage", .number(percentage))) }
            members.append(.init("roi", .object(LiteralJSON.Object(parts))))
        }
        for (window, change) in priceChangePercentage.sorted(by: { $0.key < $1.key }) {
            members.append(.init(window.fieldName, .number(change)))
        }
        if let sparkline7d {
            let prices = sparkline7d.compactMap { LiteralJSON.Number(String($0)).map(LiteralJSON.number) }
            members.append(.init("sparkline_in_7d", .object(LiteralJSON.Object([.init("price", .array(prices))]))))
        }
        return .object(LiteralJSON.Object(members))
    }
}
