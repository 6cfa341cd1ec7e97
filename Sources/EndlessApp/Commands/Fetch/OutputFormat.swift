/// How `endless fetch` prints a feed's items.
public enum OutputFormat: String, Sendable, Equatable, CaseIterable {
    /// Aligned columns fitted to the terminal, for people to read.
    case table
    /// The API's own response, pretty-printed, for tools (`jq`).
    case json
    /// One compact JSON item per line, with the API's own field names, for streaming tools.
    case ndjson
    /// RFC 4180 CSV, for spreadsheets.
    case csv
}
