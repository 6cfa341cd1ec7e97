/// Builds a `ResponseNode` from the encoder's member stream.
struct ResponseTreeSink: ResponseSink {
    /// An open container; members and elements are appended in place (no copy per append).
    private struct Frame {
        var key: String?
        var isArray: Bool
        var members: [ResponseNode.Member] = []
        var elements: [ResponseNode] = []
    }

    private var frames: [Frame] = []
    /// The finished root.
    private(set) var root: ResponseNode = .null

    private mutating func add(_ key: String?, _ value: ResponseNode) {
        guard !frames.isEmpty else {
            root = value
            return
        }
        let top = frames.count - 1
        if frames[top].isArray {
            frames[top].elements.append(value)
        } else {
            frames[top].members.append(ResponseNode.Member(key: key ?? "", value: value))
        }
    }

    mutating func beginObject(_ key: StaticString?) {
        frames.append(Frame(key: key.map { "\($0)" }, isArray: false))
    }

    mutating func endObject() {
        guard let frame = frames.popLast() else { return }
        add(frame.key, .object(frame.members))
    }

    mutating func beginArray(_ key: StaticString) {
        frames.append(Frame(key: "\(key)", isArray: true))
    }

    mutating func endArray() {
        guard let frame = frames.popLast() else { return }
        add(frame.key, .array(frame.elements))
    }

    mutating func string(_ key: StaticString, _ utf8: some Collection<UInt8>) {
        add("\(key)", .string(String(decoding: utf8, as: UTF8.self)))
    }

    mutating func integer(_ key: StaticString, _ value: Int) {
        add("\(key)", .integer(value))
    }

    mutating func number(_ key: StaticString, _ value: Double) {
        add("\(key)", value == value.rounded() && value.magnitude < 1e15 ? .integer(Int(value)) : .number(value))
    }

    mutating func null(_ key: StaticString) {
        add("\(key)", .null)
    }

    mutating func undefined(_ key: StaticString) {
        add("\(key)", .undefined)
    }
}
