import Endless
import Foundation

/// Stand-ins for the photos and coins feeds' items until their modules land: the fields
/// `GET /photos` (Unsplash) and `GET /coins/markets` (CoinGecko) return, with values of the
/// lengths the live services send, so the cache's size per 1,000 items is representative.

/// One Unsplash photo, as `GET /photos` lists it (the fields a feed shows and links to).
struct StandInPhoto: Codable, Identifiable, Sendable {
    struct URLs: Codable, Sendable {
        var raw, full, regular, small, thumb: String
    }
    struct Links: Codable, Sendable {
        var html, download, downloadLocation: String
    }
    struct ProfileImage: Codable, Sendable {
        var small, medium, large: String
    }
    struct User: Codable, Sendable {
        var id, username, name: String
        var location: String?
        var totalPhotos: Int
        var profileImage: ProfileImage
    }

    var id: String
    var createdAt: String
    var width, height: Int
    var color: String
    var blurHash: String
    var likes: Int
    var description: String?
    var altDescription: String?
    var urls: URLs
    var links: Links
    var user: User

    static func make(_ index: Int) -> StandInPhoto {
        let id = String(format: "LBI7cg%05dM", index)
        let image = "https://images.unsplash.com/photo-1461988\(String(format: "%06d", index))-91bde64fc8e4"
        let ixid = "?ixid=M3w1MDU4OTh8MHwxfGFsbHwxfHx8fHx8fHwxNzE2MzE0NjU1fA&ixlib=rb-4.0.3"
        let face = "https://images.unsplash.com/profile-1441298803695-accd94000cac?ixlib=rb-4.0.3&crop=faces&fit=crop"
        return StandInPhoto(
            id: id, createdAt: "2024-05-03T11:00:28Z", width: 5245 - index % 700, height: 3497 - index % 400,
            color: "#60544D", blurHash: "LoC%a7IoIVxZ_NM|M{s:%hRjWAo0", likes: 120 + index,
            description: index % 3 == 0 ? nil : "A man drinking a coffee by the window, number \(index).",
            altDescription: "brown ceramic mug on white wooden table",
            urls: URLs(
                raw: image + ixid, full: image + ixid + "&q=85&fm=jpg&crop=entropy&cs=srgb",
                regular: image + ixid + "&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080",
                small: image + ixid + "&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=400",
                thumb: image + ixid + "&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=200"),
            links: Links(
                html: "https://unsplash.com/photos/\(id)", download: "https://unsplash.com/photos/\(id)/download\(ixid)",
                downloadLocation: "https://api.unsplash.com/photos/\(id)/download\(ixid)"),
            user: User(
                id: String(format: "pXhwzz%05d", index % 400), username: "photographer\(index % 400)",
                name: "Gilbert Kane \(index % 400)", location: index % 2 == 0 ? "Lisbon, Portugal" : nil,
                totalPhotos: 74 + index % 90,
                profileImage: ProfileImage(small: face + "&w=32&h=32", medium: face + "&w=64&h=64", large: face + "&w=128&h=128")))
    }

    static func pages(items: Int, pageSize: Int) -> [Page<StandInPhoto, Int>] {
        stride(from: 0, to: items, by: pageSize).enumerated().map { page, first in
            Page(items: (first..<min(items, first + pageSize)).map(make), nextKey: page + 1)
        }
    }
}

/// One CoinGecko market entry, as `GET /coins/markets?vs_currency=usd` lists it.
struct StandInCoin: Codable, Identifiable, Sendable {
    var id, symbol, name, image: String
    var currentPrice: Double
    var marketCap: Double
    var marketCapRank: Int
    var fullyDilutedValuation: Double?
    var totalVolume, high24h, low24h, priceChange24h, priceChangePercentage24h: Double
    var marketCapChange24h, marketCapChangePercentage24h: Double
    var circulatingSupply: Double
    var totalSupply, maxSupply: Double?
    var ath, athChangePercentage: Double
    var athDate: String
    var atl, atlChangePercentage: Double
    var atlDate: String
    var lastUpdated: String

    static func make(_ index: Int) -> StandInCoin {
        let price = 70187.0 / Double(index + 1) + Double(index % 97) / 100
        return StandInCoin(
            id: "coin-number-\(index)", symbol: "c\(index)", name: "Coin Number \(index)",
            image: "https://coin-images.coingecko.com/coins/images/\(index + 1)/large/coin-\(index).png?1696501400",
            currentPrice: price, marketCap: price * 19_675_987, marketCapRank: index + 1,
            fullyDilutedValuation: index % 4 == 0 ? nil : price * 21_000_000, totalVolume: price * 287_123.5,
            high24h: price * 1.031, low24h: price * 0.969, priceChange24h: price * 0.0312,
            priceChangePercentage24h: 3.12502, marketCapChange24h: price * 612_345.25,
            marketCapChangePercentage24h: 3.31157, circulatingSupply: 19_675_987 + Double(index),
            totalSupply: 21_000_000, maxSupply: index % 3 == 0 ? nil : 21_000_000, ath: price * 1.05,
            athChangePercentage: -4.77063, athDate: "2024-03-14T07:10:36.635Z", atl: price / 1000,
            atlChangePercentage: 103_455.83335, atlDate: "2013-07-06T00:00:00.000Z", lastUpdated: "2024-04-07T16:49:31.736Z")
    }

    static func pages(items: Int, pageSize: Int) -> [Page<StandInCoin, Int>] {
        stride(from: 0, to: items, by: pageSize).enumerated().map { page, first in
            Page(items: (first..<min(items, first + pageSize)).map(make), nextKey: page + 1)
        }
    }
}
