// The terminal input parser on arbitrary bytes, at once and byte by byte: it must never crash,
// never hold more than its bounds, and give the same events either way.
import EndlessTerminal
import FuzzDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTerminalInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = Array(bytes(data, size))
    var whole = InputParser()
    var events = whole.feed(input)
    events += whole.flushPendingEscape()
    _ = whole.takeReplies()
    precondition(
        whole.bufferedByteCount <= InputParser.maxPasteBytes + InputParser.maxSequenceLength + InputParser.maxStringBytes,
        "the parser holds \(whole.bufferedByteCount) bytes")

    var bytewise = InputParser()
    var again: [TerminalEvent] = []
    for byte in input { again += bytewise.feed([byte]) }
    again += bytewise.flushPendingEscape()
    precondition(again == events, "byte by byte gave other events")
    return 0
}

@main
enum Fuzz {
    static func main() { runFuzzer(fuzzTerminalInput) }
}
