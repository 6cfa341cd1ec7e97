import Glibc

/// The process environment, read from `environ` (the terminal layer does not need Foundation).
enum ProcessEnvironment {
    static func current() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let pair = String(cString: entry)
            if let separator = pair.firstIndex(of: "=") {
                result[String(pair[..<separator])] = String(pair[pair.index(after: separator)...])
            }
            pointer += 1
        }
        return result
    }
}
