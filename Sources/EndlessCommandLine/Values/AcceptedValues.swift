/// What an option's value may be: what shell completions offer and the manual page says,
/// read from the option's ``ValueParser``.
public enum AcceptedValues: Sendable, Equatable {
    /// Any text the parser accepts (a seed, a duration such as `300ms`).
    case text
    /// One of these words, e.g. `table`, `json`, `ndjson`, `csv`.
    case choices([String])
    /// A comma-separated list of these words, e.g. `--nat us,gb`.
    case list([String])
    /// A whole number in this range.
    case integers(ClosedRange<Int>)
    /// A number in this range (seconds may have a fraction: `2.5`).
    case numbers(ClosedRange<Double>)
    /// The path of a file.
    case file
    /// The path of a folder.
    case directory
    /// An absolute http or https URL.
    case url
}
