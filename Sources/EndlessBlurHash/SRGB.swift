import Foundation

/// The sRGB transfer function, both ways, as BlurHash uses it: its DCT runs in linear light.
enum SRGB {
    /// A byte's linear value, 0...1: the 256 answers, computed once.
    static let toLinear: [Float] = toLinearExact.map(Float.init)
    /// The same in doubles, for the encoder.
    static let toLinearExact: [Double] = (0...255).map(linear(fromByte:))

    /// How finely ``fromLinearTable`` samples 0...1: fine enough that no byte differs from the
    /// exact curve by more than one level (the steepest part, near black, is 12.92 × 255 a unit).
    static let tableSteps = 8192

    /// The byte of each linear value `i / tableSteps`, rounded: a pixel costs three lookups
    /// instead of three `pow` calls.
    static let fromLinearTable: [UInt8] = (0...tableSteps).map { byte(fromLinear: Double($0) / Double(tableSteps)) }

    /// The linear value of an sRGB byte.
    static func linear(fromByte byte: Int) -> Double {
        let value = Double(byte) / 255
        return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// The sRGB byte of a linear value, clamped to 0...1 first (as the reference rounds it).
    static func byte(fromLinear linear: Double) -> UInt8 {
        let value = min(1, max(0, linear))
        let encoded = value <= 0.0031308 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
        return UInt8(min(255, max(0, (encoded * 255 + 0.5).rounded(.down))))
    }

    /// ``byte(fromLinear:)`` through the table.
    @inline(__always)
    static func fastByte(fromLinear linear: Float) -> UInt8 {
        let clamped = min(1, max(0, linear))
        return fromLinearTable[Int(clamped * Float(tableSteps) + 0.5)]
    }
}
