import Testing

@testable import EndlessTerminal

@Suite("Color depth")
struct ColorDepthTests {
    @Test(
        "detection from the environment",
        arguments: [
            ([:], ColorDepth.ansi16),
            (["TERM": "dumb"], .none),
            (["TERM": "dumb", "COLORTERM": "truecolor"], .none),
            (["NO_COLOR": "1", "COLORTERM": "truecolor", "TERM": "xterm-256color"], .none),
            (["NO_COLOR": "", "TERM": "xterm-256color"], .indexed256),
            (["COLORTERM": "truecolor", "TERM": "xterm"], .trueColor),
            (["COLORTERM": "24bit"], .trueColor),
            (["TERM": "xterm-direct"], .trueColor),
            (["TERM": "xterm-256color"], .indexed256),
            (["TERM": "screen-256color", "COLORTERM": "yes"], .indexed256),
            (["TERM": "xterm"], .ansi16),
            (["TERM": "linux"], .ansi16),
        ] as [([String: String], ColorDepth)])
    func detection(_ sample: ([String: String], ColorDepth)) {
        #expect(ColorDepth.detect(environment: sample.0) == sample.1)
    }

    @Test("RGB to the 256-color palette: cube or gray ramp, whichever is nearer")
    func to256() {
        #expect(Palette.nearest256(255, 0, 0) == 196)
        #expect(Palette.nearest256(0, 0, 0) == 16)
        #expect(Palette.nearest256(255, 255, 255) == 231)
        #expect(Palette.nearest256(128, 128, 128) == 244)
        #expect(Palette.nearest256(95, 135, 175) == 67)
        #expect(Palette.nearest256(30, 30, 30) == 234)
        for index in 16...255 {
            let (r, g, b) = Palette.rgb(ofIndex: UInt8(index))
            let back = Palette.rgb(ofIndex: Palette.nearest256(r, g, b))
            let exact = back == (r, g, b)
            #expect(exact || index >= 232, "index \(index)")
        }
    }

    @Test("RGB and palette colors to the 16 ANSI colors")
    func to16() {
        #expect(Palette.nearest16(255, 0, 0) == 9)
        #expect(Palette.nearest16(205, 0, 0) == 1)
        #expect(Palette.nearest16(0, 0, 238) == 4)
        #expect(Palette.nearest16(250, 250, 250) == 15)
        #expect(Palette.nearest16(10, 10, 10) == 0)
        #expect(ColorDepth.ansi16.downsample(.indexed(196)) == .ansi(9))
        #expect(ColorDepth.ansi16.downsample(.indexed(3)) == .ansi(3))
        #expect(ColorDepth.ansi16.downsample(.ansi(12)) == .ansi(12))
        #expect(ColorDepth.indexed256.downsample(.ansi(12)) == .ansi(12))
        #expect(ColorDepth.indexed256.downsample(.rgb(0, 0, 0)) == .indexed(16))
        #expect(ColorDepth.none.downsample(.rgb(1, 2, 3)) == .default)
        #expect(ColorDepth.trueColor.downsample(.rgb(1, 2, 3)) == .rgb(1, 2, 3))
    }
}
