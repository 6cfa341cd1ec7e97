import CoinGeckoAPI
import EndlessFeedModel
import EndlessTerminal
import EndlessTerminalWidgets

/// A coin's row on the market board, two lines high: the rank, the icon, the name in bold over
/// the ticker, the price, the hour's, day's and week's changes (green ▲, red ▼: the arrows say
/// it without colour), the market cap, the volume, and the week's sparkline in braille.
///
/// ```
///     1 ▗██▖ Bitcoin          96,000.00 ▲ 0.12% ▼ 1.30% ▲ 4.50%   1.90T  35.2B ⠀⢀⡠⠤⠒⠉⠉⠒⠤⣀
///       ▝██▘ BTC                                                              ⠊⠁      ⠈⠑⠢
/// ```
@MainActor
enum CoinRow {
    /// Lines per row.
    static let height = 2
    /// The icon, in cells: square on a terminal's 1:2 cells.
    static let iconSize = Size(width: 4, height: 2)

    /// The row style of the board, for prices in `currency`.
    static func style(currency: String) -> FeedRowStyle<CoinMarket> {
        var style = FeedRowStyle<CoinMarket>(height: height) { coin, context, frame in
            draw(coin, context: context, into: &frame)
        }
        style.rowImageSize = iconSize
        style.detailsImageSize = Size(width: 16, height: 8)
        style.header = { rect, frame in drawHeader(currency: currency, into: &frame, in: rect) }
        style.marksSelection = false  // the browser's bar is the mark
        return style
    }

    /// Draws one coin.
    static func draw(_ coin: CoinMarket, context: RowContext, into frame: inout ScreenBuffer) {
        let row = context.rect
        let layout = CoinColumns(width: row.width)
        let top = row.y
        func text(_ value: String, _ column: CoinColumns.Column, line: Int = 0, style: Style, right: Bool = true) {
            let fitted = TextLayout.pad(value, toWidth: column.width, alignment: right ? .trailing : .leading)
            frame.write(fitted, at: Point(x: row.x + column.x, y: top + line), style: style, maxWidth: column.width)
        }
        let plain = Style.plain
        let dim = Theme.subtitle
        for column in layout.columns {
            switch column.kind {
            case .rank:
                text(coin.marketCapRank.map(String.init) ?? "—", column, style: dim)
            case .icon:
                let rect = Rect(x: row.x + column.x, y: top, width: iconSize.width, height: min(iconSize.height, row.height))
                if let image = context.image {
                    context.cells.draw(image, in: rect, into: &frame)
                } else {
                    AvatarRow.drawInitials(UntrustedText(String(coin.symbol.prefix(1)).uppercased()), into: &frame, in: rect)
                }
            case .name:
                text(UntrustedText(coin.name).displayText, column, style: Theme.name, right: false)
                text(UntrustedText(coin.symbol.uppercased()).displayText, column, line: 1, style: dim, right: false)
            case .price:
                text(MoneyFormat.price(coin.currentPrice, fitting: column.width), column, style: Theme.name)
            case .hour, .day, .week:
                let window: PriceChangeWindow = column.kind == .hour ? .hour : column.kind == .day ? .day : .week
                let change = MoneyFormat.change(coin.change(over: window))
                text(change.text, column, style: changeStyle(change.direction, base: plain))
            case .marketCap:
                text(MoneyFormat.compact(coin.marketCap), column, style: plain)
            case .volume:
                text(MoneyFormat.compact(coin.totalVolume), column, style: dim)
            case .sparkline:
                guard let prices = coin.sparkline7d, prices.count > 1 else { continue }
                let trend: MoneyFormat.Direction = (prices.last ?? 0) >= (prices.first ?? 0) ? .up : .down
                Sparkline(values: prices, style: changeStyle(trend, base: plain))
                    .draw(into: &frame, in: Rect(x: row.x + column.x, y: top, width: column.width, height: min(2, row.height)))
            }
        }
    }

    /// The column titles, aligned with the rows: `#  coin  price (usd)  1h  24h  7d  mkt cap  volume  7 days`.
    static func drawHeader(currency: String, into frame: inout ScreenBuffer, in rect: Rect) {
        let layout = CoinColumns(width: rect.width)
        for column in layout.columns {
            let (title, right): (String, Bool) =
                switch column.kind {
                case .rank: ("#", true)
                case .icon: ("", false)
                case .name: ("coin", false)
                case .price: ("price (\(currency))", true)
                case .hour: ("1h", true)
                case .day: ("24h", true)
                case .week: ("7d", true)
                case .marketCap: ("mkt cap", true)
                case .volume: ("volume", true)
                case .sparkline: ("7 days", false)
                }
            let fitted = TextLayout.pad(title, toWidth: column.width, alignment: right ? .trailing : .leading)
            frame.write(fitted, at: Point(x: rect.x + column.x, y: rect.y), style: Theme.columnTitle, maxWidth: column.width)
        }
    }

    /// Green up, red down, the row's own style for no change.
    static func changeStyle(_ direction: MoneyFormat.Direction, base: Style) -> Style {
        switch direction {
        case .up: base.foreground(Theme.up.foreground)
        case .down: base.foreground(Theme.down.foreground)
        case .flat: base
        }
    }
}
