extension RandomUserQuery {
    /// How the service should generate passwords: which character sets, and how long.
    ///
    /// Sent as `password=upper,lower,8-16`. The service is lenient to the point of surprise
    /// (an unknown set name is skipped, a bad length becomes 8...64, the set order decides the
    /// alphabet), so the spec is checked here instead.
    public struct PasswordSpec: Sendable, Equatable {
        /// A character set the generator draws from.
        public enum CharacterSet: String, Sendable, Equatable, CaseIterable {
            /// The 33 ASCII punctuation characters, space included.
            case special
            /// `A`–`Z`.
            case upper
            /// `a`–`z`.
            case lower
            /// `0`–`9`.
            case number
        }

        /// The lengths the service accepts.
        public static let lengthLimits = 1...64
        /// What the service uses when no length is given.
        public static let defaultLength = 8...64

        /// The sets, in the order given: the service concatenates them in this order.
        public let characterSets: [CharacterSet]
        /// The length range; nil leaves it to the service (``defaultLength``).
        public let length: ClosedRange<Int>?

        /// Creates a password spec.
        /// - Parameters:
        ///   - characterSets: one or more sets; duplicates are dropped.
        ///   - length: a range within ``lengthLimits``, or nil for the default.
        /// - Throws: ``RandomUserQueryError/invalidPassword(_:reason:)`` with no set or a
        ///   length outside 1...64.
        public init(characterSets: [CharacterSet], length: ClosedRange<Int>? = nil) throws(RandomUserQueryError) {
            var sets: [CharacterSet] = []
            for set in characterSets where !sets.contains(set) { sets.append(set) }
            let text = Self.queryValue(sets, length)
            guard !sets.isEmpty else {
                throw .invalidPassword(text, reason: "no character set is named")
            }
            if let length, !Self.lengthLimits.contains(length.lowerBound) || !Self.lengthLimits.contains(length.upperBound) {
                throw .invalidPassword(text, reason: "the length must lie within 1-64")
            }
            self.characterSets = sets
            self.length = length
        }

        /// Reads `"upper,lower,8-16"`, `"number,5"` or `"special,upper"`.
        /// - Parameter text: set names, then optionally a length `N` or `MIN-MAX`.
        /// - Throws: ``RandomUserQueryError/invalidPassword(_:reason:)`` naming the bad part.
        public init(parsing text: String) throws(RandomUserQueryError) {
            var sets: [CharacterSet] = []
            var length: ClosedRange<Int>?
            let items = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0.trimmingSpaces) }
            for (index, item) in items.enumerated() {
                if let set = CharacterSet(rawValue: item.lowercased()) {
                    sets.append(set)
                } else if index == items.count - 1, let range = Self.parseLength(item) {
                    length = range
                } else if index == items.count - 1, item.first?.isNumber == true || item.first == "-" {
                    throw .invalidPassword(text, reason: "\"\(item)\" is not a length N or MIN-MAX with MIN ≤ MAX")
                } else {
                    throw .invalidPassword(
                        text, reason: "\"\(item)\" is not a character set (and only the last item may be a length)")
                }
            }
            try self.init(characterSets: sets, length: length)
        }

        /// The value of the `password` query item.
        public var queryValue: String { Self.queryValue(characterSets, length) }

        private static func queryValue(_ sets: [CharacterSet], _ length: ClosedRange<Int>?) -> String {
            var items = sets.map(\.rawValue)
            if let length {
                items.append(length.count == 1 ? "\(length.lowerBound)" : "\(length.lowerBound)-\(length.upperBound)")
            }
            return items.joined(separator: ",")
        }

        private static func parseLength(_ text: String) -> ClosedRange<Int>? {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            switch parts.count {
            case 1:
                guard let value = Int(parts[0]) else { return nil }
                return value...value
            case 2:
                guard let low = Int(parts[0]), let high = Int(parts[1]), low <= high else { return nil }
                return low...high
            default:
                return nil
            }
        }
    }
}
