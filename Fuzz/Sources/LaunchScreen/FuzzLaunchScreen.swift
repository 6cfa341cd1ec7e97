// A launch screen read back from the cache folder (`screens/*.screen`), which anything on the
// machine can have written, and which is drawn before anything else: a snapshot may be
// refused, but must never crash, never put a control character in a cell (so never an escape
// sequence on the terminal), and what reads must write back as bytes that read as the same
// screen.
import EndlessTerminal
import FuzzDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLaunchScreen(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = Array(bytes(data, size))
    guard let screen = ScreenSnapshot.decode(input) else { return 0 }
    for cell in screen.cells {
        precondition(!cell.grapheme.unicodeScalars.contains(where: isControl), "a control character reached a cell")
    }
    let written = ScreenSnapshot.encode(screen)
    guard let again = ScreenSnapshot.decode(written, expecting: screen.size) else {
        preconditionFailure("a screen read from a snapshot does not read back from its own bytes")
    }
    precondition(again.cells == screen.cells, "a screen changed on its way back")
    return 0
}

/// C0, DEL and C1: what would start or end an escape sequence on a terminal.
private func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
}

@main
enum Fuzz {
    static func main() { runFuzzer(fuzzLaunchScreen) }
}
