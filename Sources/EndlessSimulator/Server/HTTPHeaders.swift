/// An ordered list of header fields with case-insensitive lookup, as HTTP defines names.
struct HTTPHeaders: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    struct Field: Sendable, Equatable {
        var name: String
        var value: String
    }

    private(set) var fields: [Field] = []

    init() {}

    init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value of `name`, compared case-insensitively.
    subscript(name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Every value of `name`, in order.
    func values(_ name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// Whether two field names are equal ignoring ASCII case (names are tokens, so ASCII),
    /// without building lowercased copies: every request looks up several headers.
    static func sameName(_ a: String, _ b: String) -> Bool {
        let first = a.utf8
        let second = b.utf8
        guard first.count == second.count else { return false }
        for (x, y) in zip(first, second) where x != y {
            let lowerX = x >= UInt8(ascii: "A") && x <= UInt8(ascii: "Z") ? x | 0x20 : x
            let lowerY = y >= UInt8(ascii: "A") && y <= UInt8(ascii: "Z") ? y | 0x20 : y
            if lowerX != lowerY { return false }
        }
        return true
    }

    /// Whether a comma-separated header (Connection) lists `token`, case-insensitively.
    func containsToken(_ token: String, in name: String) -> Bool {
        values(name).contains { value in
            value.split(separator: ",").contains {
                $0.trimmingSpaces().lowercased() == token
            }
        }
    }

    mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field called `name` with one holding `value`.
    mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    mutating func remove(_ name: String) {
        fields.removeAll { Self.sameName($0.name, name) }
    }
}

extension Substring {
    /// Drops leading and trailing spaces and tabs (HTTP's optional whitespace).
    func trimmingSpaces() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
