// The header parsers on arbitrary text: Retry-After (seconds or an HTTP date) and Link
// (RFC 8288): they must never crash, and what they accept must make sense.
import Foundation
import FuzzDriver
import UnsplashAPI

@testable import EndlessHTTP

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeaders(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: bytes(data, size), as: UTF8.self)
    if let delay = RetryAfter.delay(header: text, responseDate: nil, now: Date(timeIntervalSince1970: 1_780_000_000)) {
        precondition(delay >= .zero, "a negative wait")
    }
    if let link = try? LinkHeader(parsing: text) {
        precondition(link.links.allSatisfy { !$0.target.isEmpty }, "a link without a target")
    }
    return 0
}

@main
enum Fuzz {
    static func main() { runFuzzer(fuzzHeaders) }
}
