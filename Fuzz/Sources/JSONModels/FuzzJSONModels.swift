// Every API's models on arbitrary bytes: decoding may fail, but must never crash; what decodes
// must encode again; and the raw JSON every model keeps (RawJSON) must write back, compact and
// indented, to the value it read, whatever its numbers' size.
import CoinGeckoAPI
import EndlessHTTP
import Foundation
import FuzzDriver
import RandomUserAPI
import ReqresAPI
import UnsplashAPI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONModels(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let body = Data(bytes(data, size))
    // The randomuser reader is what the client runs: status, content type and body.
    if let response = try? RandomUserResponseReader.read(statusCode: 200, contentType: "application/json", body: body) {
        keptAsSent(response.results, in: try? RawJSON(parsing: body)["results"])
    }
    _ = RandomUserResponseReader.failure(statusCode: 503, contentType: nil, body: body)
    let decoder = JSONDecoder()
    roundTrip(RandomUserResponse.self, body, decoder)
    roundTrip(ReqresUserList.self, body, decoder)
    roundTrip(ReqresSingleUser.self, body, decoder)
    roundTrip([UnsplashPhoto].self, body, decoder)
    roundTrip(UnsplashPhoto.self, body, decoder)
    rawJSON(Array(body))
    coinGecko(Array(body))
    marketChart(Array(body))
    searches(body)
    return 0
}

/// What RawJSON accepts, it writes back as the same value (compact, indented, with escapes),
/// its parts make it up again, and its numbers format in bounded text.
func rawJSON(_ bytes: [UInt8]) {
    guard let raw = try? RawJSON(parsing: bytes) else { return }
    precondition((try? RawJSON(parsing: raw.bytes)) == raw, "compacted text does not read back as itself")
    let tree = LiteralJSON(raw)
    precondition(tree.rawJSON == raw || LiteralJSON(tree.rawJSON) == tree, "the tree does not write back its value")
    for text in [raw.compactText(), raw.prettyText(), raw.prettyText(escaping: { _ in true })] {
        guard let again = try? RawJSON(parsing: Array(text.utf8)) else {
            preconditionFailure("RawJSON wrote what it cannot read: \(text)")
        }
        precondition(LiteralJSON(again) == tree, "writing changed the value: \(text)")
    }
    if let elements = raw.elements {
        precondition(RawJSON(array: elements) == raw, "the elements do not make up the array")
    }
    if let members = raw.members {
        precondition(members.count == tree.object?.members.count, "members lost")
        for member in members { precondition(raw[member.key] != nil, "a member cannot be found by its key") }
    }
    boundedNumbers(tree)
}

/// Every number formats in text no longer than its literal plus the plain-text bound.
func boundedNumbers(_ value: LiteralJSON) {
    switch value {
    case .number(let number):
        let decimal = number.decimal
        let limit = number.literal.utf8.count * 2 + DecimalNumber.maximumPlainLength + 16
        precondition(decimal.description.utf8.count <= limit, "\(number.literal) formats too long")
        precondition(decimal.formatted(fractionDigits: 2, groupingSeparator: ",").utf8.count <= limit * 2, "\(number.literal)")
        _ = decimal.double
    case .array(let elements): elements.forEach(boundedNumbers)
    case .object(let object): object.members.forEach { boundedNumbers($0.value) }
    default: break
    }
}

/// Each model read from a list keeps its element as sent, and reads the same from it again.
func keptAsSent<Model: RawJSONRepresentable & Equatable>(_ models: [Model], in list: RawJSON??) {
    guard let elements = list??.elements, elements.count == models.count else { return }
    for (model, element) in zip(models, elements) {
        precondition(model.rawJSON == element, "a model does not keep its element as sent")
        guard let again = try? Model(rawJSON: element) else { preconditionFailure("a model does not read from its own element") }
        precondition(again == model, "a model read from its element differs")
    }
}

/// CoinGecko's exact-number reader: every market read from the body keeps its object as sent,
/// and survives the Codable stored form unchanged.
func coinGecko(_ bytes: [UInt8]) {
    guard let value = try? RawJSON(parsing: bytes) else { return }
    for element in value.elements ?? [value] {
        guard let market = try? CoinMarket(rawJSON: element) else { continue }
        precondition(market.rawJSON == element, "a market does not keep its object as sent")
        do {
            let stored = try JSONDecoder().decode(CoinMarket.self, from: try JSONEncoder().encode(market))
            precondition(
                stored.id == market.id && stored.currentPrice == market.currentPrice, "a market changed in its Codable form")
        } catch {
            preconditionFailure("a market did not survive its stored form: \(error)")
        }
    }
}

/// CoinGecko's market chart: read within its bounds, or refused; never a point that is not
/// finite, negative, or out of its span of instants.
func marketChart(_ bytes: [UInt8]) {
    guard let raw = try? RawJSON(parsing: bytes), let chart = try? MarketChartBody.read(raw) else { return }
    for series in [chart.prices, chart.marketCaps, chart.totalVolumes] {
        precondition(series.count <= MarketChartBody.maximumPoints, "more points than the bound")
        precondition(zip(series, series.dropFirst()).allSatisfy { $0.date <= $1.date }, "a series out of order")
        for point in series {
            let milliseconds = point.date.timeIntervalSince1970 * 1000
            precondition(point.value.isFinite && point.value >= 0, "a value that is not a price")
            precondition(
                milliseconds >= MarketChartBody.earliest - 1 && milliseconds <= MarketChartBody.latest + 1, "an absurd instant kept")
        }
    }
}

/// The search bodies: Unsplash's `{total, total_pages, results}` and CoinGecko's `{coins}`,
/// read within their bounds; and the search text a person types, cleaned and bounded.
func searches(_ body: Data) {
    if let page = try? UnsplashSearchPage.read(body, page: 1) {
        precondition(page.total >= 0 && page.totalPages >= 0 && page.totalPages <= 1_000_000, "search totals out of bounds")
        precondition(page.nextPage.map { $0 == 2 } ?? true, "a first page's next is not page 2")
    }
    if let raw = try? RawJSON(parsing: body), let hits = try? CoinSearchBody.hits(raw) {
        precondition(hits.count <= CoinSearchBody.maximumHits, "more hits than the bound")
        precondition(Set(hits.map(\.id)).count == hits.count, "a coin found twice")
        precondition(hits.allSatisfy { !$0.id.isEmpty && !$0.id.contains(",") }, "an id ids= cannot carry")
    }
    if let text = SearchText(String(decoding: body, as: UTF8.self)) {
        precondition(!text.text.isEmpty && text.text.count <= SearchText.maximumLength, "search text out of bounds")
        precondition(!text.text.unicodeScalars.contains { $0.properties.generalCategory == .control }, "a control character kept")
    }
}

func roundTrip<Model: Codable>(_ type: Model.Type, _ body: Data, _ decoder: JSONDecoder) {
    guard let model = try? decoder.decode(type, from: body) else { return }
    do {
        _ = try JSONEncoder().encode(model)
    } catch {
        preconditionFailure("a decoded \(type) did not encode: \(error)")
    }
}

@main
enum Fuzz {
    static func main() { runFuzzer(fuzzJSONModels) }
}
