// Every API's models on arbitrary bytes: decoding may fail, but must never crash, and what
// decodes must encode again.
import CoinGeckoAPI
import Foundation
import FuzzDriver
import RandomUserAPI
import ReqresAPI
import UnsplashAPI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONModels(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let body = Data(bytes(data, size))
    // The randomuser reader is what the client runs: status, content type and body.
    _ = try? RandomUserResponseReader.read(statusCode: 200, contentType: "application/json", body: body)
    _ = RandomUserResponseReader.failure(statusCode: 503, contentType: nil, body: body)
    let decoder = JSONDecoder()
    roundTrip(RandomUserResponse.self, body, decoder)
    roundTrip(ReqresUserList.self, body, decoder)
    roundTrip(ReqresSingleUser.self, body, decoder)
    roundTrip([UnsplashPhoto].self, body, decoder)
    roundTrip(UnsplashPhoto.self, body, decoder)
    coinGecko(Array(body))
    return 0
}

/// CoinGecko's exact-number reader: what parses writes back to the same value, and every
/// market read from it survives the page cache's stored form unchanged.
func coinGecko(_ bytes: [UInt8]) {
    guard let value = try? LiteralJSON.parse(bytes) else { return }
    let written = value.compactText()
    guard let again = try? LiteralJSON.parse(Array(written.utf8)) else {
        preconditionFailure("LiteralJSON wrote what it cannot read: \(written)")
    }
    precondition(again == value, "LiteralJSON changed a value by writing it")
    for object in (value.array ?? [value]).compactMap(\.object) {
        guard let market = try? CoinMarket(json: object) else { continue }
        do {
            let stored = try JSONDecoder().decode(CoinMarket.self, from: try JSONEncoder().encode(market))
            precondition(stored == market, "a market changed in its stored form")
        } catch {
            preconditionFailure("a market did not survive its stored form: \(error)")
        }
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
