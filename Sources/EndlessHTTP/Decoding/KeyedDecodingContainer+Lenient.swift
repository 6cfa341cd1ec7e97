import Foundation

/// Tolerant reads for API clients: fields whose JSON type has varied across API versions, or that a
/// hand-edited body may get wrong. A value of an unexpected type reads as absent instead of
/// failing the whole page: one odd field should not cost the reader 5,000 people.
///
/// Each read makes one lookup in the common case (the expected type, or an absent key);
/// the fallbacks, which allocate an error first, only run for the rare odd value.
extension KeyedDecodingContainer {
    /// A string, or a number written as text (`1234` → `"1234"`); nil when absent, null or
    /// of another type.
    public func lenientString(_ key: Key) -> String? {
        do {
            return try decodeIfPresent(String.self, forKey: key)
        } catch {
            if let number = try? decode(Int.self, forKey: key) { return String(number) }
            if let number = try? decode(Double.self, forKey: key) { return String(number) }
            return nil
        }
    }

    /// An integer, or a string of decimal digits (`"7541"` → `7541`), or a whole double
    /// (`2.0` → `2`); nil when absent, null, fractional or of another type.
    public func lenientInt(_ key: Key) -> Int? {
        do {
            return try decodeIfPresent(Int.self, forKey: key)
        } catch {
            if let text = try? decode(String.self, forKey: key) {
                return Int(text.trimmingCharacters(in: .whitespaces))
            }
            if let number = try? decode(Double.self, forKey: key), number.rounded() == number {
                return Int(exactly: number)
            }
            return nil
        }
    }

    /// A nested value decoded with its own tolerant `init(from:)`; nil when absent or null.
    /// A nested value of an impossible shape (a string where an object belongs) is an error,
    /// with its coding path, except where a caller handles that shape itself.
    public func lenientObject<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        try decodeIfPresent(T.self, forKey: key)
    }
}
