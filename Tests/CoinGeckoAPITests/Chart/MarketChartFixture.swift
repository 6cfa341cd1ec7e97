/// A `/coins/bitcoin/market_chart?vs_currency=usd&days=1` answer in the live service's shape,
/// cut to four points a series: integer milliseconds, prices with the service's long
/// fractions, market caps and volumes as floats, the last point a few seconds after the
/// hour (the service's "now" point).
enum MarketChartFixture {
    static let bitcoinOneDay = """
        {"prices":[[1733097600000,95862.31724498035],[1733097900000,95910.0021340556],\
        [1733098200000,95884.48183021254],[1733184007000,96023.17469289862]],\
        "market_caps":[[1733097600000,1897412345678.8926],[1733097900000,1898364012487.123],\
        [1733098200000,1897865123456.4412],[1733184007000,1900625412369.0227]],\
        "total_volumes":[[1733097600000,51234567890.12345],[1733097900000,51298765432.98765],\
        [1733098200000,51200012345.55555],[1733184007000,49876543210.13579]]}
        """
}
