/// An HTTP request method, such as `GET` or `POST`.
///
/// The client retries only idempotent methods (RFC 9110 §9.2.2): repeating a `POST` could
/// create a second order or send a second message.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method name as sent on the wire, upper-cased.
    public let rawValue: String

    /// Creates a method from its name; the name is upper-cased because methods are
    /// case-sensitive on the wire and every standard one is upper-case.
    ///
    /// - Parameter rawValue: The method name, for example `"GET"`.
    public init(rawValue: String) {
        self.rawValue = rawValue.uppercased()
    }

    /// `GET`: read a resource. Idempotent.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`: read a resource's headers only. Idempotent.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `POST`: submit data. Not idempotent, so never retried.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`: replace a resource. Idempotent.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`: modify a resource. Not idempotent, so never retried.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`: remove a resource. Idempotent.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `OPTIONS`: ask what a resource supports. Idempotent.
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2).
    public var isIdempotent: Bool {
        Self.idempotentNames.contains(rawValue)
    }

    /// The method name, for example `GET`.
    public var description: String { rawValue }

    private static let idempotentNames: Set<String> = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"]
}
