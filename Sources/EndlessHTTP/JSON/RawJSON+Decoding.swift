import Foundation

/// Reading typed models out of a value, and writing a model into one.
extension RawJSON {
    /// Decodes `type` from this value with `JSONDecoder`.
    /// - Parameter type: the model.
    /// - Returns: the model.
    /// - Throws: ``HTTPError/decoding(path:reason:snippet:)`` saying where the value's shape
    ///   was wrong, as an endpoint that decodes a body reports it.
    public func decode<Model: Decodable>(_ type: Model.Type) throws(HTTPError) -> Model {
        do {
            return try JSONDecoder().decode(type, from: bytes)
        } catch {
            throw HTTPError.decoding(error, body: bytes)
        }
    }

    /// Decodes `type` from a whole body with `JSONDecoder`, and keeps the body as sent.
    /// - Parameters:
    ///   - type: the model.
    ///   - body: the body.
    /// - Returns: the model, and the body as a value (nil in the rare case `JSONDecoder`
    ///   reads what this type refuses, such as a lone surrogate escape).
    /// - Throws: ``HTTPError/decoding(path:reason:snippet:)`` saying what was wrong.
    public static func decode<Model: Decodable>(_ type: Model.Type, from body: Data) throws(HTTPError) -> (model: Model, body: RawJSON?) {
        let model: Model
        do {
            model = try JSONDecoder().decode(type, from: body)
        } catch {
            throw HTTPError.decoding(error, body: body)
        }
        return (model, try? RawJSON(parsing: body))
    }

    /// An array of values, written as one.
    /// - Parameter elements: the values, in order.
    public init(array elements: [RawJSON]) {
        var bytes = Data(capacity: elements.reduce(2) { $0 + $1.bytes.count + 1 })
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(element.bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        self.init(trusted: bytes)
    }

    /// The value `JSONEncoder` writes for `model`, keys sorted (its own order is not the same
    /// from run to run): what a model made in code, rather than read from a service, stands for.
    /// - Parameter model: the model.
    /// - Throws: `EncodingError` when the model cannot be encoded (a non-finite number).
    public init(encoding model: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try self.init(parsing: try encoder.encode(model))
    }
}
