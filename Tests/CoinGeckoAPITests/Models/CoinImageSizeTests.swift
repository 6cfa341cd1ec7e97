import CoinGeckoAPI
import EndlessHTTP
import Foundation
import Testing

/// A board's icon at the size its box needs: CoinGecko's addresses name the size, and only
/// addresses of that shape are changed.
@Suite("Coin icon sizes")
struct CoinImageSizeTests {
    static func coin(image: String?) -> CoinMarket {
        var fields = CoinMarket.Fields()
        fields.image = image
        return CoinMarket(id: "bitcoin", symbol: "btc", name: "Bitcoin", fields: fields)
    }

    @Test("CoinGecko's address names another size, its query kept")
    func renamed() throws {
        let coin = Self.coin(image: "https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png?1696501400")
        #expect(coin.imageURL(size: .small)?.absoluteString == "https://coin-images.coingecko.com/coins/images/1/small/bitcoin.png?1696501400")
        #expect(coin.imageURL(size: .thumb)?.absoluteString == "https://coin-images.coingecko.com/coins/images/1/thumb/bitcoin.png?1696501400")
        #expect(coin.imageURL(size: .large) == coin.imageURL)
        // Under a prefix (the simulator's), and from any size to any other.
        let simulated = Self.coin(image: "http://127.0.0.1:8080/coingecko/coins/images/279/thumb/ethereum.png")
        #expect(simulated.imageURL(size: .small)?.path == "/coingecko/coins/images/279/small/ethereum.png")
    }

    @Test(
        "an address of another shape is used as sent",
        arguments: [
            "https://example.com/icons/bitcoin.png",
            "https://coin-images.coingecko.com/coins/images/1/huge/bitcoin.png",
            "https://coin-images.coingecko.com/coins/images/x1/large/bitcoin.png",
            "https://coin-images.coingecko.com/coins/images//large/bitcoin.png",
            "https://coin-images.coingecko.com/coins/images/1/large/",
            "https://coin-images.coingecko.com/images/1/large/bitcoin.png",
        ])
    func otherShapes(address: String) throws {
        let coin = Self.coin(image: address)
        #expect(coin.imageURL(size: .small) == URL(string: address))
    }

    @Test("no http(s) address is no icon at any size")
    func noIcon() {
        #expect(Self.coin(image: nil).imageURL(size: .small) == nil)
        #expect(Self.coin(image: "coins/images/1/large/bitcoin.png").imageURL(size: .small) == nil)
        #expect(Self.coin(image: "file:///coins/images/1/large/bitcoin.png").imageURL(size: .small) == nil)
    }

    @Test("a box up to 64 pixels across takes the small icon, a larger one the large")
    func fitting() {
        #expect(CoinImageSize.fitting(pixels: 48) == .small)
        #expect(CoinImageSize.fitting(pixels: 64) == .small)
        #expect(CoinImageSize.fitting(pixels: 65) == .large)
        #expect(CoinImageSize.fitting(pixels: 0) == .small)
    }
}
