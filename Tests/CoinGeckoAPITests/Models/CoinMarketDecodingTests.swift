import CoinGeckoAPI
import EndlessHTTP
import Foundation
import Testing

@Suite("CoinMarket: every number nullable, as the service sends it")
struct CoinMarketDecodingTests {
    /// Bitcoin as `/coins/markets?sparkline=true&price_change_percentage=1h,24h,7d` sends it, with
    /// a field the client does not know.
    static let bitcoin = #"""
        {"id":"bitcoin","symbol":"btc","name":"Bitcoin","image":"https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png?1696501400",
        "current_price":96123,"market_cap":1903456789012,"market_cap_rank":1,"fully_diluted_valuation":2018456789012,
        "total_volume":35218765432,"high_24h":97012,"low_24h":95001.5,"price_change_24h":-812.3318671021,
        "price_change_percentage_24h":-0.83801,"market_cap_change_24h":-16123456789.5,"market_cap_change_percentage_24h":-0.84,
        "circulating_supply":19812345.0,"total_supply":21000000.0,"max_supply":21000000.0,"ath":108135,
        "ath_change_percentage":-11.1098,"ath_date":"2024-12-17T15:02:41.429Z","atl":67.81,"atl_change_percentage":141656.54321,
        "atl_date":"2013-07-06T00:00:00.000Z","roi":null,"last_updated":"2025-01-20T10:15:04.123Z",
        "sparkline_in_7d":{"price":[94000.1,95000.25,null,96123]},"price_change_percentage_1h_in_currency":0.1211,
        "price_change_percentage_24h_in_currency":-0.83801,"price_change_percentage_7d_in_currency":2.5e0,"new_field":{"x":1}}
        """#

    /// A coin listed an hour ago: most fields null, as the service sends them.
    static let fresh = #"""
        {"id":"fresh-coin","symbol":"frsh","name":"Fresh Coin","image":"missing_large.png","current_price":0.00002456,
        "market_cap":null,"market_cap_rank":null,"fully_diluted_valuation":null,"total_volume":1234.5,"high_24h":null,
        "low_24h":null,"price_change_24h":null,"price_change_percentage_24h":null,"market_cap_change_24h":null,
        "market_cap_change_percentage_24h":null,"circulating_supply":null,"total_supply":null,"max_supply":null,"ath":null,
        "ath_change_percentage":null,"ath_date":null,"atl":null,"atl_change_percentage":null,"atl_date":null,
        "roi":{"times":12.3456,"currency":"eth","percentage":1234.56},"last_updated":"2025-01-20T10:15:04.123Z",
        "price_change_percentage_1h_in_currency":null}
        """#

    static func market(_ text: String) throws -> CoinMarket {
        try CoinMarket(json: try #require(try LiteralJSON.parse(Array(text.utf8)).object))
    }

    @Test("a full market: caps beyond Int32, supplies as floats kept as sent, dates with milliseconds")
    func full() throws {
        let coin = try Self.market(Self.bitcoin)
        #expect(coin.id == "bitcoin" && coin.symbol == "btc" && coin.name == "Bitcoin")
        #expect(coin.marketCap?.int == 1_903_456_789_012)
        #expect(coin.marketCapRank == 1)
        #expect(coin.circulatingSupply?.literal == "19812345.0")
        #expect(coin.priceChange24h?.literal == "-812.3318671021")
        #expect(coin.athDate?.date == Date(timeIntervalSince1970: 1_734_447_761.429))
        #expect(coin.atlDate?.date == Date(timeIntervalSince1970: 1_373_068_800))
        #expect(coin.roi == nil)
        #expect(coin.change(over: .hour)?.literal == "0.1211")
        #expect(coin.change(over: .week)?.double == 2.5)
        #expect(coin.change(over: .month) == nil)
        #expect(coin.sparkline7d == [94000.1, 95000.25, 96123], "a null point is left out")
        #expect(coin.imageURL?.host == "coin-images.coingecko.com")
    }

    @Test("a fresh listing: nulls read as absent, an ROI object is read, a relative image is no URL")
    func fresh() throws {
        let coin = try Self.market(Self.fresh)
        #expect(coin.currentPrice?.literal == "0.00002456")
        #expect(coin.marketCap == nil && coin.marketCapRank == nil && coin.circulatingSupply == nil)
        #expect(coin.athDate == nil && coin.atl == nil)
        #expect(coin.roi == CoinROI(times: LiteralJSON.Number("12.3456"), currency: "eth", percentage: LiteralJSON.Number("1234.56")))
        #expect(coin.change(over: .hour) == nil)
        #expect(coin.change(over: .day) == nil)
        #expect(coin.sparkline7d == nil)
        #expect(coin.imageURL == nil)
    }

    @Test("Codable, stored and read back: every field equal, every number with the digits the service sent")
    func storedForm() throws {
        for text in [Self.bitcoin, Self.fresh] {
            let coin = try Self.market(text)
            let data = try JSONEncoder().encode(coin)
            let back = try JSONDecoder().decode(CoinMarket.self, from: data)
            #expect(back == coin)
            #expect(back.circulatingSupply?.literal == coin.circulatingSupply?.literal)
        }
        let stored = String(decoding: try JSONEncoder().encode(try Self.market(Self.bitcoin)), as: UTF8.self)
        #expect(stored.contains(#""circulating_supply":"19812345.0""#), "the literal, not a rounded double: \(stored)")
        #expect(!stored.contains("new_field"), "only what the model keeps")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CoinMarket.self, from: Data(#"{"name":"no id"}"#.utf8)) }
    }

    @Test("odd types read as absent, numbers sent as text as numbers; only the id is required")
    func tolerance() throws {
        let coin = try Self.market(
            #"{"id":"odd","current_price":"1.25","market_cap":"lots","market_cap_rank":3.0,"ath_date":7,"roi":"none","sparkline_in_7d":[1,2]}"#)
        #expect(coin.name == "odd" && coin.symbol == "")
        #expect(coin.currentPrice?.literal == "1.25")
        #expect(coin.marketCap == nil)
        #expect(coin.marketCapRank == 3)
        #expect(coin.athDate == nil && coin.roi == nil && coin.sparkline7d == nil)
        #expect(throws: CoinMarketDecodingError.self) { try Self.market(#"{"symbol":"btc"}"#) }
        #expect(throws: CoinMarketDecodingError.self) { try Self.market(#"{"id":""}"#) }
    }

    @Test(
        "timestamps: milliseconds, none, offsets; anything else has no date",
        arguments: [
            ("2021-11-10T14:24:19.604Z", 1_636_554_259.604), ("2013-07-06T00:00:00Z", 1_373_068_800.0),
            ("2024-03-01T10:00:00+01:00", 1_709_283_600.0), ("1999-12-31T23:59:59.5-00:30", 946_686_599.5),
        ])
    func timestamps(_ text: String, seconds: Double) throws {
        let date = try #require(CoinTimestamp(text).date)
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_5)
    }

    @Test("not a timestamp", arguments: ["2021-13-10T14:24:19Z", "2021-11-10", "2021-11-10T14:24:19", "yesterday", "2021-11-10T14:24:19.Z"])
    func notTimestamps(_ text: String) {
        #expect(CoinTimestamp(text).date == nil)
        #expect(CoinTimestamp(text).text == text)
    }
}
