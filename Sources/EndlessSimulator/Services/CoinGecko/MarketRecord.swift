import Foundation

/// One market object of `/coins/markets`, written as the service writes it: its keys in the
/// service's order, prices rounded as it rounds them (whole dollars from 10,000, cents from 1,
/// four significant digits below, so small prices come as `2.456e-05`), caps and volumes whole,
/// supplies as floats (`19812345.0`), dates with milliseconds, and for a fresh listing nearly
/// everything `null`.
struct MarketRecord {
    let model: CoinMarketModel
    let snapshot: CoinMarketModel.Snapshot
    let request: MarketsRequest
    /// Dollars per unit of the request's currency.
    let dollarsPerUnit: Double
    /// `http://host:port/coingecko/`, for icon URLs.
    let assetBase: String

    /// Appends the object of the coin at catalogue `index`.
    func append(_ index: Int, to body: inout TextBuffer) {
        let coin = model.catalog.coins[index]
        let now = snapshot.seconds
        let convert = { (dollars: Double) in dollars / dollarsPerUnit }
        let price = convert(snapshot.prices[index])
        let hourly = sparkline(coin, now: now).map(convert)
        let dayAgo = hourly.count > 24 ? hourly[hourly.count - 25] : nil
        let lastDay = hourly.suffix(25)
        let fresh = coin.isFresh

        body.append("{\"id\":")
        body.appendJSONString(coin.id.utf8)
        body.append(",\"symbol\":")
        body.appendJSONString(coin.symbol.utf8)
        body.append(",\"name\":")
        body.appendJSONString(coin.name.utf8)
        body.append(",\"image\":")
        body.appendJSONString("\(assetBase)coins/images/\(coin.number)/large/\(coin.id).png".utf8)
        field(",\"current_price\":", Self.price(price), &body)
        let cap = snapshot.caps[index].map(convert)
        field(",\"market_cap\":", cap.map(Self.whole), &body)
        field(",\"market_cap_rank\":", snapshot.ranks[index].map(String.init), &body)
        let diluted = (coin.maxSupply ?? coin.totalSupply).map { convert(snapshot.prices[index] * $0) }
        field(",\"fully_diluted_valuation\":", fresh ? nil : diluted.map(Self.whole), &body)
        field(",\"total_volume\":", Self.whole(convert(model.volume(coin, at: now))), &body)
        field(",\"high_24h\":", fresh ? nil : lastDay.max().map(Self.price), &body)
        field(",\"low_24h\":", fresh ? nil : lastDay.min().map(Self.price), &body)
        field(",\"price_change_24h\":", dayAgo.map { Self.double(price - $0) }, &body)
        field(",\"price_change_percentage_24h\":", dayAgo.map { Self.percent(price / $0) }, &body)
        let capDayAgo = fresh ? nil : convert(model.price(coin, at: now - 86_400) * coin.circulatingSupply)
        field(",\"market_cap_change_24h\":", zip2(cap, capDayAgo).map { Self.double($0 - $1) }, &body)
        field(",\"market_cap_change_percentage_24h\":", zip2(cap, capDayAgo).map { Self.percent($0 / $1) }, &body)
        field(",\"circulating_supply\":", fresh ? nil : Self.float(coin.circulatingSupply), &body)
        field(",\"total_supply\":", fresh ? nil : coin.totalSupply.map(Self.float), &body)
        field(",\"max_supply\":", fresh ? nil : coin.maxSupply.map(Self.float), &body)
        appendRecords(coin, price: price, hourly: hourly, convert: convert, to: &body)
        if let offering = coin.offering, !fresh {
            let unit = model.dollars(perUnitOf: offering.currency, at: now) ?? 1
            let offeredAt = coin.basePrice * offering.multiple / unit
            let times = snapshot.prices[index] / unit / offeredAt - 1
            body.append(",\"roi\":{\"times\":")
            body.append(utf8: Self.double(times))
            body.append(",\"currency\":")
            body.appendJSONString(offering.currency.utf8)
            body.append(",\"percentage\":")
            body.append(utf8: Self.double(times * 100))
            body.append(UInt8(ascii: "}"))
        } else {
            body.append(",\"roi\":null")
        }
        // Updated a few seconds ago, as the service's cache has it.
        let updated = now - Double(coin.seed % 40) - Double(coin.seed % 1000) / 1000
        body.append(",\"last_updated\":")
        body.appendJSONString(ISOTimestamp.string(seconds: updated).utf8)
        if request.sparkline {
            body.append(",\"sparkline_in_7d\":{\"price\":[")
            for (position, point) in hourly.enumerated() {
                if position > 0 { body.append(UInt8(ascii: ",")) }
                body.append(utf8: Self.double(point))
            }
            body.append("]}")
        }
        for window in request.windows {
            let back = MarketsRequest.windows.first { $0.name == window }?.seconds ?? 3600
            var ago = fresh && back > Double(coin.hoursListed) * 3600 ? nil : convert(model.price(coin, at: now - back))
            // The week's change is the sparkline's: from its first point, 167 hours back.
            if window == "7d", !fresh { ago = hourly.first }
            field(",\"price_change_percentage_\(window)_in_currency\":", ago.map { Self.percent(price / $0) }, &body)
        }
        body.append(UInt8(ascii: "}"))
    }

    /// The hourly prices of the last week, in dollars, oldest first, the last one now: 168
    /// points, or for a fresh listing one per hour since it was listed.
    func sparkline(_ coin: SimulatedCoin, now: Double) -> [Double] {
        let count = coin.isFresh ? min(168, coin.hoursListed + 1) : 168
        return model.prices(coin, at: (0..<count).map { now - Double(count - 1 - $0) * 3600 })
    }

    /// `ath`, `ath_change_percentage`, `ath_date`, and the same for the low: the record before
    /// the week shown, unless the week beat it.
    private func appendRecords(
        _ coin: SimulatedCoin, price: Double, hourly: [Double], convert: (Double) -> Double, to body: inout TextBuffer
    ) {
        guard !coin.isFresh else {
            body.append(",\"ath\":null,\"ath_change_percentage\":null,\"ath_date\":null")
            body.append(",\"atl\":null,\"atl_change_percentage\":null,\"atl_date\":null")
            return
        }
        let now = snapshot.seconds
        func hourAgo(_ position: Int) -> Double { now - Double(hourly.count - 1 - position) * 3600 }
        var high = (value: convert(coin.basePrice * coin.historicHigh.multiple), at: coin.historicHigh.at)
        if let peak = hourly.indices.max(by: { hourly[$0] < hourly[$1] }), hourly[peak] > high.value {
            high = (hourly[peak], hourAgo(peak))
        }
        var low = (value: convert(coin.basePrice * coin.historicLow.multiple), at: coin.historicLow.at)
        if let trough = hourly.indices.min(by: { hourly[$0] < hourly[$1] }), hourly[trough] < low.value {
            low = (hourly[trough], hourAgo(trough))
        }
        for (name, record) in [("ath", high), ("atl", low)] {
            let value = Double(Self.price(record.value)) ?? record.value
            field(",\"\(name)\":", Self.price(record.value), &body)
            field(",\"\(name)_change_percentage\":", Self.percent(price / value), &body)
            body.append(utf8: ",\"\(name)_date\":")
            body.appendJSONString(ISOTimestamp.string(seconds: record.at).utf8)
        }
    }

    private func field(_ key: StaticString, _ literal: String?, _ body: inout TextBuffer) {
        body.append(key)
        if let literal { body.append(utf8: literal) } else { body.append("null") }
    }

    private func field(_ key: String, _ literal: String?, _ body: inout TextBuffer) {
        body.append(utf8: key)
        if let literal { body.append(utf8: literal) } else { body.append("null") }
    }

    private func zip2(_ a: Double?, _ b: Double?) -> (Double, Double)? {
        guard let a, let b else { return nil }
        return (a, b)
    }

    // MARK: - Numbers as the service writes them

    /// A price: whole from 10,000, cents from 1, four significant digits below.
    static func price(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let magnitude = abs(value)
        if magnitude >= 10_000 { return whole(value) }
        if magnitude >= 1 { return double(rounded(value, places: 2)) }
        guard magnitude > 0 else { return "0" }
        return double(rounded(value, places: 3 - Int(log10(magnitude).rounded(.down))))
    }

    /// `value` rounded to `places` decimals, as the nearest double to that decimal (whose
    /// shortest text is the decimal itself).
    static func rounded(_ value: Double, places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }

    /// A whole number: caps, volumes.
    static func whole(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 9e18 else { return "null" }
        return String(Int64(value.rounded()))
    }

    /// A float written as Swift writes the shortest exact form: `19812345.0`, `1.5e-05`.
    static func float(_ value: Double) -> String {
        value.isFinite ? value.description : "null"
    }

    /// A computed value with its full precision, as the service's own arithmetic leaves it.
    static func double(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        // Whole values print without `.0`, as JavaScript-like writers do.
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : value.description
    }

    /// A change in percent, from a ratio, to five decimals.
    static func percent(_ ratio: Double) -> String {
        double(rounded((ratio - 1) * 100, places: 5))
    }
}

/// ISO 8601 with milliseconds, UTC: `2021-11-10T14:24:19.604Z`.
enum ISOTimestamp {
    static func string(seconds: Double) -> String {
        let milliseconds = Int64((seconds * 1000).rounded(.down))
        let days = Int(milliseconds.quotientAndRemainderFloor(86_400_000).quotient)
        let inDay = Int(milliseconds - Int64(days) * 86_400_000)
        let (year, month, day) = civil(days: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let ms = inDay % 1000
        let msText = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : "\(ms)"
        return "\(year)-\(two(month))-\(two(day))T\(two(inDay / 3_600_000)):\(two(inDay / 60_000 % 60)):"
            + "\(two(inDay / 1000 % 60)).\(msText)Z"
    }

    /// The Gregorian date of a day count since 1970 (Howard Hinnant's algorithm).
    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int64 {
    /// Division rounding toward minus infinity.
    fileprivate func quotientAndRemainderFloor(_ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let (q, r) = quotientAndRemainder(dividingBy: divisor)
        return r < 0 ? (q - 1, r + divisor) : (q, r)
    }
}
