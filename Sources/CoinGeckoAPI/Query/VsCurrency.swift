/// The currencies CoinGecko prices coins in (`/simple/supported_vs_currencies`): fiat by ISO
/// code, a few coins, gold and silver, and bits and sats.
public enum VsCurrency {
    /// Every code `vs_currency` accepts, lower case.
    public static let supported: [String] = [
        "btc", "eth", "ltc", "bch", "bnb", "eos", "xrp", "xlm", "link", "dot", "yfi", "usd", "aed", "ars", "aud",
        "bdt", "bhd", "bmd", "brl", "cad", "chf", "clp", "cny", "czk", "dkk", "eur", "gbp", "gel", "hkd", "huf",
        "idr", "ils", "inr", "jpy", "krw", "kwd", "lkr", "mmk", "mxn", "myr", "ngn", "nok", "nzd", "php", "pkr",
        "pln", "rub", "sar", "sek", "sgd", "thb", "try", "twd", "uah", "vef", "vnd", "zar", "xdr", "xag", "xau",
        "bits", "sats",
    ]

    /// Whether `code` (any case) is one of them.
    public static func isSupported(_ code: String) -> Bool {
        supported.contains(code.lowercased())
    }
}
