// The simulator's HTTP/1.1 request parser on arbitrary bytes: it must never crash, never
// buffer past its limits, answer a refusal with a 4xx or 5xx, and find the same head whether
// the bytes arrive at once or in two pieces.
import FuzzDriver

@testable import EndlessSimulator

let limits = ServerLimits(maxRequestLineBytes: 256, maxHeaderBytes: 512)
// Up to 8 blank lines, the request line and its CR LF, then the header section.
let mostBuffered = 8 + limits.maxRequestLineBytes + 2 + limits.maxHeaderBytes

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = Array(bytes(data, size))
    var whole = HTTPRequestParser(limits: limits)
    let outcome = whole.parse(input)
    switch outcome {
    case .needMore:
        precondition(input.count <= mostBuffered, "waits for more after \(input.count) bytes")
    case .head(let head, let headLength):
        precondition(headLength <= input.count, "a head longer than the input")
        precondition(head.target.utf8.count <= limits.maxRequestLineBytes, "a target past the limit")
        _ = head.pathAndQuery
    case .failure(let failure):
        precondition((400...599).contains(failure.status), "refused with \(failure.status)")
    }
    // The same bytes in two pieces, as a socket may deliver them.
    if input.count > 1, case .head(let head, _) = outcome {
        let split = 1 + Int(input[0]) % (input.count - 1)
        var pieces = HTTPRequestParser(limits: limits)
        if case .head(let early, _) = pieces.parse(Array(input[..<split])) {
            precondition(early.target == head.target, "a split changed the request")
        } else if case .head(let later, _) = pieces.parse(input) {
            precondition(later == head, "a split changed the request")
        }
    }
    return 0
}

@main
enum Fuzz {
    static func main() { runFuzzer(fuzzHTTPRequest) }
}
