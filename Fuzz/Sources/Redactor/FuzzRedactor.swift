// The redactor on arbitrary text (error bodies, echoed requests, command lines): it must never
// crash, and no secret it knows may survive it, whatever surrounds it.
import EndlessHTTP
import FuzzDriver

let secret = "FUZZ-SECRET-42"
let redactor = Redactor.default.adding(secrets: [secret, "abcd", "xy"])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRedactor(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: bytes(data, size), as: UTF8.self)
    let redacted = redactor.redact(text: text)
    precondition(!redacted.contains(secret), "a known secret survived")
    _ = redactor.secrets(inURL: text)
    return 0
}

@main
enum Fuzz {
    static func main() { runFuzzer(fuzzRedactor) }
}
