// The sanitizer on arbitrary text: what it returns must hold no control character, escape,
// C1 control or bidi override, and sanitizing twice changes nothing.
import EndlessTerminal
import FuzzDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextSanitizer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: bytes(data, size), as: UTF8.self)
    let clean = TextSanitizer.sanitize(text)
    for scalar in clean.unicodeScalars {
        let value = scalar.value
        precondition(value >= 0x20 && value != 0x7F && !(0x80...0x9F).contains(value), "a control \(value) got through")
        precondition(![0x061C, 0x200E, 0x200F].contains(value), "a bidi mark \(value) got through")
        precondition(!(0x202A...0x202E).contains(value) && !(0x2066...0x2069).contains(value), "a bidi override \(value) got through")
    }
    precondition(TextSanitizer.sanitize(clean) == clean, "sanitizing twice changed the text")
    return 0
}

@main
enum Fuzz {
    static func main() { runFuzzer(fuzzTextSanitizer) }
}
