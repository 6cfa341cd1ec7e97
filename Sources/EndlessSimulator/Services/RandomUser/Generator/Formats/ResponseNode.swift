/// A response as a value tree, in key order, for the formats that need to look ahead (csv
/// headers) or lay out by depth (pretty JSON, YAML, XML).
indirect enum ResponseNode: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case number(Double)
    case null
    /// JS `undefined` as a member value (LEGO's country).
    case undefined
    case object([Member])
    case array([ResponseNode])

    /// One key and its value.
    struct Member: Sendable, Equatable {
        var key: String
        var value: ResponseNode
    }

    /// The member named `key` of an object.
    subscript(key: String) -> ResponseNode? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}
