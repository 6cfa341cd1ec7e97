/// What ``NumericParameter`` made of a number a request carries: a value within the bounds the
/// service allows, the nearest bound when the number is outside them, or nothing usable.
///
/// The reading says what was sent; the service decides what that means, as the real service
/// does: clamp it (Unsplash's `per_page`), take its default (reqres's `per_page=-3`) or refuse
/// the request with its own error body (imgix's `w=abc`).
enum NumericReading<Value: Comparable & Sendable>: Sendable, Equatable {
    /// The parameter is not there.
    case absent
    /// A number within the bounds.
    case valid(Value)
    /// A number below the bounds (`-1`, `-1e309`): the lower bound.
    case tooSmall(clampedTo: Value)
    /// A number above the bounds (`2^64`, `1e309`): the upper bound.
    case tooLarge(clampedTo: Value)
    /// Not a number of the kind asked for: `abc`, `NaN`, empty, `1.5` for a whole number.
    case malformed

    /// The number when it is within the bounds, else nil.
    var value: Value? {
        if case .valid(let value) = self { return value }
        return nil
    }

    /// Whether a value was sent at all, usable or not.
    var isPresent: Bool { self != .absent }

    /// The number, or the nearest bound when it is outside them; `fallback` when it is absent
    /// or not a number. How most services read paging parameters.
    func clamped(default fallback: Value) -> Value {
        switch self {
        case .valid(let value), .tooSmall(let value), .tooLarge(let value): value
        case .absent, .malformed: fallback
        }
    }

    /// The number, or the upper bound when it is above them; `fallback` when it is absent, not
    /// a number or below the bounds: for services where anything that is not a positive number
    /// means the default, and a huge one is simply past the end.
    func clampedAbove(default fallback: Value) -> Value {
        switch self {
        case .valid(let value), .tooLarge(let value): value
        case .absent, .malformed, .tooSmall: fallback
        }
    }
}
