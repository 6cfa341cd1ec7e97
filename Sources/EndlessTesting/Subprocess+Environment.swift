extension Subprocess {
    /// The variables a child starts with: this process's (``inherited``) or none (``empty``),
    /// with some set or removed.
    ///
    /// ```swift
    /// let environment = Subprocess.Environment.inherited.setting(["HOME": home]).removing(["TMUX"])
    /// ```
    public struct Environment: Sendable, Equatable {
        /// The variables, by name.
        public var variables: [String: String]

        /// The variables in `variables`, and no others.
        public init(_ variables: [String: String]) {
            self.variables = variables
        }

        /// This process's variables, as they are now.
        public static var inherited: Environment {
            var variables: [String: String] = [:]
            for entry in currentEnvironment() {
                guard let equals = entry.firstIndex(of: "=") else { continue }
                variables[String(entry[..<equals])] = String(entry[entry.index(after: equals)...])
            }
            return Environment(variables)
        }

        /// No variables at all.
        public static let empty = Environment([:])

        /// These variables with `changes` added, replacing any of the same name.
        public func setting(_ changes: [String: String]) -> Environment {
            Environment(variables.merging(changes) { _, new in new })
        }

        /// These variables without `names`.
        public func removing(_ names: [String]) -> Environment {
            Environment(variables.filter { !names.contains($0.key) })
        }

        /// `NAME=value` entries, in order of name, for `posix_spawn`.
        var entries: [String] {
            variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        }
    }
}
