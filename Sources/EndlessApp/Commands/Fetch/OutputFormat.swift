/// How `endless fetch` prints a feed's items.
public enum OutputFormat: String, Sendable, Equatable, CaseIterable {
    /// Aligned columns fitted to the terminal, for people to read.
    case table
    /// The API's own response as it was sent (keys, order, numbers), indented, for tools (`jq`).
    case json
    /// One item a line, each the JSON object the API sent for it, for streaming tools.
    case ndjson
    /// RFC 4180 CSV, for spreadsheets.
    case csv
}
