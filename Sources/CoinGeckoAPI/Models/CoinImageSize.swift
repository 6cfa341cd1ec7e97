import Foundation

/// The sizes CoinGecko keeps every coin's icon in, each named in the icon's address:
/// `https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png?1696501400`.
/// `/coins/markets` sends the large one; the others differ from it only in that name (as the
/// `thumb`, `small` and `large` of `/coins/{id}` and `/search` do).
///
/// A board's icon is a few cells big: ``CoinMarket/imageURL(size:)`` asks for the one that
/// suits, rather than downloading and scaling down the large one for every coin.
public enum CoinImageSize: String, Sendable, CaseIterable {
    /// The smallest: `…/thumb/…`.
    case thumb
    /// A few dozen pixels a side: `…/small/…`, what a board's row draws.
    case small
    /// The largest: `…/large/…`, what `/coins/markets` sends.
    case large

    /// The size to ask for to draw an icon `pixels` across: `small` up to 64 pixels (the
    /// simulator's small icons are 64 pixels a side), `large` beyond. `thumb` is too coarse for
    /// a board's icon of even four cells.
    public static func fitting(pixels: Int) -> CoinImageSize {
        pixels <= 64 ? .small : .large
    }

    /// `url` with `size` in place of the size it names, when it is shaped as CoinGecko's icons
    /// are (`…/coins/images/<number>/<size>/<file>`, any query kept); nil for any other shape,
    /// whose other sizes are not known.
    static func address(_ url: URL, at size: CoinImageSize) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        var path = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
        let count = path.count
        guard count >= 5, path[count - 5] == "coins", path[count - 4] == "images",
            !path[count - 3].isEmpty, path[count - 3].allSatisfy(\.isASCIIDigit),
            CoinImageSize(rawValue: String(path[count - 2])) != nil, !path[count - 1].isEmpty
        else { return nil }
        path[count - 2] = Substring(size.rawValue)
        components.percentEncodedPath = path.joined(separator: "/")
        return components.url
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension CoinMarket {
    /// The icon at `size` (see ``CoinImageSize``): as sent when its address does not name a
    /// size CoinGecko's way; nil when there is no http(s) icon (see ``imageURL``).
    public func imageURL(size: CoinImageSize) -> URL? {
        guard let url = imageURL else { return nil }
        return CoinImageSize.address(url, at: size) ?? url
    }
}
