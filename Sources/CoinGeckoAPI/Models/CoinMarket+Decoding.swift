import EndlessHTTP
import Foundation

/// Reading a market from its JSON object, tolerantly: unknown fields are ignored, a number sent
/// as text (`"96000.5"`) is read as the number, and a field of another type reads as absent
/// rather than failing the page. Only the id is required.
extension CoinMarket {
    /// Reads a market.
    /// - Parameter object: one element of the `/coins/markets` array.
    /// - Throws: ``CoinMarketDecodingError`` when there is no usable `id`.
    public init(json object: LiteralJSON.Object) throws(CoinMarketDecodingError) {
        guard let id = object["id"]?.string, !id.isEmpty else {
            throw CoinMarketDecodingError(field: "id", reason: "a market needs a non-empty string id")
        }
        func number(_ key: String) -> LiteralJSON.Number? { Self.number(object[key]) }
        func timestamp(_ key: String) -> CoinTimestamp? { object[key]?.string.map(CoinTimestamp.init) }
        var fields = Fields()
        fields.image = object["image"]?.string
        for field in Self.numberFields { fields[keyPath: field.fields] = number(field.name) }
        for field in Self.timestampFields { fields[keyPath: field.fields] = timestamp(field.name) }
        fields.marketCapRank = number("market_cap_rank")?.int
        if let roi = object["roi"]?.object {
            fields.roi = CoinROI(
                times: Self.number(roi["times"]), currency: roi["currency"]?.string, percentage: Self.number(roi["percentage"]))
        }
        for window in PriceChangeWindow.allCases {
            if let change = number(window.fieldName) { fields.priceChangePercentage[window] = change }
        }
        if let prices = object["sparkline_in_7d"]?["price"]?.array {
            fields.sparkline7d = prices.compactMap { Self.number($0)?.double }.filter(\.isFinite)
        }
        self.init(
            id: id, symbol: object["symbol"]?.string ?? "", name: object["name"]?.string ?? id, fields: fields)
    }

    /// A number, or text that is a number; nil otherwise.
    static func number(_ value: LiteralJSON?) -> LiteralJSON.Number? {
        switch value {
        case .number(let number): number
        case .string(let text): LiteralJSON.Number(text.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }
}

/// A market object the client cannot use: which field, and why.
public struct CoinMarketDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field, e.g. `id`.
    public let field: String
    /// What was wrong with it.
    public let reason: String

    /// `id: a market needs a non-empty string id`.
    public var description: String { "\(field): \(reason)" }
}
