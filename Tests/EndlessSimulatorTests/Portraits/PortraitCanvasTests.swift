import Testing

@testable import EndlessSimulator

@Suite("Portrait canvas")
struct PortraitCanvasTests {
    @Test(
        "8-bit pixels round halves away from zero and clamp, as rounded() did",
        arguments: [
            -3.0, -0.5, -0.0, 0, 0.25, 0.49999999999999994, 0.5, 1.5, 2.5, 3.4999999999999996, 3.5, 127.5, 128.5,
            200.49999999999997, 254.5, 254.50000000000003, 255, 255.4, 256, 1e9,
        ])
    func rounding(_ value: Double) {
        let canvas = PortraitCanvas(size: 1, background: .init(value, value, value))
        let expected = UInt8(max(0, min(255, value.rounded())))
        #expect(canvas.rgb == [expected, expected, expected])
    }
}
