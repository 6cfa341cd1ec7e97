/// A noun for counts: `1 person`, `20 people`.
public struct Nouns: Hashable, Sendable {
    /// For one: `person`.
    public var singular: String
    /// For any other count: `people`.
    public var plural: String

    /// Creates the nouns.
    /// - Parameters:
    ///   - singular: for one.
    ///   - plural: for any other count.
    public init(_ singular: String, _ plural: String) {
        self.singular = singular
        self.plural = plural
    }

    /// `20 people`.
    public func count(_ count: Int) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }
}
