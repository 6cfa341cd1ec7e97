/// How much of a row or column a layout slot takes.
public enum LayoutSize: Hashable, Sendable {
    /// Exactly this many cells (less only when the space runs out).
    case fixed(Int)
    /// A share of what is left after fixed slots and minimums, by weight, never below `min`
    /// unless the space runs out.
    case flexible(weight: Int, min: Int)

    /// A flexible slot of weight 1 with no minimum.
    public static let flexible = LayoutSize.flexible(weight: 1, min: 0)

    /// A flexible slot of weight 1 with a minimum.
    ///
    /// - Parameter minimum: the fewest cells it should get.
    /// - Returns: the slot.
    public static func atLeast(_ minimum: Int) -> LayoutSize { .flexible(weight: 1, min: minimum) }
}
