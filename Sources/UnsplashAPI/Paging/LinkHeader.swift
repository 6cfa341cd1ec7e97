import Foundation

/// A `Link` header (RFC 8288), read strictly: `<https://api.unsplash.com/photos?page=3>;
/// rel="next", <…?page=34>; rel="last"`. Unsplash pages with it: `first`, `prev`, `last` and
/// `next`, the last page without `next`.
public struct LinkHeader: Hashable, Sendable {
    /// One link: its target and relation types.
    public struct Link: Hashable, Sendable {
        /// The target, as written between `<` and `>`.
        public var target: String
        /// The relation types of `rel`, lower-cased (`rel="next last"` is two).
        public var relations: [String]
        /// Every parameter, names lower-cased, values unquoted.
        public var parameters: [String: String]
    }

    /// The links, in order.
    public var links: [Link]

    /// Reads a header value.
    /// - Parameter value: the header's value.
    /// - Throws: ``UnsplashError/malformedHeader(name:value:reason:)`` naming what is wrong.
    public init(parsing value: String) throws(UnsplashError) {
        var scanner = Scanner(bytes: Array(value.utf8), value: value)
        var links: [Link] = []
        // RFC 9110 lists: empty elements (`a, , b`, a trailing comma) are accepted and ignored.
        scanner.skipSeparators()
        while !scanner.isAtEnd {
            links.append(try scanner.link())
            scanner.skipWhitespace()
            if scanner.isAtEnd { break }
            try scanner.expect(UInt8(ascii: ","), "a comma between links")
            scanner.skipSeparators()
        }
        guard !links.isEmpty else { throw Scanner.malformed(value, "no link in it") }
        self.links = links
    }

    /// The first link with relation `relation`.
    public func link(_ relation: String) -> Link? {
        links.first { $0.relations.contains(relation.lowercased()) }
    }

    /// The `page` query item of the `relation` link, when it has a whole-number one.
    public func page(_ relation: String) -> Int? {
        guard let target = link(relation)?.target, let components = URLComponents(string: target) else { return nil }
        return components.queryItems?.last { $0.name == "page" }?.value.flatMap { Int($0) }
    }

    private struct Scanner {
        let bytes: [UInt8]
        let value: String
        var index = 0

        var isAtEnd: Bool { index >= bytes.count }

        static func malformed(_ value: String, _ reason: String) -> UnsplashError {
            .malformedHeader(name: "Link", value: value, reason: reason)
        }

        mutating func skipWhitespace() {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        }

        mutating func skipSeparators() {
            while index < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ",")].contains(bytes[index]) { index += 1 }
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws(UnsplashError) {
            guard index < bytes.count, bytes[index] == byte else {
                throw Self.malformed(value, "expected \(what) at character \(index + 1)")
            }
            index += 1
        }

        /// `<target>` then `; name=value` parameters.
        mutating func link() throws(UnsplashError) -> Link {
            try expect(UInt8(ascii: "<"), "'<' opening a link")
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                guard bytes[index] > 0x20, bytes[index] != UInt8(ascii: "<") else {
                    throw Self.malformed(value, "a space or '<' inside a link target at character \(index + 1)")
                }
                index += 1
            }
            guard index < bytes.count else { throw Self.malformed(value, "a link target without its closing '>'") }
            let target = String(decoding: bytes[start..<index], as: UTF8.self)
            guard !target.isEmpty else { throw Self.malformed(value, "an empty link target") }
            index += 1
            var parameters: [String: String] = [:]
            skipWhitespace()
            while index < bytes.count, bytes[index] == UInt8(ascii: ";") {
                index += 1
                skipWhitespace()
                let name = token().lowercased()
                guard !name.isEmpty else { throw Self.malformed(value, "a parameter without a name at character \(index + 1)") }
                skipWhitespace()
                var parameter = ""
                if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                    index += 1
                    skipWhitespace()
                    parameter = index < bytes.count && bytes[index] == UInt8(ascii: "\"") ? try quoted() : token()
                    guard !parameter.isEmpty else { throw Self.malformed(value, "\(name)= without a value") }
                }
                parameters[name] = parameters[name] ?? parameter  // RFC 8288: the first occurrence counts
                skipWhitespace()
            }
            guard let rel = parameters["rel"] else { throw Self.malformed(value, "a link without rel: <\(target)>") }
            let relations = rel.lowercased().split(separator: " ").map(String.init)
            guard !relations.isEmpty else { throw Self.malformed(value, "an empty rel") }
            return Link(target: target, relations: relations, parameters: parameters)
        }

        mutating func token() -> String {
            let start = index
            while index < bytes.count, Self.isTokenByte(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func quoted() throws(UnsplashError) -> String {
            index += 1
            var output: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: output, as: UTF8.self) }
                if byte == UInt8(ascii: "\\") {
                    guard index < bytes.count else { break }
                    output.append(bytes[index])
                    index += 1
                } else {
                    output.append(byte)
                }
            }
            throw Self.malformed(value, "a quoted value without its closing quote")
        }

        /// RFC 9110 token characters.
        static func isTokenByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
            }
        }
    }
}
