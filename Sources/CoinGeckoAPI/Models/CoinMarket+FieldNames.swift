import EndlessHTTP

/// The market's fields by the service's names: reading the API (``CoinMarket/init(json:)``),
/// storing (``CoinMarket/encode(to:)``) and reading back (``CoinMarket/init(from:)``) all go
/// through these lists, so a field added here is read, stored and restored alike.
extension CoinMarket {
    /// A field by its API name: where a market holds it, and where ``Fields`` takes it.
    struct FieldName<Value>: Sendable {
        let name: String
        let market: KeyPath<CoinMarket, Value?> & Sendable
        let fields: WritableKeyPath<Fields, Value?> & Sendable
    }

    /// The numbers, kept as sent.
    static let numberFields: [FieldName<LiteralJSON.Number>] = [
        FieldName(name: "current_price", market: \.currentPrice, fields: \.currentPrice),
        FieldName(name: "market_cap", market: \.marketCap, fields: \.marketCap),
        FieldName(name: "fully_diluted_valuation", market: \.fullyDilutedValuation, fields: \.fullyDilutedValuation),
        FieldName(name: "total_volume", market: \.totalVolume, fields: \.totalVolume),
        FieldName(name: "high_24h", market: \.high24h, fields: \.high24h),
        FieldName(name: "low_24h", market: \.low24h, fields: \.low24h),
        FieldName(name: "price_change_24h", market: \.priceChange24h, fields: \.priceChange24h),
        FieldName(name: "price_change_percentage_24h", market: \.priceChangePercentage24h, fields: \.priceChangePercentage24h),
        FieldName(name: "market_cap_change_24h", market: \.marketCapChange24h, fields: \.marketCapChange24h),
        FieldName(
            name: "market_cap_change_percentage_24h", market: \.marketCapChangePercentage24h,
            fields: \.marketCapChangePercentage24h),
        FieldName(name: "circulating_supply", market: \.circulatingSupply, fields: \.circulatingSupply),
        FieldName(name: "total_supply", market: \.totalSupply, fields: \.totalSupply),
        FieldName(name: "max_supply", market: \.maxSupply, fields: \.maxSupply),
        FieldName(name: "ath", market: \.ath, fields: \.ath),
        FieldName(name: "ath_change_percentage", market: \.athChangePercentage, fields: \.athChangePercentage),
        FieldName(name: "atl", market: \.atl, fields: \.atl),
        FieldName(name: "atl_change_percentage", market: \.atlChangePercentage, fields: \.atlChangePercentage),
    ]

    /// The instants, kept as the text sent.
    static let timestampFields: [FieldName<CoinTimestamp>] = [
        FieldName(name: "ath_date", market: \.athDate, fields: \.athDate),
        FieldName(name: "atl_date", market: \.atlDate, fields: \.atlDate),
        FieldName(name: "last_updated", market: \.lastUpdated, fields: \.lastUpdated),
    ]
}
